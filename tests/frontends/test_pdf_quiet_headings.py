"""Headings set in styles that differ from body text only a little (issue 36, cause A).

Books written here with reportlab set their section headings at body size in italic only, in
a semibold face whose subset name abbreviates its weight (`ABCDEF+MinionPro-Sb`) or does not
name it at all (only the descriptor's /StemV tells), in bold or capitals at 90% of body
size, in roman type 8% larger than body text, or marked by their number alone. Each is found
at level 2 under the 16 pt chapter titles, also where paragraphs open in lower case with an
indented first line (the indent, not a capital, says a paragraph starts). Italic emphasis
inside paragraphs, an italic block quote and italic captions (with as much space below as
above) stay body text; so do bold names over their smaller job titles (a staff list); and
stems are compared within the body's family only (wider lowercase glyphs tell there when the
stems do not).
"""

from __future__ import annotations

import io

import pytest
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from tests.support.pdfs import (
    SECTION_TITLES,
    QuietStyle,
    paragraph,
    quiet_book,
    rename_fonts,
)
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.font_style import font_style, heavier
from vectorless_assets.options import CompileOptions

W, H = A4
DEJAVU = "/usr/share/fonts/truetype/dejavu/"


def _headings(data: bytes) -> list[tuple[str, int]]:
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    return [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1]


@pytest.mark.parametrize(
    "style",
    [
        QuietStyle(font="Times-Italic"),  # body size, italic only
        QuietStyle(font="Helvetica-Bold", size=9.0),  # bold at 90% of body size
        QuietStyle(font="Times-Roman", size=9.0, upper=True),  # capitals at 90%
        QuietStyle(font="Times-Roman", size=10.8),  # roman, 8% larger
        QuietStyle(font="Times-Roman", numbered=True),  # marked by the number alone
        QuietStyle(font="Times-Italic", byline=True),  # an italic byline is not a heading
        QuietStyle(font="Times-Italic", lower=True),  # paragraphs open indented, lower case
    ],
    ids=[
        "italic",
        "small-bold",
        "small-caps",
        "larger-roman",
        "number-only",
        "byline",
        "italic-over-lowercase",
    ],
)
def test_quiet_heading_styles_are_headings_below_the_chapters(style: QuietStyle) -> None:
    data, truth = quiet_book(style)
    assert _headings(data) == truth


def _semibold_book(head_name: str) -> tuple[bytes, list[tuple[str, int]]]:
    pdfmetrics.registerFont(TTFont("QuietBody", DEJAVU + "DejaVuSerif.ttf"))
    pdfmetrics.registerFont(TTFont("QuietHead", DEJAVU + "DejaVuSerif-Bold.ttf"))
    data, truth = quiet_book(QuietStyle(font="QuietHead", body_font="QuietBody"))
    names = {"DejaVuSerif-Bold": f"ABCDEF+{head_name}", "DejaVuSerif": "ABCDEF+MinionPro-Regular"}
    return rename_fonts(data, names), truth


@pytest.mark.parametrize("head_name", ["MinionPro-Sb", "MinionPro-Display"])
def test_a_semibold_face_named_by_abbreviation_or_not_at_all_sets_headings(
    head_name: str,
) -> None:
    """`-Sb` names the weight; "Display" does not, there the descriptor's /StemV (165 against
    the body face's 87) tells."""
    data, truth = _semibold_book(head_name)
    assert _headings(data) == truth


def _simple_font(name: str, lower_width: float, stem: int = 80) -> DictionaryObject:
    widths = ArrayObject(FloatObject(lower_width) for _ in range(97, 123))
    desc = DictionaryObject({NameObject("/StemV"): NumberObject(stem)})
    return DictionaryObject(
        {
            NameObject("/BaseFont"): NameObject(f"/ABCDEF+{name}"),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
            NameObject("/FirstChar"): NumberObject(97),
            NameObject("/Widths"): widths,
            NameObject("/FontDescriptor"): desc,
        }
    )


