"""RoutePass: intent routes from question hints, concept routes from tags."""

from __future__ import annotations

import pytest

from tests.support.index_trees import N, build, snapshot
from vectorless_assets.passes import navigation, route
from vectorless_assets.passes.context import PassContext


def _run(tree):
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    before = snapshot(tree), nav.model_dump_json()
    out = route.run(tree=tree, nav_index=nav, ctx=PassContext())
    assert (snapshot(tree), nav.model_dump_json()) == before
    return out


def test_intent_routes_rank_children_by_the_reference_relevance() -> None:
    tree = build(
        N(
            "Doc",
            "",
            [
                N(
                    "Parent",
                    "",
                    [
                        N("Bare", ""),
                        N("Text only", "some text"),
                        N("Hinted", "text", hints=["a?", "b?"]),
                        N("Many hints", "text", hints=["a?", "b?", "c?", "d?"]),
                        N("Hints no text", "", hints=["x?"]),
                    ],
                    hints=["Where is it?", "How?"],
                ),
            ],
        )
    )
    table = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    parent_routes = [r for r in table.intent_routes if r.node_id == ids["Parent"]]
    assert [r.intent for r in parent_routes] == ["Where is it?", "How?"]
    rel = {t.node_id: t.relevance for t in parent_routes[0].targets}
    assert rel[ids["Many hints"]] == pytest.approx(1.0)
    assert rel[ids["Hinted"]] == pytest.approx(0.9)
    assert rel[ids["Text only"]] == 0.5
    assert rel[ids["Hints no text"]] == 0.3
    assert rel[ids["Bare"]] == 0.3
    values = [t.relevance for t in parent_routes[0].targets]
    assert values == sorted(values, reverse=True)
    # a leaf with hints routes to itself
    leaf_routes = [r for r in table.intent_routes if r.node_id == ids["Hinted"]]
    assert [t.node_id for t in leaf_routes[0].targets] == [ids["Hinted"]]


def test_concept_routes_from_tags() -> None:
    tree = build(
        N(
            "Doc",
            "",
            [
                N("Branch", "", [N("Leaf", "x", tags=["Cache"])], tags=["cache", "memory"]),
                N("Other", "y", tags=["memory"]),
            ],
        )
    )
    table = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    cache = table.concept_routes["cache"]
    assert [(t.node_id, t.relevance) for t in cache] == [(ids["Leaf"], 0.9), (ids["Branch"], 0.7)]
    assert {t.node_id for t in table.concept_routes["memory"]} == {ids["Branch"], ids["Other"]}


def test_concept_and_target_limits() -> None:
    leaves = [N(f"L{i}", "text", tags=["common", f"tag{i:03d}"]) for i in range(60)]
    table = _run(build(N("Doc", "", leaves)))
    assert len(table.concept_routes) == route.MAX_CONCEPTS
    assert "common" in table.concept_routes  # carried by most nodes: kept first
    assert len(table.concept_routes["common"]) == route.MAX_TARGETS


def test_no_hints_no_tags_gives_empty_table() -> None:
    table = _run(build(N("Doc", "", [N("A", "text")])))
    assert table.intent_routes == [] and table.concept_routes == {}
