"""Demoting uncertain PDF headings keeps the page breaks exact: the same breaks as the same
PDF with those lines in plain type (the PDFs of `test_pdf_demote`, written with reportlab)."""

from __future__ import annotations

from tests.frontends.test_pdf_demote import demote_all, parse


def test_demoted_sections_have_the_plain_pdfs_page_breaks() -> None:
    reference = parse(bold=False)
    demoted = demote_all(parse(bold=True))
    assert [n.page_breaks for n in demoted.raw_nodes] == [
        n.page_breaks for n in reference.raw_nodes
    ]
    multi = [
        n for n in reference.raw_nodes if n.end_page and n.start_page and n.end_page > n.start_page
    ]
    assert multi  # the comparison covers sections over more than one page
    for n in demoted.raw_nodes:
        assert n.start_page is not None and n.end_page is not None
        assert n.start_page + len(n.page_breaks) == n.end_page
