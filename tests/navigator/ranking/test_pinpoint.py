"""Pinpointing inside long sections: a `locate` hit over many pages names the pages to read.

The PDFs are written with reportlab: a long section of even, term-free prose with the
answer on one page, compiled in fast mode (no LLM).
"""

from __future__ import annotations

from tests.support.pdfs import Block, Spec, make_pdf
from vectorless_assets.ir import Document
from vectorless_assets.navigator import DocumentNavigator
from vectorless_assets.navigator.ranking.locate import Locator
from vectorless_assets.navigator.ranking.pinpoint import (
    FOCUS_OVER,
    FOCUS_PAGES,
    PEAK_SHARE,
    best_window,
)
from vectorless_assets.pipeline.compile import compile_document

FILLER = [
    "Activity across the regions was steady through the period under review.",
    "Deposits grew modestly while lending volumes stayed broadly level overall.",
    "Staff numbers were unchanged and the branch network kept its footprint.",
    "Markets were calm, with volatility below its long run average for months.",
    "Customers adopted digital channels at a pace similar to the prior year.",
]
ANSWER = [
    "Among the segments, Asset Management had the lowest net revenue this quarter,",
    "as net revenue in that segment fell on lower performance fees and flows.",
]


def draw(pages: list[tuple[str | None, list[str]]], levels: dict[str, int] | None = None) -> bytes:
    """One PDF page per entry: an optional bold heading (an outline entry, level 0 unless
    `levels` says otherwise), then lines."""
    spec = [
        ([Block(heading, (levels or {}).get(heading, 0) + 1, size=16)] if heading else [])
        + [Block("\n".join(lines))]
        for heading, lines in pages
    ]
    return make_pdf(Spec(spec, header=None, footer=False))


def filler(page: int, lines: int = 40) -> list[str]:
    return [f"{FILLER[(page + k) % len(FILLER)]} ({page}.{k})" for k in range(lines)]


def report(answer_page: int, section_pages: int = 10) -> Document:
    """Overview (page 1), a long 'Results by Business' section (pages 2..), Outlook last;
    the answer lines sit mid-page on `answer_page`."""
    pages: list[tuple[str | None, list[str]]] = [("Overview", filler(0, 30))]
    for p in range(2, 2 + section_pages):
        lines = filler(p)
        if p == answer_page:
            lines[18:20] = ANSWER
        pages.append(("Results by Business" if p == 2 else None, lines))
    pages.append(("Outlook", filler(99, 30)))
    return compile_document(draw(pages), name="bank_quarterly.pdf", mode="fast")


QUESTION = "Which segment had the lowest net revenue this quarter?"


def hit_on(doc: Document, title: str, question: str = QUESTION) -> dict:
    """The best hit on the section `title` or on a part the split pass cut it into."""
    hits = DocumentNavigator(doc).locate(question, k=5)
    return next(h for h in hits if h["title"].startswith(title))


def test_a_long_section_hit_names_the_pages_holding_the_question_terms() -> None:
    for answer_page in (3, 7, 10):
        doc = report(answer_page)
        hit = hit_on(doc, "Results by Business")  # a part of it: the split pass cut it
        assert 2 <= hit["start_page"] <= answer_page <= hit["end_page"] <= 11
        assert hit["end_page"] - hit["start_page"] + 1 > FOCUS_PAGES
        focus = hit["focus"]
        assert focus is not None
        assert focus["start_page"] <= answer_page <= focus["end_page"]
        assert focus["end_page"] - focus["start_page"] + 1 <= FOCUS_PAGES


def test_short_hits_have_no_focus_and_a_focus_stays_inside_the_hit() -> None:
    assert FOCUS_OVER == 2
    doc = report(3, section_pages=2)  # the section spans pages 2-3: read whole
    assert hit_on(doc, "Results by Business")["focus"] is None
    long = hit_on(report(11), "Results by Business")
    assert 2 <= long["focus"]["start_page"] <= long["focus"]["end_page"] <= 11


def test_a_three_page_hit_names_the_page_holding_the_answer() -> None:
    """A section of three pages is read from the page where the question's terms are, not
    from its first page (issue 37: the gold page was the third page read of the first hit)."""
    for answer_page in (3, 4):
        hit = hit_on(report(answer_page, section_pages=3), "Results by Business")
        assert (hit["start_page"], hit["end_page"]) == (2, 4)
        assert hit["focus"] == {"start_page": answer_page, "end_page": answer_page}


