"""A whole outline's long leaf entries are filled in from the headings printed inside them."""

from __future__ import annotations

from tests.support.pdfs import Block, Spec, make_pdf
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.long_entries import LONG_PAGES
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

TEXT = (
    "The {0} figures are set out in the table below.\nEach line of the {0} table gives "
    "the quarter and the year.\nThe {0} amounts are in millions."
)


def release(printed: list[str], short: bool = False) -> Spec:
    """An earnings-release-like PDF: one bookmarked heading a page, then a last bookmark
    ("Reconciliations") over the remaining pages, each of which opens with a printed
    heading of its own that has no bookmark. `short`: those pages are cut to one."""
    pages = [
        [Block(f"Section {name}", 1), Block(TEXT.format(name.lower()))]
        for name in ["Highlights", "Results", "Outlook", "Statements"]
    ]
    body = [[Block("Reconciliations", 1), Block(TEXT.format("overview"))]]
    for k, title in enumerate(printed[:1] if short else printed):
        heading = Block(title, 2, bookmark=False)
        page = [heading, Block(TEXT.format(f"part{k}"))]
        if k == 0:
            body[0] += page
        else:
            body.append(page)
    return Spec(pages=pages + body, meta_title="Quarterly release")


PRINTED = ["Components of net sales growth", "Adjusted earnings", "Net debt by segment"]


def parse(spec: Spec) -> ParsedDocument:
    return parse_pdf(make_pdf(spec), options=CompileOptions())


def headings(doc: ParsedDocument) -> list[tuple[str, int, int | None]]:
    return [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]


def test_a_long_leaf_entry_gets_the_headings_printed_inside_it() -> None:
    assert len(PRINTED) >= LONG_PAGES
    doc = parse(release(PRINTED))
    found = headings(doc)
    assert ("Section Highlights", 1, 1) in found
    assert found[-4:] == [
        ("Reconciliations", 1, 5),
        ("Components of net sales growth", 2, 5),
        ("Adjusted earnings", 2, 6),
        ("Net debt by segment", 2, 7),
    ]
    assert "pdf_long_entries_filled" in {d.code for d in doc.diagnostics}
    recon = next(r for r in doc.raw_nodes if r.title == "Reconciliations")
    assert "overview" in recon.content and "part0" not in recon.content
    growth = next(r for r in doc.raw_nodes if r.title == PRINTED[0])
    assert (growth.start_page, growth.end_page) == (5, 5)


def test_short_entries_keep_the_outline_as_it_is() -> None:
    doc = parse(release(PRINTED, short=True))
    assert [t for t, _, _ in headings(doc)] == [
        "Section Highlights",
        "Section Results",
        "Section Outlook",
        "Section Statements",
        "Reconciliations",
    ]
    assert "pdf_long_entries_filled" not in {d.code for d in doc.diagnostics}


def test_without_the_outline_the_printed_headings_are_detected_as_before() -> None:
    doc = parse_pdf(make_pdf(release(PRINTED)), options=CompileOptions(use_pdf_outline=False))
    assert "Adjusted earnings" in [t for t, _, _ in headings(doc)]


def test_a_bookmark_titled_otherwise_keeps_the_printed_heading_on_its_page_as_a_child() -> None:
    spec = release(PRINTED)
    page = spec.pages[4]
    # the bookmark "Recon of measures" points at a page headed by the first printed heading
    spec.pages[4] = [Block(PRINTED[0], 1, outline="Recon of measures", size=14)] + page[3:]
    doc = parse(spec)
    assert headings(doc)[-4:] == [
        ("Recon of measures", 1, 5),
        ("Components of net sales growth", 2, 5),
        ("Adjusted earnings", 2, 6),
        ("Net debt by segment", 2, 7),
    ]
    growth = next(r for r in doc.raw_nodes if r.title == PRINTED[0])
    assert "part0" in growth.content and PRINTED[0] not in growth.content
