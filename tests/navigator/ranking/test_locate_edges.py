"""`locate` on edge inputs: empty questions, questions of stop words or a year only, `k`
out of range, a one-node document, a CJK question, and hits without pages."""

from __future__ import annotations

import json

from vectorless_assets.ir import Document
from vectorless_assets.navigator.ranking.locate import Locator
from vectorless_assets.pipeline.compile import compile_document


def guide() -> Document:
    text = (
        "# Guide\n\nHow to use the tools.\n\n## Opening Files\n\nOpen a file by its path.\n\n"
        "## Closing Files\n\nClose a file when done; a closed file frees its handle.\n\n"
        "## 所有权\n\n所有权规则决定值何时被释放。\n"
    )
    return compile_document(text.encode(), name="guide.md", mode="fast")


def test_questions_without_terms_find_nothing() -> None:
    locator = Locator(guide())
    for question in ("", "   \n\t", "the of and", "2019", "FY2019"):
        assert locator.locate(question) == []


def test_k_out_of_range() -> None:
    locator = Locator(guide())
    assert locator.locate("file", k=0) == []
    assert locator.locate("file", k=-1) == []  # not "all hits but the last"
    hits = locator.locate("file", k=100)
    assert {h["title"] for h in hits[:2]} == {"Closing Files", "Opening Files"}
    assert len(hits) <= len(locator.doc.tree.nodes)


def test_a_cjk_question_and_a_one_node_document() -> None:
    assert Locator(guide()).locate("所有权规则", k=1)[0]["title"] == "所有权"
    one = compile_document(b"just a line about files", name="one.md", mode="fast")
    assert len(one.tree.nodes) == 1
    assert [h["node_id"] for h in Locator(one).locate("files")] == [one.tree.nodes[0].node_id]


def test_hits_of_a_document_without_pages_have_no_focus_and_serialise() -> None:
    hits = Locator(guide()).locate("close a file", k=3)
    assert hits and all(h["focus"] is None and h["start_page"] is None for h in hits)
    assert json.loads(json.dumps(hits)) == hits
