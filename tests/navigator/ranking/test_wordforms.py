"""Word forms by rule: a question's word the document never uses meets the document's own
forms of it ("performed" -> "performance"), and only such a word (`ranking.wordforms`)."""

from __future__ import annotations

from vectorless_assets.ir import Document, DocumentTree, TreeNode
from vectorless_assets.navigator import DocumentNavigator
from vectorless_assets.navigator.ranking.question import analyse
from vectorless_assets.navigator.ranking.wordforms import WordForms, stem


def test_stems_cut_one_ending_and_keep_five_letters() -> None:
    assert stem("performed") == stem("performance") == "perform"
    assert stem("bankrupted") == stem("bankruptcy") == "bankrupt"
    assert stem("intensive") == stem("intensity")
    assert stem("listing") == "listing"  # "list" is too short a stem
    assert stem("q2") is None and stem("tax") is None


def test_only_a_word_the_document_does_not_know_is_replaced() -> None:
    forms = WordForms({"performance": 3, "performing": 1, "perform": 0 + 1, "category": 2})
    assert forms.of("performed") == ["performance", "perform"]  # most widespread first
    assert forms.of("performance") == []  # known: left alone
    assert forms.of("weather") == []
    q = analyse("Which category performed best?", lambda t: t in forms.df, forms=forms.of)
    assert "performance" in q.terms and "performed" not in q.terms


def _report() -> Document:
    nodes = [
        TreeNode(node_id="0001", title="Quarterly report", children=["0002", "0003"]),
        TreeNode(
            node_id="0002",
            parent="0001",
            depth=1,
            title="Overview",
            content="Our products span every category: computing, appliances and "
            "entertainment, sold in stores and online in each category.",
        ),
        TreeNode(
            node_id="0003",
            parent="0001",
            depth=1,
            title="Results",
            content="Computing led the quarter by category: its performance beat "
            "appliances, whose performance declined, while entertainment was flat.",
        ),
    ]
    return Document(
        doc_id="00000000-0000-0000-0000-0000000000f1",
        name="Report",
        format="pdf",
        tree=DocumentTree(nodes=nodes),
    )


def test_a_question_in_another_word_form_reaches_the_section_using_the_document_s() -> None:
    hit = DocumentNavigator(_report()).locate("Which product category performed best?", k=1)[0]
    assert hit["title"] == "Results"
    assert "performance" in hit["matched"]
