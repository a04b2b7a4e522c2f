"""PDF frontend on PDFs the tests write with reportlab: outline, detection, content, pages."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.support.pdfs import Block, H, Spec, make_pdf
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

BODY = (
    "This paragraph explains the {0} procedure in plain words.\nIt keeps "
    "going on a second line about {0}.\nAnd a third line closes the {0} "
    "paragraph."
)


def manual() -> Spec:
    """Three pages: cover text, chapters with sections, a section spanning pages 2-3."""
    return Spec(
        pages=[
            [
                Block("Prepared for the operations team, spring edition."),
                Block("1 Installation", 1),
                Block(BODY.format("install")),
                Block("1.1 Requirements", 2),
                Block(BODY.format("requirement")),
            ],
            [
                Block("1.2 Unpacking", 2),
                Block(BODY.format("unpack")),
                Block("2 Operation", 1),
                Block(BODY.format("operate")),
                Block("2.1 Daily checks", 2),
                Block(BODY.format("daily")),
            ],
            [
                Block(BODY.format("continued-daily")),
                Block("2.2 Shutdown", 2),
                Block(BODY.format("shutdown")),
            ],
        ],
        meta_title="ACME Field Manual",
    )


def parse(data: bytes, **opts: object) -> ParsedDocument:
    return parse_pdf(data, options=CompileOptions(**opts))


def headings(doc: ParsedDocument) -> list[tuple[str, int, int | None]]:
    return [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]


def by_title(doc: ParsedDocument, title: str):
    return next(r for r in doc.raw_nodes if r.title == title)


@pytest.mark.parametrize("use_outline", [True, False])
def test_manual_headings_levels_and_pages(use_outline: bool) -> None:
    doc = parse(make_pdf(manual()), use_pdf_outline=use_outline)
    assert headings(doc) == [
        ("1 Installation", 1, 1),
        ("1.1 Requirements", 2, 1),
        ("1.2 Unpacking", 2, 2),
        ("2 Operation", 1, 2),
        ("2.1 Daily checks", 2, 2),
        ("2.2 Shutdown", 2, 3),
    ]
    assert doc.page_count == 3
    assert doc.title == "ACME Field Manual"


@pytest.mark.parametrize("use_outline", [True, False])
def test_section_text_runs_across_pages_and_stops_at_next_heading(use_outline: bool) -> None:
    doc = parse(make_pdf(manual()), use_pdf_outline=use_outline)
    daily = by_title(doc, "2.1 Daily checks")
    assert "daily procedure" in daily.content
    assert "continued-daily procedure" in daily.content  # page 3 text before the next heading
    assert "shutdown" not in daily.content
    assert (daily.start_page, daily.end_page) == (2, 3)
    # a section starting mid-page takes only the text below its heading
    operation = by_title(doc, "2 Operation")
    assert "operate" in operation.content and "unpack" not in operation.content
    # the title is not body text
    assert "1.2 Unpacking" not in by_title(doc, "1.2 Unpacking").content


def test_preamble_is_level_zero_and_every_line_lands_once() -> None:
    doc = parse(make_pdf(manual()))
    assert doc.raw_nodes[0].level == 0
    assert "operations team" in doc.raw_nodes[0].content
    text = "\n".join(r.content for r in doc.raw_nodes)
    for word in (
        "install",
        "requirement",
        "unpack",
        "operate",
        "daily",
        "continued-daily",
        "shutdown",
    ):
        assert text.count(f"the {word} procedure") == 1


def test_running_headers_and_footers_are_removed() -> None:
    doc = parse(make_pdf(manual()))
    for r in doc.raw_nodes:
        assert "ACME Field Manual - internal" not in r.content
        assert "Page 2" not in r.content.splitlines()


def test_every_page_is_covered_including_blank_pages() -> None:
    spec = manual()
    spec.pages.insert(2, [])  # an empty page inside section 2.1
    spec.pages.append([])  # and a trailing one
    doc = parse(make_pdf(spec))
    covered = {p for r in doc.raw_nodes for p in range(r.start_page, r.end_page + 1)}
    assert covered == set(range(1, 6))
    assert by_title(doc, "2.1 Daily checks").end_page == 4


def test_outline_titles_are_used_as_is_when_they_match_the_pages() -> None:
    spec = manual()
    spec.pages[0][1].outline = "Installation"  # bookmark without the number
    doc = parse(make_pdf(spec))
    assert headings(doc)[0] == ("Installation", 1, 1)
    assert "install procedure" in by_title(doc, "Installation").content


def test_mistitled_outline_is_rejected_with_a_diagnostic() -> None:
    spec = manual()
    names = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"]
    k = 0
    for blocks in spec.pages:
        for b in blocks:
            if b.level:
                b.outline = names[k]
                k += 1
    doc = parse(make_pdf(spec))
    assert "pdf_outline_rejected" in {d.code for d in doc.diagnostics}
    assert [t for t, _, _ in headings(doc)][:2] == ["1 Installation", "1.1 Requirements"]


def test_generic_page_outline_is_useless() -> None:
    spec = manual()
    k = 0
    for blocks in spec.pages:
        for b in blocks:
            if b.level:
                k += 1
                b.outline = f"Page {k}"
    doc = parse(make_pdf(spec))
    assert any(d.code == "pdf_outline_rejected" and "generic" in d.message for d in doc.diagnostics)
    assert "1 Installation" in [t for t, _, _ in headings(doc)]


def test_bold_and_numbered_headings_at_body_size_without_outline() -> None:
    """Filings: "Item 7." headings in bold at the body size, capitals for parts."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    y = H - 80
    rows = [
        ("Helvetica-Bold", "PART II"),
        ("Helvetica-Bold", "Item 7. Management's Discussion and Analysis"),
    ]
    rows += [
        ("Helvetica", f"Revenue grew in the quarter because of segment {i} and more words here.")
        for i in range(6)
    ]
    rows += [("Helvetica-Bold", "Item 8. Financial Statements")]
    rows += [
        ("Helvetica", f"The statements follow the accounting rules, part {i} of the notes text.")
        for i in range(6)
    ]
    for font, text in rows:
        c.setFont(font, 10)
        c.drawString(72, y, text)
        y -= 14 if font == "Helvetica" else 20
    c.showPage()
    c.save()
    doc = parse(buf.getvalue())
    titles = [t for t, _, _ in headings(doc)]
    assert titles == [
        "PART II",
        "Item 7. Management's Discussion and Analysis",
        "Item 8. Financial Statements",
    ]
    levels = [lv for _, lv, _ in headings(doc)]
    assert levels[0] < levels[1] == levels[2]
    assert "segment 3" in by_title(doc, titles[1]).content


