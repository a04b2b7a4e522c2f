"""A book's printed contents set two-sided (issue 27), on PDFs written here with reportlab.

Published books move the left margin between recto and verso pages: the contents' indentation
columns then sit at different x on alternate pages (TeX by Topic, the Haskell report, Around
the Bend). Levels must be read from each page's own margin, and a verso page's running head
("ii Contents": its folio, then the contents' title) is no entry.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.toc_rows import Row, recto_verso_shift
from vectorless_assets.options import CompileOptions

W, H = A4
BODY = "{} findings were reviewed by the committee, which agreed on the next steps for the team."
NAMES = ["Overview", "Installation", "Operation", "Maintenance", "Troubleshooting", "Reference"]
SUBS = ["Scope", "Audience", "Background", "Requirements"]
LEAVES = ["Hardware", "Software"]


def _entries() -> list[tuple[str, int]]:
    """Unnumbered titles, three levels: six chapters, four sections each, two subsections
    under every second section (54 entries: three contents pages of 18)."""
    out: list[tuple[str, int]] = []
    for ch in NAMES:
        out.append((ch, 1))
        for k, sec in enumerate(SUBS):
            out.append((f"{sec} of {ch}", 2))
            if k % 2:
                out += [(f"{leaf} for {sec} of {ch}", 3) for leaf in LEAVES]
    return out


def _two_sided_book(shift: float) -> tuple[bytes, list[tuple[str, int, int]]]:
    """Contents on pages 1-3 (18 rows a page; the verso page 2 set `shift` pt further left,
    with the running head "ii Contents"), then one page per heading, bold at body size (so
    only the contents tells the levels). Returns the PDF and (title, level, page) of each."""
    names = _entries()
    heads = [(t, lv, i + 4) for i, (t, lv) in enumerate(names)]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for k in range(3):
        left = 110 - (shift if k == 1 else 0.0)
        c.setFont("Helvetica", 9)
        if k == 1:
            c.drawString(left, H - 50, "ii Contents")
        else:
            c.setFont("Helvetica-Bold", 14)
            c.drawString(left, H - 80, "Contents" if k == 0 else "")
        y = H - 120
        for title, level, page in heads[18 * k : 18 * (k + 1)]:
            c.setFont("Helvetica", 10)
            c.drawString(left + 18 * (level - 1), y, f"{title} " + "." * 30)
            c.drawRightString(W - 60, y, str(page))
            y -= 16
        c.showPage()
    for title, _, page in heads:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(72, H - 82, title)
        c.setFont("Helvetica", 10)
        y = H - 110
        for _ in range(10):
            c.drawString(72, y, BODY.format(title))
            y -= 13
        c.setFont("Helvetica", 9)
        c.drawCentredString(W / 2, 30, str(page))
        c.showPage()
    c.save()
    return buf.getvalue(), heads


def test_two_sided_contents_gives_three_levels_from_each_pages_margin() -> None:
    data, heads = _two_sided_book(shift=40.0)
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    assert got == heads


def test_one_sided_contents_still_reads_its_indentation() -> None:
    data, heads = _two_sided_book(shift=0.0)
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    assert got == heads


def _row(page: int, x: float) -> Row:
    return Row(page, 700.0, x, 10.0, False, "Title 3")


def test_recto_verso_shift_needs_three_pages_and_fewer_columns() -> None:
    two_sided = [_row(p, x + (-40.0 if p % 2 else 0.0)) for p in (2, 3, 4) for x in (110, 128)]
    assert recto_verso_shift(two_sided) == {3: -40.0}
    # two pages only: a continuation page may start deeper (sections only) - nothing moves
    assert recto_verso_shift([r for r in two_sided if r.page < 4]) == {}
    # one-sided, page 3 listing sections and subsections only: its columns are the others'
    deeper = [_row(2, 110), _row(2, 128), _row(3, 128), _row(3, 146), _row(4, 110), _row(4, 128)]
    assert recto_verso_shift(deeper) == {}


def _book_with_cover() -> tuple[bytes, list[tuple[str, int, int]]]:
    """A cover (title 28pt, author 16pt), a contents page listing the three chapters only
    (a frame: under `TOC_DENSE` entries a page), then four pages a chapter: "1 Title" (18pt)
    opens the chapter, "1.1" sections (12pt bold) open the next pages. Returns the PDF and
    (title, level, page) of every heading."""
    heads: list[tuple[str, int, int]] = []
    for ch, name in enumerate(NAMES[:3], start=1):
        first = 3 + 4 * (ch - 1)
        heads.append((f"{ch} {name}", 1, first))
        heads += [(f"{ch}.{k} {SUBS[k - 1]} of {name}", 2, first + k) for k in (1, 2, 3)]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setFont("Helvetica-Bold", 28)
    c.drawString(72, H - 250, "The Widget Book")
    c.setFont("Helvetica", 16)
    c.drawString(72, H - 300, "Ann Author")
    c.showPage()
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, H - 80, "Contents")
    y = H - 120
    for title, level, page in heads:
        if level == 1:
            c.setFont("Helvetica", 10)
            c.drawString(72, y, f"{title} " + "." * 40)
            c.drawRightString(W - 72, y, str(page - 2))
            y -= 16
    c.showPage()
    for title, level, page in heads:
        c.setFont("Helvetica-Bold", 18 if level == 1 else 12)
        c.drawString(72, H - 90, title)
        c.setFont("Helvetica", 10)
        y = H - 130
        for _ in range(20):
            c.drawString(72, y, BODY.format(title))
            y -= 13
        c.setFont("Helvetica", 9)
        c.drawCentredString(W / 2, 30, str(page - 2))
        c.showPage()
    c.save()
    return buf.getvalue(), heads


def test_cover_page_gives_no_headings_under_a_contents_frame() -> None:
    data, heads = _book_with_cover()
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    # no "The Widget Book" or "Ann Author" heading; the contents' own title stays a heading
    assert [(t, p) for t, _, p in got] == [("Contents", 2)] + [(t, p) for t, _, p in heads]
    assert got[1:] == heads
