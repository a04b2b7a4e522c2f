"""Reasoning-index postings (`passes.reasoning.postings`): the fast build (shared postings, weights
only where they can matter) equals the per-posting definition it replaced, on seeded
random trees."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from tests.support.index_trees import N, build
from vectorless_assets.ir.indexes import ReasoningIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import reasoning
from vectorless_assets.passes.common.walk import preorder_nodes
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.reasoning import postings
from vectorless_assets.text.words import keywords

WORDS = [
    "cache",
    "data",
    "store",
    "the",
    "of",
    "key",
    "Keys",
    "2024",
    "x",
    "東京都",
    "人口",
    "naïve",
    "café",
]


def reference_postings(
    tree: DocumentTree, max_keywords: int, per_keyword: int
) -> tuple[dict[str, list[tuple[str, float]]], list[str]]:
    """The definition: every (node, keyword) weighed, per keyword sorted and normalised,
    the `max_keywords` most widespread kept (ties alphabetically), keywords alphabetically;
    and the kept keywords, most widespread first."""
    where: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for node in preorder_nodes(tree):
        acc: dict[str, float] = defaultdict(float)
        for text, weight in ((node.title, 2.0), (node.summary, 1.5), (node.content, 1.0)):
            for kw in keywords(text):
                acc[kw] += weight
        for kw, w in acc.items():
            where[kw].append((node.node_id, w))
    top = sorted(sorted(where), key=lambda kw: len(where[kw]), reverse=True)[:max_keywords]
    out = {}
    for kw in sorted(top):
        ranked = sorted(where[kw], key=lambda p: p[1], reverse=True)[:per_keyword]
        best = ranked[0][1]
        out[kw] = [(node_id, round(w / best, 6) + 0.0) for node_id, w in ranked]
    return out, top


def _text(rng: random.Random, n: int) -> str:
    return " ".join(
        rng.choice(WORDS) + rng.choice(["", "", "s", str(rng.randint(0, 3))]) for _ in range(n)
    )


def _random_tree(rng: random.Random) -> DocumentTree:
    def spec(depth: int) -> N:
        kids = [spec(depth + 1) for _ in range(rng.randint(0, 4))] if depth < 3 else []
        return N(
            _text(rng, rng.randint(0, 3)),
            _text(rng, rng.randint(0, 30)),
            kids,
            summary=_text(rng, rng.randint(0, 8)),
        )

    return build(spec(0))


def _index(tree: DocumentTree, **opts: int) -> ReasoningIndex:
    return reasoning.run(
        tree=tree, summary="", ctx=PassContext(options=CompileOptions(mode="deep", **opts))
    )


@pytest.mark.parametrize("seed", range(40))
def test_postings_equal_the_per_posting_definition(seed: int) -> None:
    rng = random.Random(seed)
    tree = _random_tree(rng)
    max_keywords, per_keyword = rng.choice([(5000, 20), (3, 2), (10, 1), (7, 5)])
    index = _index(tree, max_keywords=max_keywords, postings_per_keyword=per_keyword)
    got = {kw: [(p.node_id, p.weight) for p in ps] for kw, ps in index.keywords.items()}
    assert list(got) == sorted(got)  # alphabetical, as the definition lists them
    expected, top = reference_postings(tree, max_keywords, per_keyword)
    assert got == expected
    widespread = postings.build_postings(tree, max_keywords, per_keyword, widespread=30)[1]
    assert widespread == top[:30]


@pytest.mark.parametrize("seed", range(10))
def test_built_index_equals_the_validation_of_its_dump(seed: int) -> None:
    index = _index(_random_tree(random.Random(seed)))
    again = ReasoningIndex.model_validate(index.model_dump())
    assert again == index
    assert again.model_dump_json() == index.model_dump_json()


def test_equal_postings_are_shared_and_the_synonym_order_is_the_spread_order() -> None:
    tree = build(
        N("Doc", "", [N("alpha", "beta gamma gamma"), N("beta", "gamma delta"), N("x", "delta")])
    )
    built, widespread = postings.build_postings(tree, 5000, 20, widespread=4)
    ids = {n.title: n.node_id for n in tree.nodes}
    assert built["alpha"][0] is built["gamma"][0]  # (alpha node, 1.0): one object
    assert [(p.node_id, p.weight) for p in built["beta"]] == [
        (ids["beta"], 1.0),
        (ids["alpha"], 0.5),
    ]
    assert widespread == ["beta", "delta", "gamma", "alpha"]  # 2 nodes each, then 1, ties a-z
    assert postings.build_postings(tree, 2, 20, widespread=4)[1] == ["beta", "delta"]
    assert postings.build_postings(tree, 5000, 20)[1] == []  # not asked: not ranked