def test_page_labels_are_kept() -> None:
    from pypdf import PdfReader, PdfWriter
    from pypdf.constants import PageLabelStyle

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(manual()))))
    writer.set_page_label(0, 0, style=PageLabelStyle.LOWERCASE_ROMAN)
    writer.set_page_label(1, 2, style=PageLabelStyle.DECIMAL)
    out = io.BytesIO()
    writer.write(out)
    doc = parse(out.getvalue())
    assert doc.raw_nodes[0].start_page_label == "i"
    shutdown = by_title(doc, "2.2 Shutdown")
    assert (shutdown.start_page, shutdown.start_page_label) == (3, "2")


def test_no_labels_when_the_pdf_has_none() -> None:
    assert all(r.start_page_label is None for r in parse(make_pdf(manual())).raw_nodes)


CHAPTERS = ["Overview", "Installation", "Maintenance"]


def _long_manual() -> Spec:
    """Three chapters over 21 pages, one numbered section per page."""
    pages: list[list[Block]] = []
    for ch in (1, 2, 3):
        first = [Block(f"Chapter {ch} {CHAPTERS[ch - 1]}", 1)]
        for sec in range(1, 8):
            pages.append(
                first
                + [Block(f"{ch}.{sec} Topic {ch}-{sec}", 2), Block(BODY.format(f"topic{ch}x{sec}"))]
            )
            first = []
    return Spec(pages=pages, outline=False)


def test_outline_of_one_counter_template_is_useless() -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(_long_manual()))))
    for k in range(4):
        writer.add_outline_item(title=f"Slide {k + 1}", page_number=k)
    out = io.BytesIO()
    writer.write(out)
    doc = parse(out.getvalue())
    assert any(d.code == "pdf_outline_rejected" for d in doc.diagnostics)
    assert "Slide 2" not in [t for t, _, _ in headings(doc)]


