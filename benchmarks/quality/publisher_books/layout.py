"""Pages of a generated book as drawing operations: the flow of chapter openings, headings and
body lines down the text frame, with the ground truth (heading, level, page) it places.

An operation is (kind, role, size, x, y, text), kind "text", "right", "centre" or "small" (small
capitals: the text's capitals at `size`, its other letters as capitals at 78%). A page's `late`
operations are drawn after its body (hanging numbers as separate text objects, cause B)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4

from .fonts import caps, fonts, width
from .plan import Head, Plan, Style
from .words import FILLER

W, H = A4
TRIM = (442.0, 663.0)  # 156 x 234 mm
Op = tuple[str, str, float, float, float, str]


@dataclass(frozen=True)
class Geometry:
    """The page as trimmed (the crop box, else the A4 media box) and its text frame."""

    box: tuple[float, float, float, float]
    margin: float

    @property
    def left(self) -> float:
        return self.box[0] + self.margin

    @property
    def right(self) -> float:
        return self.box[2] - self.margin

    @property
    def top(self) -> float:
        return self.box[3] - self.margin - 10

    @property
    def bottom(self) -> float:
        return self.box[1] + self.margin

    @staticmethod
    def of(plan: Plan) -> Geometry:
        if "cropbox" in plan.conventions:
            x0, y0 = (W - TRIM[0]) / 2, (H - TRIM[1]) / 2
            return Geometry((x0, y0, x0 + TRIM[0], y0 + TRIM[1]), 50.0)
        return Geometry((0.0, 0.0, W, H), 72.0)


@dataclass
class Page:
    running: str | None  # the recto running head (None: an opening page, folio at the foot)
    ops: list[Op] = field(default_factory=list)
    late: list[Op] = field(default_factory=list)
    marks: list[tuple[str, int, float]] = field(default_factory=list)  # outline entries


@dataclass
class Flow:
    """Places blocks down the frame, opening pages as needed; `truth` holds each heading
    placed and its page's index in `pages`."""

    plan: Plan
    geo: Geometry
    rng: random.Random
    pages: list[Page] = field(default_factory=list)
    truth: list[tuple[Head, int]] = field(default_factory=list)
    y: float = 0.0
    running: str | None = None

    def __post_init__(self) -> None:
        self.font = fonts(self.plan)

    def new_page(self, opening: bool = False) -> Page:
        self.pages.append(Page(None if opening else self.running))
        self.y = self.geo.top
        return self.pages[-1]

    def put(
        self, kind: str, role: str, size: float, x: float, text: str, late: bool = False
    ) -> None:
        page = self.pages[-1]
        (page.late if late else page.ops).append((kind, role, size, x, self.y, text))

    def mark(self, head: Head, size: float) -> None:
        """Record `head` as a true heading on the current page (and an outline entry)."""
        self.truth.append((head, len(self.pages) - 1))
        outline = self.plan.outline == "full" or head.kind != "section"
        if self.plan.outline != "none" and outline:
            self.pages[-1].marks.append((head.printed, head.level, self.y + size + 2))

    def wrap(self, text: str, role: str, size: float, limit: float) -> list[str]:
        lines: list[str] = []
        for word in text.split():
            if lines and width(f"{lines[-1]} {word}", self.font[role], size) <= limit:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    def body(self, n: int) -> None:
        """`n` lines of body text in paragraphs, first lines indented."""
        size, lead = self.plan.body, self.plan.leading
        chars = int((self.geo.right - self.geo.left) / (size * 0.5))
        left = n
        while left > 0:
            para = min(left, self.rng.randint(3, 9))
            left -= para
            for i in range(para):
                if self.y - lead < self.geo.bottom:
                    self.new_page()
                self.y -= lead
                words: list[str] = []
                limit = chars if i < para - 1 else self.rng.randint(chars // 4, chars)
                while sum(len(w) + 1 for w in words) < limit - 8:
                    words.append(self.rng.choice(FILLER))
                self.put(
                    "text", "regular", size, self.geo.left + (12 if i == 0 else 0), " ".join(words)
                )
            self.y -= lead * 0.3

    def heading(self, head: Head, style: Style) -> None:
        """A section heading: space above, number and title (the number hanging in the margin as
        a late text object under "hanging_numbers"), kept with two body lines."""
        need = style.above + style.size * 1.3 + style.below + 2 * self.plan.leading
        if self.y - need < self.geo.bottom:
            self.new_page()
        elif self.y < self.geo.top:
            self.y -= style.above
        hanging = "hanging_numbers" in self.plan.conventions and head.number
        text = head.title if hanging else head.printed
        self.y -= style.size * 1.1
        kind = "small" if style.caps == "small" else "text"
        self.put(
            kind,
            style.role,
            style.size,
            self.geo.left,
            caps(text, style.caps) if kind == "text" else text,
        )
        if hanging:
            x = self.geo.left - width(head.number, self.font[style.role], style.size) - 10
            self.put("text", style.role, style.size, x, head.number, late=True)
        self.mark(head, style.size)
        self.y -= style.below

    def opening(self, head: Head, style: Style, label: str = "") -> None:
        """A chapter (or front matter) opening page: sunk title, optional label line above,
        byline and affiliation under it (cause G)."""
        self.running = head.title
        self.new_page(opening=True)
        self.y -= 60
        hanging = "hanging_numbers" in self.plan.conventions and head.number and not label
        if label:
            self.y -= self.plan.body * 1.4
            self.put("text", "regular", round(self.plan.body * 1.3, 1), self.geo.left, label)
            self.y -= 10
        title = head.title if label or hanging else head.printed
        lines = self.wrap(
            caps(title, style.caps), style.role, style.size, self.geo.right - self.geo.left
        )
        for i, line in enumerate(lines):
            self.y -= style.size * 1.2
            if i == 0:
                self.mark(head, style.size)
                if hanging:
                    x = self.geo.left - width(head.number, self.font[style.role], style.size) - 12
                    self.put("text", style.role, style.size, x, head.number, late=True)
            self.put("text", style.role, style.size, self.geo.left, line)
        if head.byline:
            self.y -= self.plan.body * 2.2
            self.put("text", "italic", self.plan.body * 1.1, self.geo.left, head.byline)
            self.y -= self.plan.body * 1.3
            self.put(
                "text", "italic", round(self.plan.body * 0.85, 2), self.geo.left, head.affiliation
            )
        self.y -= 36

    def part(self, head: Head) -> None:
        """A part title page: "Part I" and the title centred, nothing else."""
        self.running = None
        self.new_page(opening=True)
        mid = (self.geo.left + self.geo.right) / 2
        self.y = (self.geo.top + self.geo.bottom) / 2 + 60
        size = self.plan.chapter.size
        self.put("centre", "regular", size, mid, head.number)
        self.mark(head, size)
        self.y -= size * 1.8
        self.put("centre", self.plan.chapter.role, size, mid, head.title)


def flow_heads(plan: Plan, geo: Geometry, heads: list[Head], seed: int) -> Flow:
    """Lay out `heads` (front matter or the body) from a fresh page."""
    flow = Flow(plan, geo, random.Random(seed))
    for head in heads:
        if head.kind == "part":
            flow.part(head)
            continue
        if head.kind == "section":
            flow.heading(head, plan.styles[head.depth])
        else:
            label = head.number if plan.label and head.kind == "chapter" else ""
            flow.opening(head, plan.chapter, label)
        flow.body(head.lines)
    return flow
