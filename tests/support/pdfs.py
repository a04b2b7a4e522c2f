"""PDFs for the tests, written with reportlab: pages of headings and paragraphs, with an
optional outline, running header and footer, title and encryption."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

W, H = A4


@dataclass
class Block:
    """A heading (level >= 1) or a body paragraph (level 0) to draw."""

    text: str
    level: int = 0
    outline: str | None = None  # outline title (defaults to text) when the PDF gets one
    size: float | None = None  # a heading's font size (default: SIZES by level)
    bold: bool = False  # a body paragraph in bold body-size type (a weak heading line)
    bookmark: bool = True  # a heading gets an outline entry (when the PDF has an outline)


@dataclass
class Spec:
    pages: list[list[Block]]
    outline: bool = True
    header: str | None = "ACME Field Manual - internal"
    footer: bool = True
    meta_title: str | None = None
    encrypt: str | None = None  # reportlab (RC4) user password
    extra: dict = field(default_factory=dict)


SIZES = {1: 18, 2: 14, 3: 12}


def make_pdf(spec: Spec) -> bytes:
    """Draw the blocks top-down, one list per page, with running header/footer and outline."""
    buf = io.BytesIO()
    kwargs = {}
    if spec.encrypt is not None:
        from reportlab.lib.pdfencrypt import StandardEncryption

        kwargs["encrypt"] = StandardEncryption(spec.encrypt, ownerPassword="owner", canPrint=1)
    c = canvas.Canvas(buf, pagesize=A4, **kwargs)
    if spec.meta_title:
        c.setTitle(spec.meta_title)
    n = 0
    for pno, blocks in enumerate(spec.pages, start=1):
        if spec.header:
            c.setFont("Helvetica", 8)
            c.drawString(72, H - 40, spec.header)
        if spec.footer:
            c.setFont("Helvetica", 8)
            c.drawString(W / 2, 30, f"Page {pno}")
        y = H - 90
        for b in blocks:
            if b.level:
                size = b.size or SIZES.get(b.level, 11)
                c.setFont("Helvetica-Bold", size)
                y -= size * 0.8
                c.drawString(72, y, b.text)
                if spec.outline and b.bookmark:
                    key = f"k{n}"
                    n += 1
                    c.bookmarkHorizontal(key, 0, y + size + 2)
                    c.addOutlineEntry(b.outline or b.text, key, level=b.level - 1)
                y -= size * 1.6
            else:
                c.setFont("Helvetica-Bold" if b.bold else "Helvetica", 10)
                for line in b.text.split("\n"):
                    c.drawString(72, y, line)
                    y -= 13
                y -= 8
        c.showPage()
    c.save()
    return buf.getvalue()


def book_page(c: canvas.Canvas, title: str | None, line: str, folio: str | None) -> None:
    """One page of a generated book: a bold 18 pt title (if any), 30 body lines of `line`, the
    printed page number `folio` centred at the foot (if any)."""
    y = H - 100
    if title:
        c.setFont("Helvetica-Bold", 18)
        c.drawString(72, y, title)
        y -= 40
    c.setFont("Helvetica", 10)
    for _ in range(30):
        c.drawString(72, y, line)
        y -= 14
    if folio:
        c.drawCentredString(W / 2, 40, folio)
    c.showPage()


def contents_page(c: canvas.Canvas, rows: list[tuple[str, str]], folio: str) -> None:
    """A "Contents" page: one row per (title, printed page), the page flush right."""
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, H - 100, "Contents")
    c.setFont("Helvetica", 11)
    y = H - 140
    for title, page in rows:
        c.drawString(72, y, title)
        c.drawRightString(W - 72, y, page)
        y -= 20
    c.setFont("Helvetica", 10)
    c.drawCentredString(W / 2, 40, folio)
    c.showPage()