def test_shallow_outline_is_a_chapter_frame_with_detected_sections_inside() -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(_long_manual()))))
    for ch in (1, 2, 3):  # only the chapters are bookmarked
        writer.add_outline_item(title=f"Chapter {ch} {CHAPTERS[ch - 1]}", page_number=(ch - 1) * 7)
    out = io.BytesIO()
    writer.write(out)
    doc = parse(out.getvalue())
    assert "pdf_outline_shallow" in {d.code for d in doc.diagnostics}
    got = headings(doc)
    chapters = [i for i, (t, _, _) in enumerate(got) if t.startswith("Chapter")]
    assert [got[i] for i in chapters] == [
        (f"Chapter {c} {CHAPTERS[c - 1]}", 1, (c - 1) * 7 + 1) for c in (1, 2, 3)
    ]
    sections = [h for h in got if not h[0].startswith("Chapter")]
    assert [t for t, _, _ in sections] == [
        f"{c}.{s} Topic {c}-{s}" for c in (1, 2, 3) for s in range(1, 8)
    ]
    assert all(lv > 1 for _, lv, _ in sections)  # nested inside the chapters
    assert [p for _, _, p in sections] == list(range(1, 22))
    assert "topic2x7 procedure" in by_title(doc, "2.7 Topic 2-7").content


def test_running_header_with_section_title_and_page_number_is_removed() -> None:
    """Sphinx-style headers ("1.2 Unpacking 7") change words per section but follow the page
    count."""
    spec = manual()
    spec.header = None
    data_pages = []
    for blocks in spec.pages:
        data_pages.append(blocks)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    sections = ["Installation", "Unpacking", "Daily checks", "Shutdown", "Daily checks", "Shutdown"]
    for pno in range(6):
        c.setFont("Helvetica", 9)
        c.drawString(72, H - 40, f"{pno + 1}.1 {sections[pno]} {pno + 11}")
        c.setFont("Helvetica-Bold", 16)
        c.drawString(
            72,
            H - 90,
            f"Part {pno + 1} {['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'][pno]}",
        )
        c.setFont("Helvetica", 10)
        for k in range(5):
            c.drawString(
                72,
                H - 130 - 14 * k,
                f"Body line {k} of page {pno + 1} with enough words to be body text.",
            )
        c.showPage()
    c.save()
    doc = parse(buf.getvalue())
    text = "\n".join(r.content for r in doc.raw_nodes)
    assert "Daily checks" not in text and "Installation" not in text
    assert [t for t, _, _ in headings(doc)] == [
        f"Part {i + 1} {n}"
        for i, n in enumerate(["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"])
    ]


def test_admonition_labels_are_not_headings() -> None:
    spec = manual()
    for blocks in spec.pages:
        blocks.append(Block("Note", 3))
        blocks.append(Block("Remember to wear gloves when you open the case."))
    doc = parse(make_pdf(spec), use_pdf_outline=False)
    assert "Note" not in [t for t, _, _ in headings(doc)]
    assert "wear gloves" in by_title(doc, "2.2 Shutdown").content


def test_part_label_line_and_its_title_are_one_heading_and_cover_lines_are_not_headings() -> None:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for size, text, y in (
        (28, "Field Manual", H - 200),
        (16, "Jane Doe", H - 260),
        (14, "Version 3.1 2024/05/01", H - 300),
    ):
        c.setFont("Helvetica", size)
        c.drawString(72, y, text)
    c.showPage()
    for part, title in (("Part I", "User guide"), ("Part II", "Reference")):
        c.setFont("Helvetica-Bold", 22)
        c.drawString(72, H - 100, part)
        c.drawString(72, H - 130, title)
        c.setFont("Helvetica", 10)
        for k in range(12):
            c.drawString(
                72, H - 180 - 14 * k, f"{title} body line {k} explains the material in plain words."
            )
        c.showPage()
    c.save()
    doc = parse(buf.getvalue())
    assert [(t, lv) for t, lv, _ in headings(doc)] == [
        ("Field Manual", 1),
        ("Part I User guide", 1),
        ("Part II Reference", 1),
    ]
    assert "Jane Doe" in doc.raw_nodes[1].content or "Jane Doe" in doc.raw_nodes[0].content