def test_wider_lowercase_glyphs_of_the_same_family_are_a_heavier_weight() -> None:
    """Stems equal (a producer writing one /StemV for every face): the glyph widths tell."""
    body = font_style(_simple_font("Garamond-Regular", 480), {})
    head = font_style(_simple_font("Garamond-Display", 520), {})
    other = font_style(_simple_font("Futura-Book", 560), {})
    assert (body.width, head.width) == (480, 520)
    assert heavier(head, body)
    assert not heavier(body, head)
    assert not heavier(other, body)  # another family: widths say nothing about weight


def test_italic_emphasis_quotes_and_captions_are_not_headings() -> None:
    """Paragraphs with italic phrases, a three-line italic block quote, and two italic
    captions under figures (as much space below as above) around bold 12 pt headings."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    truth = []
    for page in range(2):
        y = H - 90
        for s in range(2):
            title = SECTION_TITLES[page * 2 + s]
            truth.append((title, 1))
            c.setFont("Helvetica-Bold", 12)
            c.drawString(72, y, title)
            y = paragraph(c, y - 20, lines=6)
            c.setFont("Times-Roman", 10)
            c.drawString(72, y, "The survey was")
            c.setFont("Times-Italic", 10)
            c.drawString(140, y, "Forecasts of Regional Demand")
            c.setFont("Times-Roman", 10)
            c.drawString(275, y, "and it covered every district of the northern province.")
            y = paragraph(c, y - 13, lines=5)
            if s == 0:
                y -= 10
                c.setFont("Times-Italic", 10)
                for quote in ("Whatever the district, the answer was the same", "kind of answer,"):
                    c.drawString(100, y, quote)
                    y -= 13
                c.drawString(100, y, "said one of the surveyors.")
                y = paragraph(c, y - 23, lines=4)
            else:
                c.rect(72, y - 80, 200, 80)
                y -= 100
                c.setFont("Times-Italic", 10)
                c.drawString(72, y, f"Harbour of the northern district, view {page + 1}")
                y = paragraph(c, y - 20, lines=6)
        c.showPage()
    c.save()
    assert _headings(buf.getvalue()) == truth


def test_stems_of_another_family_say_nothing_about_weight() -> None:
    """A producer's Arial with /StemV 346 beside Times at 153 is not a bold Arial."""
    times = font_style(_simple_font("TimesNewRoman", 440, stem=153), {})
    arial = font_style(_simple_font("ArialMT", 500, stem=346), {})
    demi = font_style(_simple_font("TimesNewRoman-Display", 440, stem=230), {})
    assert not heavier(arial, times)
    assert heavier(demi, times)


STAFF = ["Anna L. Hewko", "Kavita Jain", "John Beebe", "Karen A. Caplan", "James Diggs"]


def test_bold_names_over_smaller_job_titles_are_a_list_not_headings() -> None:
    """A staff page (bold names, each over its 8 pt job title) between pages of bold
    body-size section headings over body text: the names are not headings."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    truth: list[str] = []
    for page in range(3):
        y = H - 90
        if page == 1:
            c.setFont("Helvetica-Bold", 16)
            c.drawString(72, y, "Board Staff")
            truth.append("Board Staff")
            y -= 40
            for k, name in enumerate(STAFF * 2):
                c.setFont("Helvetica-Bold", 10)
                c.drawString(72, y, f"{name} {'II' if k >= len(STAFF) else ''}".strip())
                c.setFont("Helvetica", 8)
                c.drawString(72, y - 11, "Associate Director" if k % 2 else "Deputy Director")
                y -= 32
        else:
            for s in range(3):
                title = SECTION_TITLES[page + s]
                truth.append(title)
                c.setFont("Helvetica-Bold", 10)
                c.drawString(72, y, title)
                y = paragraph(c, y - 16, "Helvetica", lines=8, word=f"w{page}{s}") - 16
        c.showPage()
    c.save()
    assert [title for title, _ in _headings(buf.getvalue())] == truth
