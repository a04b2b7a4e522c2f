"""The route pass equals its first implementation (kept here as the reference) on random
trees: blank and repeated hints, tags differing in case and spaces, blank contents, and
navigation entries whose hints and tags differ from the nodes' own."""

from __future__ import annotations

import random
from collections import defaultdict
from operator import itemgetter
from typing import Any

from tests.support.index_trees import N, build
from vectorless_assets.ir.indexes import NavEntry, NavigationIndex, QueryRoutingTable
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes import navigation, route
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext

HINTS = ["What is it?", " What is it? ", "", "  ", "How?", "Why\n"]
TAGS = ["Rust", "rust ", " RUST", "", "cargo", "Build", "x" * 3, "\t"]
TEXTS = ["", " ", "\n\t", "some text", "  more  "]


def reference_run(tree: DocumentTree, nav_index: NavigationIndex) -> QueryRoutingTable:
    """`route.run` as first written."""
    if not tree.nodes:
        return QueryRoutingTable()
    entries = nav_index.entries

    def hints(node: TreeNode) -> list[str]:
        entry = entries.get(node.node_id)
        return list(entry.question_hints) if entry is not None else list(node.question_hints)

    def tags(node: TreeNode) -> list[str]:
        entry = entries.get(node.node_id)
        return list(entry.topic_tags) if entry is not None else list(node.routing_keywords)

    nodes = node_map(tree)
    walk = preorder_nodes(tree, nodes)
    has_text: dict[str, bool] = {}
    for node in reversed(walk):
        has_text[node.node_id] = bool(node.content.strip()) or any(
            has_text[c] for c in node.children
        )
    order = {n.node_id: i for i, n in enumerate(walk)}
    hint_count = {n.node_id: sum(1 for h in hints(n) if h.strip()) for n in walk}

    def top(scored: list[tuple[float, int, str]]) -> list[dict[str, Any]]:
        best = sorted(scored, key=itemgetter(0), reverse=True)[: route.MAX_TARGETS]
        return [{"node_id": nid, "relevance": rel} for rel, _, nid in best]

    intent_routes: list[dict[str, Any]] = []
    tagged: dict[str, list[tuple[float, int, str]]] = defaultdict(list)
    for node in walk:
        node_hints = [h.strip() for h in hints(node) if h.strip()]
        if node_hints:
            if node.children:
                ranked = top(
                    [
                        (route.child_relevance(hint_count[c], has_text[c]), order[c], c)
                        for c in node.children
                    ]
                )
            else:
                ranked = [{"node_id": node.node_id, "relevance": 1.0}]
            for hint in dict.fromkeys(node_hints):
                intent_routes.append({"intent": hint, "node_id": node.node_id, "targets": ranked})
        relevance = 0.7 if node.children else 0.9
        for tag in dict.fromkeys(t.strip().lower() for t in tags(node)):
            if tag:
                tagged[tag].append((relevance, order[node.node_id], node.node_id))
    chosen = sorted(tagged.items(), key=lambda kv: (-len(kv[1]), kv[0]))[: route.MAX_CONCEPTS]
    concept_routes = {tag: top(scored) for tag, scored in sorted(chosen)}
    return QueryRoutingTable.model_validate(
        {"intent_routes": intent_routes, "concept_routes": concept_routes}
    )


def random_spec(rng: random.Random, depth: int = 0) -> N:
    kids = [random_spec(rng, depth + 1) for _ in range(rng.randint(0, 4 if depth < 2 else 0))]
    return N(
        rng.choice(["A", "B", ""]),
        rng.choice(TEXTS),
        kids,
        hints=[rng.choice(HINTS) for _ in range(rng.randint(0, 3))],
        tags=[rng.choice(TAGS) for _ in range(rng.randint(0, 4))],
    )


def scrambled(nav: NavigationIndex, rng: random.Random) -> NavigationIndex:
    """Navigation entries whose hints and tags are not the nodes' own (route must read the
    entries)."""
    entries = {
        nid: NavEntry(
            node_id=nid,
            question_hints=[rng.choice(HINTS) for _ in range(rng.randint(0, 3))],
            topic_tags=[rng.choice(TAGS) for _ in range(rng.randint(0, 3))],
        )
        for nid in nav.entries
    }
    return nav.model_copy(update={"entries": entries})


def test_route_equals_the_first_implementation() -> None:
    rng = random.Random(12)
    routed = 0
    for _ in range(400):
        tree = build(random_spec(rng))
        nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
        for index in (nav, scrambled(nav, rng)):
            got = route.run(tree=tree, nav_index=index, ctx=PassContext())
            assert got == reference_run(tree, index)
            routed += bool(got.intent_routes and got.concept_routes)
    assert routed > 100


def test_many_tags_keep_the_most_carried() -> None:
    spec = N("Doc", "", [N(f"S{i}", "text", tags=[f"t{j}" for j in range(i)]) for i in range(60)])
    tree = build(spec)
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    got = route.run(tree=tree, nav_index=nav, ctx=PassContext())
    assert got == reference_run(tree, nav)
    assert len(got.concept_routes) == route.MAX_CONCEPTS
