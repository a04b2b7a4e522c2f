"""PDF text lines with their style: one pypdf `extract_text` pass per page, via `visitor_text`.

pypdf calls the visitor with every text chunk it emits (spaces and line breaks included), the
text matrix and CTM at the chunk's start, the font dictionary and the font size. We fold the
chunks into lines and keep, per line, only what heading detection needs: position, dominant
font size and face (`font_style`: identity, weight, slant), and the text. No per-glyph object
outlives its page.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from vectorless_assets.frontends.pdf.font_style import PLAIN, FontStyle, font_style
from vectorless_assets.frontends.pdf.tracking import TrackingJoiner

_WS = re.compile(r"[ \t\u00a0\u2000-\u200b\u3000]+")
JUMP = 0.8  # a chunk this many font sizes above or below the current line starts a new line
NARROW = 0.45  # a narrow estimate of the mean glyph width, in font sizes
_FOLIO = re.compile(r"^\d{1,4}\s*$")


@dataclass(slots=True)
class Line:
    """One text line of a page (reading order as in the content stream)."""

    page: int  # 0-based physical page index
    y: float  # baseline, PDF user space (bigger = higher on the page)
    x: float
    size: float  # dominant effective font size (points)
    bold: bool  # most characters are in a bold font
    text: str
    italic: bool = False
    sup: int = 0  # trailing characters that are a superscript marker (left out of titles)
    face: FontStyle = PLAIN  # the font of most of its characters

    @property
    def title_text(self) -> str:
        return self.text[: len(self.text) - self.sup].rstrip() if self.sup else self.text

    @property
    def style(self) -> tuple[float, bool, bool]:
        return (round(self.size * 2) / 2, self.bold, self.italic)


@dataclass(slots=True)
class PageLines:
    """The lines of one page plus its visible box (`bottom`, `height`: the trim box, else the
    crop box, else the media box; for header/footer zones)."""

    index: int
    height: float
    bottom: float
    lines: list[Line] = field(default_factory=list)
    has_images: bool = False


class _LineBuilder:
    """Accumulates visitor chunks into `Line`s."""

    def __init__(self, page: int) -> None:
        self.page = page
        self.lines: list[Line] = []
        self._parts: list[tuple[float, str]] = []
        self._sizes: list[float] = []
        self._weights: dict[tuple[float, FontStyle], int] = {}
        self._pos: tuple[float, float] | None = None
        # lowest and highest baseline of the line's upright chunks drawn where pypdf says
        # (None: the line began at an estimated position, or rotated)
        self._span: tuple[float, float] | None = None
        self._last_y = 0.0
        self._last_size = 10.0

    def add(
        self,
        text: str,
        y: float,
        x: float,
        size: float,
        face: FontStyle = PLAIN,
        upright: bool = True,
    ) -> None:
        """Add one visitor chunk drawn at (x, y); `upright`: its baseline runs left to right
        (a rotated chunk's neighbours along the line differ in y, so y says nothing there)."""
        if upright and self._span is not None and self._pos is not None and text.strip():
            em = max(size, max(self._sizes, default=0.0), 1.0)
            lo, hi = self._span
            if max(lo - y, y - hi) > JUMP * em:
                # drawn elsewhere on the page (the next cell of a column): a line of its own,
                # not the tail of the current one. Measured from the line's baseline range, not
                # its first chunk: a formula's fraction and subscripts stay on their line
                self.flush()
        pieces = text.split("\n")
        for k, piece in enumerate(pieces):
            if k > 0:
                self.flush()
                y -= self._last_size * 1.2  # a break inside one chunk: next line, position unknown
            if not piece:
                continue
            stripped = piece.strip()
            if stripped and self._pos is None:
                self._pos = (y, x)
                self._span = (y, y) if k == 0 and upright else None
            elif k == 0 and upright and self._gap_before(piece, x, size):
                piece = " " + piece
            if stripped and k == 0 and upright and self._span is not None:
                self._span = (min(self._span[0], y), max(self._span[1], y))
            self._parts.append((x if k == 0 else -1e9, piece))
            self._sizes.append(size)
            if stripped:
                key = (size, face)
                self._weights[key] = self._weights.get(key, 0) + len(stripped)

    def _gap_before(self, piece: str, x: float, size: float) -> bool:
        """True when a bare number is drawn well right of where the text since the last
        positioned chunk can end (a right-aligned page number after a title: "Financial Data"
        ... "18"; not the "508" drawn right after its own "(" in a table's column)."""
        if (
            self._pos is None
            or not _FOLIO.match(piece)
            or not self._parts
            or self._parts[-1][1][-1:].isspace()
        ):
            return False
        i = len(self._parts) - 1
        while i > 0 and self._parts[i][0] <= -1e9:
            i -= 1
        start = self._parts[i][0] if self._parts[i][0] > -1e9 else self._pos[1]
        chars = sum(len(p) for _, p in self._parts[i:])
        return size >= 0.8 * max(self._sizes) and x > start + NARROW * size * chars + 2 * size

    def flush(self) -> None:
        parts = self._parts
        if any(b[0] < a[0] - 1.0 and b[0] > -1e9 for a, b in zip(parts, parts[1:], strict=False)):
            # pieces drawn out of order (a list label after its text): left to right
            parts = sorted(parts, key=lambda p: p[0])
            text = " ".join(p[1].strip() for p in parts)
        else:
            text = "".join(p[1] for p in parts)
        text = _WS.sub(" ", text).strip()
        if text and self._pos is not None:
            size, face = _dominant(self._weights)
            sup = 0
            idx = [i for i, p in enumerate(parts) if p[1].strip()] if parts is self._parts else []
            if len(idx) > 1:
                last = parts[idx[-1]][1].strip()
                if len(last) <= 3 and self._sizes[idx[-1]] < 0.8 * size and text.endswith(last):
                    sup = len(last)  # a footnote marker in a smaller font ends the line
            self.lines.append(
                Line(
                    self.page,
                    self._pos[0],
                    self._pos[1],
                    size,
                    face.bold,
                    text,
                    face.italic,
                    sup,
                    face,
                )
            )
            self._last_y, self._last_size = self._pos[0], size or self._last_size
        self._parts = []
        self._sizes = []
        self._weights = {}
        self._pos = None
        self._span = None


def _dominant(weights: dict[tuple[float, FontStyle], int]) -> tuple[float, FontStyle]:
    """(size, face) of a line: size, weight, slant of most characters, then their main face."""
    style: dict[tuple[float, bool, bool], int] = {}
    for (size, face), n in weights.items():
        k = (size, face.bold, face.italic)
        style[k] = style.get(k, 0) + n
    best = max(style.items(), key=lambda kv: kv[1])[0]
    same = [kv for kv in weights.items() if (kv[0][0], kv[0][1].bold, kv[0][1].italic) == best]
    return max(same, key=lambda kv: kv[1])[0]


def page_lines(page: Any, index: int, font_cache: dict[int, FontStyle]) -> PageLines:
    """Extract the styled lines of one pypdf page (raises whatever pypdf raises)."""
    builder = _LineBuilder(index)
    bottom, height = visible_box(page)

    def visitor(text: str, cm: Any, tm: Any, font: Any, font_size: float) -> None:
        if not text:
            return
        # position and scale of the chunk: text matrix times CTM
        a, b, c, d, e, f = (float(v) for v in tm)
        ca, cb, cc, cd, ce, cf = (float(v) for v in cm)
        x = e * ca + f * cc + ce
        y = e * cb + f * cd + cf
        scale = math.hypot(c * ca + d * cc, c * cb + d * cd)
        size = abs(float(font_size or 0.0)) * (scale or 1.0)
        if not 0.5 <= size <= 500:
            size = 0.0
        upright = abs(a * cb + b * cd) <= abs(a * ca + b * cc)  # baseline direction of tm x cm
        builder.add(text, y, x, round(size, 1), font_style(font, font_cache), upright)

    text = page.extract_text(visitor_text=visitor, visitor_operand_before=TrackingJoiner(page))
    builder.flush()
    lines = builder.lines
    if not lines and text.strip():  # visitor saw nothing usable: keep pypdf's plain text
        lines = [
            Line(index, bottom + height - 12.0 * i, 0.0, 0.0, False, t.strip())
            for i, t in enumerate(text.splitlines())
            if t.strip()
        ]
    return PageLines(
        index=index,
        height=height,
        bottom=bottom,
        lines=lines,
        has_images=_has_images(page),
    )


def visible_box(page: Any) -> tuple[float, float]:
    """(bottom, height) of what a reader sees of the page: the trim box (pypdf falls back to the
    crop box, then the media box) clipped to the media box. A book typeset on a 6x9in page
    inside an A4 sheet declares the small page as its crop or trim box: its running heads sit
    near that box's edge, far inside the media box's margins."""
    media = page.mediabox
    try:
        trim = page.trimbox
        lo = max(float(trim.bottom), float(media.bottom))
        hi = min(float(trim.top), float(media.top))
    except Exception:  # noqa: BLE001 - a malformed box falls back to the media box
        lo, hi = float(media.bottom), float(media.top)
    if hi - lo < 36:  # degenerate or disjoint: trust the media box
        lo, hi = float(media.bottom), float(media.top)
    return lo, (hi - lo) or 792.0


def _has_images(page: Any) -> bool:
    try:
        res = page.get("/Resources")
        res = res.get_object() if res is not None else None
        xobjs = res.get("/XObject") if res is not None else None
        if xobjs is None:
            return False
        for ref in xobjs.get_object().values():
            if ref.get_object().get("/Subtype") == "/Image":
                return True
    except Exception:  # noqa: BLE001
        return False
    return False
