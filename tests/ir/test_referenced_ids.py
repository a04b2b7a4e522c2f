"""`referenced_node_ids` collects what every field says it references (no per-index switch)."""

from __future__ import annotations

from vectorless_assets.ir.document import Diagnostic, Document, node_ids_in, referenced_node_ids
from vectorless_assets.ir.indexes import (
    ChainIndex,
    ChildRoute,
    Concept,
    ContentOverlapMap,
    DocCard,
    DuplicateGroup,
    EvidenceScore,
    EvidenceScoreMap,
    IntentRoute,
    KeywordPosting,
    NavEntry,
    NavigationIndex,
    OverlapPair,
    QueryRoutingTable,
    ReasoningChain,
    ReasoningIndex,
    RouteTarget,
    SectionCard,
    SectionSummary,
    SummaryShortcut,
)
from vectorless_assets.ir.toc import TocEntry
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode

SCORE = EvidenceScore(density=0, data_richness=0, specificity=0, composite=0)


def every_kind_of_reference() -> Document:
    """A document whose every node-id-holding place names its own id."""
    node = TreeNode(
        node_id="0000",
        title="t",
        references=[NodeReference(text="see", kind="section", target="2", target_node_id="ref")],
    )
    return Document(
        doc_id="d",
        name="n",
        format="markdown",
        tree=DocumentTree(nodes=[node]),
        toc=[TocEntry(node_id="toc")],
        nav_index=NavigationIndex(
            entries={"entry-key": NavEntry(node_id="entry")},
            child_routes={"parent": [ChildRoute(node_id="child", title="c")]},
            doc_card=DocCard(sections=[SectionCard(node_id="card", title="c")]),
        ),
        reasoning_index=ReasoningIndex(
            keywords={"k": [KeywordPosting(node_id="posting", weight=1)]},
            section_map={"s": "mapped"},
            summary_shortcut=SummaryShortcut(
                root_node_id="root", sections=[SectionSummary(node_id="shortcut", title="s")]
            ),
        ),
        concepts=[Concept(name="c", sections=["concept"])],
        query_routes=QueryRoutingTable(
            intent_routes=[
                IntentRoute(
                    intent="i",
                    node_id="intent",
                    targets=[RouteTarget(node_id="target", relevance=1)],
                )
            ],
            concept_routes={"c": [RouteTarget(node_id="concept-route", relevance=1)]},
        ),
        chain_index=ChainIndex(
            chains=[ReasoningChain(chain_id="c", chain_type="sequence", node_ids=["chain"])],
            node_chains={"chained": ["c"]},
        ),
        content_overlap=ContentOverlapMap(
            pairs=[OverlapPair(node_a="a", node_b="b", jaccard=1, kind="duplicate")],
            duplicate_groups=[DuplicateGroup(node_ids=["dup"])],
        ),
        evidence_scores=EvidenceScoreMap(scores={"scored": SCORE}),
        diagnostics=[Diagnostic(source="s", code="c", message="m", node_id="diag")],
    )


def test_every_index_contributes_its_node_ids() -> None:
    assert referenced_node_ids(every_kind_of_reference()) == {
        "ref", "toc", "entry-key", "entry", "parent", "child", "card", "posting", "mapped",
        "root", "shortcut", "concept", "intent", "target", "concept-route", "chain", "chained",
        "a", "b", "dup", "scored", "diag",
    }  # fmt: skip


def test_absent_indexes_and_plain_values_reference_nothing() -> None:
    doc = Document(doc_id="d", name="n", format="markdown")
    assert referenced_node_ids(doc) == set()
    assert node_ids_in(None) == node_ids_in("0001") == node_ids_in({"0001": 1}) == set()
