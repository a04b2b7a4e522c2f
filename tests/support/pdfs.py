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


@dataclass
class QuietStyle:
    """How a generated book sets its section headings (body text: `body_font` 10 pt on a
    13 pt leading; chapters: Times-Bold 16 pt). `upper`: headings in capitals; `numbered`:
    "1.2 Title" sections under "1 Title" chapters."""

    font: str = "Times-Italic"
    size: float = 10.0
    body_font: str = "Times-Roman"
    upper: bool = False
    numbered: bool = False
    byline: bool = False  # an italic author line and an 8 pt affiliation under each chapter
    lower: bool = False  # paragraphs open in lower case, their first line indented 12 pt


CHAPTER_TITLES = ["Origins of the survey", "Results and their reading", "What comes next"]
SECTION_TITLES = [
    "Scope of the study",
    "Sources and methods",
    "Findings in brief",
    "Regional differences",
    "Open questions",
    "Further reading",
]
BODY_LINE = (
    "The committee reviewed the findings of the {} survey and agreed on the next steps for the team"
)
BODY_END = "as recorded in the minutes of that meeting."
WORDS = ["coastal", "upland", "urban", "rural", "northern", "southern", "eastern", "western"]


def paragraph(
    c: canvas.Canvas,
    y: float,
    font: str = "Times-Roman",
    lines: int = 4,
    word: str = "annual",
    lower: bool = False,
) -> float:
    """A body paragraph of `lines` lines (the last one short) at `y`, about the `word`
    survey (vary it from page to page: a line recurring at the top of pages is a running
    head); `lower`: it opens in lower case, its first line indented 12 pt. Returns the
    next y."""
    c.setFont(font, 10)
    for k in range(lines):
        text = BODY_LINE.format(word) if k < lines - 1 else BODY_END
        if lower and k == 0:
            c.drawString(84, y, text[0].lower() + text[1:])
        else:
            c.drawString(72, y, text)
        y -= 13
    return y - 4


def quiet_book(style: QuietStyle) -> tuple[bytes, list[tuple[str, int]]]:
    """Three chapters of two pages; each page holds three sections (heading in `style`, 10 pt
    of extra space above it and 3 pt below, two paragraphs). Returns the PDF and the
    (title, level) of every heading in order."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    truth: list[tuple[str, int]] = []
    for ch, name in enumerate(CHAPTER_TITLES, start=1):
        chapter = f"{ch} {name}" if style.numbered else name
        truth.append((chapter, 1))
        for page in range(2):
            y = H - 90
            if page == 0:
                c.setFont("Times-Bold", 16)
                c.drawString(72, y, chapter)
                if style.byline:
                    c.setFont("Times-Italic", 10)
                    c.drawString(72, y - 22, ["Anna Hewko", "Kavita Jain", "John Beebe"][ch - 1])
                    c.setFont("Times-Roman", 8)
                    c.drawString(
                        72, y - 32, ["University of Leeds", "Trinity College", "ETH"][ch - 1]
                    )
                    y -= 20
                y -= 40
            for s in range(3):
                # each chapter starts elsewhere in the list: no title opens two pages
                title = SECTION_TITLES[(ch + page * 3 + s) % len(SECTION_TITLES)]
                if style.numbered:
                    title = f"{ch}.{page * 3 + s + 1} {title}"
                if style.upper:
                    title = title.upper()
                truth.append((title, 2))
                y -= 10
                c.setFont(style.font, style.size)
                c.drawString(72, y, title)
                y -= 16
                word = WORDS[c.getPageNumber() % len(WORDS)]
                y = paragraph(c, y, style.body_font, word=word, lower=style.lower)
                y = paragraph(c, y, style.body_font, word=word, lower=style.lower)
            c.setFont(style.body_font, 9)
            c.drawCentredString(W / 2, 40, str(c.getPageNumber()))
            c.showPage()
    c.save()
    return buf.getvalue(), truth


def rename_fonts(data: bytes, names: dict[str, str]) -> bytes:
    """The PDF with each font whose /BaseFont contains a key of `names` renamed to its value
    (in the font and its descriptor) and its ForceBold flag cleared: a subset font whose
    weight only its name (or nothing) tells."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, NumberObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            old = str(font.get("/BaseFont", ""))
            new = next((v for k, v in names.items() if k in old), None)
            if new is None:
                continue
            font[NameObject("/BaseFont")] = NameObject(f"/{new}")
            desc = font.get("/FontDescriptor")
            if desc is not None:
                desc = desc.get_object()
                desc[NameObject("/FontName")] = NameObject(f"/{new}")
                flags = int(desc.get("/Flags", 0)) & ~(1 << 18)
                desc[NameObject("/Flags")] = NumberObject(flags)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_decimal_page_labels(data: bytes, start: int) -> bytes:
    """`data` with /PageLabels numbering every page in decimal from `start` (pypdf)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.set_page_label(0, len(writer.pages) - 1, style="/D", start=start)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
