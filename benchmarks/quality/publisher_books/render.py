"""Write a generated book's pages as a PDF with reportlab (invariant: the same pages give the
same bytes): the body operations, running heads and folios, the late operations (hanging
numbers drawn after the page body), the outline, and the crop box inside the A4 media box."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from .fonts import fonts
from .layout import Geometry, Op, Page
from .plan import Plan


def _small_caps(c: canvas.Canvas, font: str, size: float, x: float, y: float, text: str) -> None:
    """One text object: capitals (and non-letters) at `size`, lower-case letters as capitals
    at 78% of it."""
    t = c.beginText(x, y)
    runs: list[tuple[bool, str]] = []
    for ch in text:
        small = ch.islower()
        if runs and runs[-1][0] == small:
            runs[-1] = (small, runs[-1][1] + ch)
        else:
            runs.append((small, ch))
    for small, run in runs:
        t.setFont(font, round(size * 0.78, 2) if small else size)
        t.textOut(run.upper())
    c.drawText(t)


def _draw(c: canvas.Canvas, font: dict[str, str], op: Op) -> None:
    kind, role, size, x, y, text = op
    if kind == "small":
        _small_caps(c, font[role], size, x, y, text)
        return
    c.setFont(font[role], size)
    draw = {"text": c.drawString, "right": c.drawRightString, "centre": c.drawCentredString}
    draw[kind](x, y, text)


def _furniture(
    c: canvas.Canvas,
    plan: Plan,
    geo: Geometry,
    font: dict[str, str],
    i: int,
    page: Page,
    folio: str | None,
) -> None:
    """Running head (verso: the book title, recto: the chapter) and folio: in the running
    head's outer corner, or centred at the foot (opening pages always at the foot)."""
    size = round(plan.body * 0.85, 2)
    y = geo.top + 24
    verso = i % 2 == 1  # physical page i + 1 is even
    in_head = page.running is not None and plan.seed % 3 != 0
    if page.running is not None:
        c.setFont(font["italic"], size)
        c.drawCentredString((geo.left + geo.right) / 2, y, plan.title if verso else page.running)
    if folio is None:
        return
    c.setFont(font["regular"], size)
    if not in_head:
        c.drawCentredString((geo.left + geo.right) / 2, geo.bottom - 24, folio)
    elif verso:
        c.drawString(geo.left, y, folio)
    else:
        c.drawRightString(geo.right, y, folio)


def render(plan: Plan, geo: Geometry, pages: list[Page], folios: list[str | None]) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    if "cropbox" in plan.conventions:
        c.setCropBox(geo.box)
    font = fonts(plan)
    n = 0
    for i, (page, folio) in enumerate(zip(pages, folios, strict=True)):
        _furniture(c, plan, geo, font, i, page, folio)
        for op in page.ops:
            _draw(c, font, op)
        for op in page.late:
            _draw(c, font, op)
        for title, level, y in page.marks:
            key = f"h{n}"
            n += 1
            c.bookmarkHorizontal(key, 0, y)
            c.addOutlineEntry(title, key, level=level - 1)
        c.showPage()
    c.save()
    return buf.getvalue()
