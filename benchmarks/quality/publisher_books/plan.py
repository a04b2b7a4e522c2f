"""A publisher-style book drawn at random from a seed: the conventions it uses (issue 36), its
fonts and heading styles, and its tree of headings (numbers, titles, bylines, body lengths).

Nothing here draws: `layout` places the plan on pages and `render` writes the PDF. Levels are
tree depths under the document root: front matter, parts and (without parts) chapters are 1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .words import person, roman, title

# each drawn with its own probability; "outline" / "sparse_outline" are decided apart
DRAWN = {
    "italic": 0.45,  # a heading level set in italic at body size
    "subset_weight": 0.4,  # the bold face embedded as a subset named "ABCDEF+MinionPro-Sb"
    "caps": 0.4,  # small-caps or all-caps headings at 85-95% of body size
    "larger_plain": 0.4,  # unbolded headings 4-12% larger than body
    "byline": 0.4,  # author and affiliation lines under chapter titles (cause G)
    "edited_contents": 0.45,  # edited volume: contents with author lines, wrapped titles (E)
    "legal": 0.4,  # numbering "§ 1 / A. / I. / 1. / a) / aa)" (H)
    "hanging_numbers": 0.35,  # numbers drawn as separate text objects after the body (B)
    "cropbox": 0.45,  # a 156 x 234 mm crop box inside the A4 media box (C)
    "list_of": 0.4,  # "List of Figures" entries in the contents, and the list pages (F)
    "repeated": 0.35,  # "Introduction" / "Conclusion" sections in every chapter (D)
}
STYLE_CONVENTIONS = ("subset_weight", "larger_plain", "caps", "italic")  # by prominence
LEGAL = ("A.", "I.", "1.", "a)", "aa)")  # section numbering below "§ n", by depth


@dataclass(frozen=True)
class Style:
    """How a heading level is set: font role ("regular", "italic", "bold"), size, case."""

    role: str
    size: float
    caps: str = ""  # "" | "all" | "small"
    above: float = 12.0
    below: float = 6.0


@dataclass
class Head:
    """A heading of the book: its truth level, kind, printed number and title, body lines."""

    level: int
    kind: str  # "front" | "part" | "chapter" | "section"
    number: str
    title: str
    depth: int = 0  # sections: 1 = a chapter's children
    lines: int = 0
    byline: str = ""
    affiliation: str = ""

    @property
    def printed(self) -> str:
        return f"{self.number} {self.title}".strip()


@dataclass
class Plan:
    seed: int
    conventions: set[str]
    family: str  # "Times" (standard 14 fonts) or an embedded family name ("MinionPro")
    heavy: str  # PostScript name of the embedded bold face ("MinionPro-Sb")
    body: float
    styles: dict[int, Style]  # section depth -> style
    chapter: Style
    label: str  # "" | "Chapter" | "CHAPTER": a label line above chapter titles
    title: str
    author: str
    target_pages: int
    outline: str  # "none" | "full" | "chapters"
    toc_depth: int  # contents lists sections down to this depth (0: chapters only)
    upper_folios: bool  # front matter folios in capital roman numerals
    page_on_author: bool  # edited contents: the page number on the author row
    split_part: bool  # "Part I" on its own contents row above the part title
    heads: list[Head] = field(default_factory=list)
    lists: list[str] = field(default_factory=list)

    @property
    def leading(self) -> float:
        return round(self.body * 1.3, 2)


def _conventions(rng: random.Random) -> set[str]:
    conv = {c for c, p in DRAWN.items() if rng.random() < p}
    while len(conv) < 3:
        conv.add(rng.choice(sorted(DRAWN)))
    if {"legal", "edited_contents"} <= conv:
        conv.discard(rng.choice(("legal", "edited_contents")))
    if "edited_contents" in conv:
        conv.add("byline")
    return conv


def _styles(rng: random.Random, conv: set[str], body: float, n_sec: int) -> dict[int, Style]:
    """Section styles by depth: the drawn style conventions take the deepest levels (in order
    of prominence), the levels above them bold at decreasing sizes."""
    heavy = "subset_weight" in conv  # keeps a bold first level near body size to show it
    drawn = [c for c in STYLE_CONVENTIONS[1:] if c in conv][: n_sec - heavy]
    for c in STYLE_CONVENTIONS[1:]:
        if c in conv and c not in drawn:
            conv.discard(c)  # not used: more style conventions than levels
    styles: dict[int, Style] = {}
    first = n_sec - len(drawn) + 1
    for d in range(1, first):
        styles[d] = Style("bold", round(body * (1.3 - 0.1 * (d - 1)), 1), above=16, below=8)
    if heavy:
        styles[1] = Style("bold", round(body * rng.uniform(1.0, 1.08), 2), above=14)
    for d, c in zip(range(first, n_sec + 1), drawn, strict=True):
        if c == "larger_plain":
            styles[d] = Style("regular", round(body * rng.uniform(1.04, 1.12), 2), above=14)
        elif c == "caps":
            size = round(body * rng.uniform(0.85, 0.95), 2)
            styles[d] = Style(rng.choice(("bold", "regular")), size, rng.choice(("all", "small")))
        else:
            styles[d] = Style("italic", body, above=10, below=4)
    for d in range(n_sec - 1, 0, -1):  # a level is never set smaller than the one below it
        if styles[d].size < styles[d + 1].size:
            styles[d] = replace(styles[d], size=styles[d + 1].size)
    return styles


def _number(scheme: str, depth: int, path: list[int]) -> str:
    """The printed number of a heading at `depth` (0 = chapter) given the counters `path`."""
    if scheme == "legal":
        if depth == 0:
            return f"§ {path[0]}"
        form, k = LEGAL[depth - 1], path[depth]
        if form == "A.":
            return f"{chr(64 + k)}."
        if form == "I.":
            return f"{roman(k).upper()}."
        return (
            f"{k}."
            if form == "1."
            else f"{chr(96 + k)})"
            if form == "a)"
            else chr(96 + k) * 2 + ")"
        )
    if scheme == "none" and depth:
        return ""
    if scheme == "per_chapter" and depth:
        return ".".join(str(k) for k in path[1:])
    return ".".join(str(k) for k in path)


def draw_plan(seed: int) -> Plan:
    """The plan of book `seed` (the same seed gives the same plan)."""
    rng = random.Random(seed)
    conv = _conventions(rng)
    body = rng.choice((9.5, 10.0, 10.5, 11.0))
    legal, edited = "legal" in conv, "edited_contents" in conv
    n_sec = rng.randint(3, 5) if legal else rng.randint(1, 3)
    fam = rng.choice(("MinionPro", "Sabon", "AGaramondPro", "Palatino"))
    family = fam if "subset_weight" in conv or rng.random() < 0.5 else "Times"
    outline = rng.choice(("none", "full", "full", "chapters"))
    conv |= {"outline"} if outline == "full" else {"sparse_outline"} if outline != "none" else set()
    big = rng.uniform(1.5, 2.1)
    plan = Plan(
        seed=seed,
        conventions=conv,
        family=family,
        heavy=f"{fam}-{rng.choice(('Sb', 'Smbd', 'Dm', 'Ttl'))}" if "subset_weight" in conv else "",
        body=body,
        styles=_styles(rng, conv, body, n_sec),
        chapter=Style(rng.choice(("bold", "bold", "regular")), round(body * big, 1), above=0),
        label="" if legal or edited else rng.choice(("", "Chapter", "CHAPTER")),
        title=title(rng, 3),
        author=person(rng),
        target_pages=rng.randint(20, 80),
        outline=outline,
        toc_depth=0 if edited else rng.randint(0, min(2, n_sec)),
        upper_folios=rng.random() < 0.3,
        page_on_author=rng.random() < 0.5,
        split_part=rng.random() < 0.5,
    )
    if "list_of" in conv:
        plan.lists = ["List of Figures"] + (["List of Tables"] if rng.random() < 0.5 else [])
    _tree(rng, plan, n_sec, "legal" if legal else rng.choice(("decimal", "per_chapter", "none")))
    return plan


def _tree(rng: random.Random, plan: Plan, n_sec: int, scheme: str) -> None:
    """Front matter, (parts,) chapters and sections, with body lengths summing to the target."""
    if scheme == "none" and "hanging_numbers" in plan.conventions:
        scheme = "decimal"
    parts = rng.random() < (0.5 if "edited_contents" in plan.conventions else 0.2)
    top = 2 if parts else 1
    heads = [Head(1, "front", "", rng.choice(("Preface", "Foreword", "Acknowledgements")))]
    heads[0].lines = rng.randint(15, 40)
    n_ch = rng.randint(3, max(3, plan.target_pages // 8))
    for ch in range(1, n_ch + 1):
        if parts and (ch == 1 or rng.random() < 0.3):
            n = sum(h.kind == "part" for h in heads) + 1
            heads.append(Head(1, "part", f"Part {roman(n).upper()}", title(rng)))
        head = Head(top, "chapter", _number(scheme, 0, [ch]), title(rng), lines=rng.randint(3, 12))
        if plan.label:
            head.number = f"{plan.label} {ch}"
        if "edited_contents" in plan.conventions and rng.random() < 0.6:
            head.title += f": {title(rng, 4)}"  # long enough to wrap in the contents
        if "byline" in plan.conventions:
            head.byline = person(rng) + (f" and {person(rng)}" if rng.random() < 0.3 else "")
            head.affiliation = f"University of {rng.choice(('Basel', 'Leeds', 'Ghent', 'Turku'))}"
        heads.append(head)
        _sections(rng, plan, heads, scheme, [ch], top, n_sec)
    total = sum(h.lines for h in heads)
    budget = plan.target_pages * 0.8 * 560 / plan.leading  # lines of the target pages
    for h in heads:
        h.lines = max(2, round(h.lines * budget / max(total, 1)))
    plan.heads = heads


def _sections(
    rng: random.Random,
    plan: Plan,
    heads: list[Head],
    scheme: str,
    path: list[int],
    top: int,
    n_sec: int,
) -> None:
    depth = len(path)
    if depth > n_sec:
        return
    n = rng.randint(2, 4) if depth == 1 else rng.choice((0, 0, 2, 3))
    titles = [title(rng) for _ in range(n)]
    if depth == 1 and "repeated" in plan.conventions:
        titles = ["Introduction", *titles, rng.choice(("Conclusion", "Notes", "Conclusions"))]
    for k, name in enumerate(titles, start=1):
        sub = [*path, k]
        heads.append(
            Head(
                top + depth,
                "section",
                _number(scheme, depth, sub),
                name,
                depth,
                rng.randint(4, 30),
            )
        )
        _sections(rng, plan, heads, scheme, sub, top, n_sec)
