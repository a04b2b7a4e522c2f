"""What an agent sees of a filing (issue 37): the table of contents of the compiled document
(public API, standard mode, no LLM) for the filing-like PDFs written with reportlab in
`tests/frontends/test_pdf_statements.py` and `test_pdf_tracking.py`: each statement its own
entry of at most two pages (a two-page one spanning both), the auditor's report ending where
the statements begin, notes 1-12 each an entry with its full title, a letter-spaced title
read as printed and a contents page's lines taken for no statements."""

from __future__ import annotations

import re

import pytest

from tests.frontends import test_pdf_statements as statements
from tests.frontends import test_pdf_tracking as tracking
from vectorless_assets import compile_document
from vectorless_assets.ir.toc import TocEntry


def _toc(data: bytes) -> list[TocEntry]:
    return compile_document(data, name="acme-10k.pdf", mode="standard").toc


@pytest.fixture(scope="module")
def toc() -> list[TocEntry]:
    return _toc(statements.filing())


def _pages(toc: list[TocEntry], title: str) -> list[tuple[int | None, int | None]]:
    return [(e.start_page, e.end_page) for e in toc if e.title.lower() == title.lower()]


def test_statements_are_entries_of_their_own_pages(toc: list[TocEntry]) -> None:
    assert _pages(toc, "CONSOLIDATED BALANCE SHEETS") == [(3, 4)]  # two pages, one entry
    assert _pages(toc, "Consolidated Statements of Cash Flows") == [(6, 6)]
    assert not [e for e in toc if e.start_page == 4 and e.depth >= 1]  # its continued page


def test_auditors_report_ends_where_the_statements_begin(toc: list[TocEntry]) -> None:
    report = [e for e in toc if e.start_page == 2]
    assert report and all(e.end_page == 2 for e in report), report


def test_notes_one_to_twelve_are_entries_with_their_full_titles(toc: list[TocEntry]) -> None:
    numbered = [e.title for e in toc if re.match(r"\d+\. ", e.title)]
    assert numbered == [" ".join(t) for t in statements.NOTES], numbered


def test_contents_lines_are_no_statement_entries() -> None:
    toc = _toc(statements.filing(with_contents=True))
    assert not [e for e in toc if e.start_page == 2 and e.title.startswith("Consolidated")]
    assert _pages(toc, "Consolidated Balance Sheets") == [(4, 5)]


def test_letter_spaced_title_is_an_entry_read_as_printed() -> None:
    assert _pages(_toc(tracking._filing()), tracking.TITLE) == [(2, 2)]