def test_a_hit_without_question_terms_in_its_text_has_no_focus() -> None:
    hit = hit_on(report(5), "Results by Business", "results by business")
    assert hit["focus"] is None  # the title matched; no page of its text holds a term


def test_best_window_takes_the_heaviest_pages_and_trims_empty_ends() -> None:
    assert best_window({4: 1.0, 9: 2.0, 10: 0.5}, 3, peak_share=0.0) == (9, 10)
    assert best_window({4: 1.0, 5: 1.0, 6: 1.0, 7: 0.1}, 3) == (4, 6)
    assert best_window({12: 3.0}, 3) == (12, 12)


def test_best_window_trims_end_pages_far_lighter_than_its_peak() -> None:
    """The pages to read first: an end page weighing under `PEAK_SHARE` of the heaviest is
    dropped (a page that only mentions a term or two); an inner light page stays."""
    assert best_window({4: 1.0, 9: 2.0, 10: 0.5}, 3) == (9, 9)
    assert best_window({5: 0.4, 6: 0.5, 7: 2.0}, 3) == (7, 7)
    peak = 2.0
    assert best_window({5: PEAK_SHARE * peak, 6: 0.1, 7: peak}, 3) == (5, 7)
    assert best_window({5: 1.9, 6: 2.0, 7: 1.5}, 3) == (5, 7)


def test_a_container_without_own_text_is_pinpointed_over_its_parts() -> None:
    doc = report(9)
    locator = Locator(doc)
    container = next(
        i for i, n in enumerate(doc.tree.nodes) if n.title == "Results by Business" and n.children
    )
    q = ["segment", "lowest", "net", "revenue"]
    window = locator.pinner.focus(container, q, {t: 1.0 for t in q})
    assert window is not None and window[0] <= 9 <= window[1]


def test_a_parent_is_not_marked_down_for_its_childrens_pages() -> None:
    """The parent is ranked on its own text (one page): the span factor reads those pages."""
    intro = filler(2, 20)
    intro[5:7] = ANSWER
    pages: list[tuple[str | None, list[str]]] = [("Overview", filler(0, 30))]
    pages.append(("Results by Business", intro))
    for p in range(3, 11):
        pages.append((f"Business line {p}" if p in (3, 7) else None, filler(p)))
    pages.append(("Outlook", filler(99, 30)))
    levels = {"Business line 3": 1, "Business line 7": 1}
    doc = compile_document(draw(pages, levels), name="bank_quarterly.pdf", mode="fast")
    hit = hit_on(doc, "Results by Business")
    assert (hit["start_page"], hit["end_page"]) == (2, 10)
    assert "broad span" not in hit["reason"]
    assert hit["focus"] == {"start_page": 2, "end_page": 2}


def test_an_ir_without_page_breaks_still_gets_a_focus_by_estimate() -> None:
    """An IR compiled before breaks were recorded: pages are laid over the text by size."""
    for answer_page in (3, 10):
        data = report(answer_page).model_dump()
        for node in data["tree"]["nodes"]:
            node["page_breaks"] = []
        focus = hit_on(Document.model_validate(data), "Results by Business")["focus"]
        assert focus is not None
        assert focus["start_page"] <= answer_page <= focus["end_page"]


def test_page_breaks_place_the_answer_where_an_estimate_by_size_cannot() -> None:
    """Two dense pages, then five sparse ones with the answer on the second: by characters
    it would fall on the last page; the recorded breaks put it on its own."""
    pages = [
        ("Overview", filler(0, 30)),
        ("Results by Business", filler(2, 45)),
        (None, filler(3, 45)),
    ]
    pages += [(None, filler(p, 3) + (ANSWER if p == 5 else [])) for p in range(4, 9)]
    pages.append(("Outlook", filler(99, 30)))
    doc = compile_document(draw(pages), name="bank_quarterly.pdf", mode="fast")
    hit = hit_on(doc, "Results by Business")
    assert (hit["start_page"], hit["end_page"]) == (2, 8)
    assert hit["focus"] == {"start_page": 5, "end_page": 5}


def test_best_window_ties_within_rounding_go_to_the_earliest_pages() -> None:
    """The same weights summed in another order differ in their last bits (0.1 + 0.2 is not
    0.3): such windows are tied, and the earliest wins, so a focus never varies by run."""
    assert 0.1 + 0.2 != 0.3
    assert best_window({4: 0.3, 9: 0.1 + 0.2}, 1) == (4, 4)
    assert best_window({4: 0.1 + 0.2, 9: 0.3}, 1) == (4, 4)
    assert best_window({4: 0.3, 9: 0.3001}, 1) == (9, 9)  # a real difference still wins
