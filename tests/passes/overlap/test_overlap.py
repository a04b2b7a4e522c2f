"""OverlapPass: exact Jaccard pairs by candidate generation (= all-pairs), duplicate groups."""

from __future__ import annotations

import random

import pytest

from tests.support.index_trees import N, build, snapshot
from tests.support.paths import CORPUS
from vectorless_assets.ir.indexes import ContentOverlapMap
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import overlap
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.overlap.similarity import (
    BITMAP_BITS,
    all_pairs_jaccard,
    bitmap_bound,
    jaccard,
    jaccard_join,
    prefix_filtered_join,
)
from vectorless_assets.text.words import split_words

THRESHOLDS = (0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)


def _random_sets(rnd: random.Random) -> list[frozenset[str]]:
    vocab = [f"w{i}" for i in range(rnd.randint(3, 40))]
    bases = [
        frozenset(rnd.sample(vocab, rnd.randint(1, len(vocab)))) for _ in range(rnd.randint(1, 6))
    ]
    sets = []
    for _ in range(rnd.randint(0, 50)):
        s = set(rnd.choice(bases))
        for _ in range(rnd.randint(0, 3)):
            if rnd.random() < 0.5 and s:
                s.discard(rnd.choice(sorted(s)))
            else:
                s.add(rnd.choice(vocab))
        sets.append(frozenset(s))
    return sets


def test_join_equals_all_pairs_on_random_sets() -> None:
    rnd = random.Random(20240601)
    for _ in range(150):
        sets = _random_sets(rnd)
        for t in THRESHOLDS:
            expected = all_pairs_jaccard(sets, t)
            assert jaccard_join(sets, t) == prefix_filtered_join(sets, t) == expected


def test_bitmap_bound_never_undercuts_the_true_overlap() -> None:
    rnd = random.Random(3)
    for _ in range(500):
        vocab = range(rnd.randint(1, 3000))
        a = set(rnd.sample(vocab, rnd.randint(0, len(vocab))))
        b = set(rnd.sample(vocab, rnd.randint(0, len(vocab))))
        sig_a = sig_b = 0
        for r in a:
            sig_a ^= 1 << (r % BITMAP_BITS)
        for r in b:
            sig_b ^= 1 << (r % BITMAP_BITS)
        assert bitmap_bound(sig_a, sig_b, len(a), len(b)) >= len(a & b)


def _oracle(tree: DocumentTree, threshold: float, min_chars: int) -> set[tuple[str, str, float]]:
    leaves = overlap.leaf_token_sets(tree, min_chars)
    return {
        (leaves[i][0], leaves[j][0], round(sim, 6))
        for i, j, sim in all_pairs_jaccard([t for _, t, _ in leaves], threshold)
    }


def _expanded(result: ContentOverlapMap, tree: DocumentTree) -> set[tuple[str, str, float]]:
    order = {n.node_id: i for i, n in enumerate(tree.nodes)}
    out = set()
    for a, b, sim in overlap.expanded_pairs(result):
        a, b = sorted((a, b), key=order.__getitem__)
        out.add((a, b, sim))
    return out


def _run(tree: DocumentTree, threshold: float = 0.8) -> ContentOverlapMap:
    env = PassContext(options=CompileOptions(mode="deep", overlap_threshold=threshold))
    before = snapshot(tree)
    result = overlap.run(tree=tree, ctx=env)
    assert snapshot(tree) == before
    return result


def test_pass_equals_all_pairs_on_random_trees_with_duplicates() -> None:
    rnd = random.Random(7)
    for _ in range(40):
        sets = _random_sets(rnd)
        leaves = [
            N(f"L{i}", " ".join(sorted(s)) + " " + "pad " * rnd.randint(0, 12))
            for i, s in enumerate(sets)
        ]
        tree = build(
            N("Doc", "", [N("Part", "", leaves[: len(leaves) // 2]), *leaves[len(leaves) // 2 :]])
        )
        for t in (0.5, 0.8):
            result = _run(tree, t)
            expanded = _expanded(result, tree)
            assert expanded == _oracle(tree, t, 50)
            assert len(expanded) == len(list(overlap.expanded_pairs(result)))  # no pair twice


def test_identical_leaves_are_one_group_not_quadratic_pairs() -> None:
    text = "This template section has the same boilerplate text every single time it appears."
    leaves = [N(f"T{i}", text) for i in range(500)] + [
        N("Other", "completely different words about other matters entirely here")
    ]
    tree = build(N("Doc", "", leaves))
    result = _run(tree)
    assert result.pairs == []
    assert len(result.duplicate_groups) == 1
    group = result.duplicate_groups[0]
    assert len(group.node_ids) == 500
    assert group.token_count == len(set(split_words(text)))
    assert len(list(overlap.expanded_pairs(result))) == 500 * 499 // 2


def test_kinds_and_min_chars() -> None:
    base = " ".join(f"word{i}" for i in range(20))
    tree = build(
        N(
            "Doc",
            "",
            [
                N("A", base),
                N("A2", base + " word20"),  # J = 20/21 ≥ 0.9: duplicate
                # J(A,B) = 17/21 ≈ 0.81
                N("B", " ".join(f"word{i}" for i in range(17)) + " extra1"),
                # long repeat of B's words
                N("C", (" ".join(f"word{i}" for i in range(17)) + " other1 ") * 4),
                N("Short", "word1 word2"),  # < 50 chars: ignored
            ],
        )
    )
    result = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    kinds = {(p.node_a, p.node_b): p.kind for p in result.pairs}
    assert kinds[(ids["A"], ids["A2"])] == "duplicate"
    assert kinds[(ids["A"], ids["B"])] == "subset"
    assert kinds[(ids["A"], ids["C"])] == "summary"  # A is less than half as long as C
    assert all(ids["Short"] not in (p.node_a, p.node_b) for p in result.pairs)
    for p in result.pairs:
        assert p.jaccard >= 0.8
    assert overlap.overlap_kind(0.85, 100, 40) == "summary"
    assert overlap.overlap_kind(0.85, 100, 60) == "subset"
    assert overlap.overlap_kind(0.95, 100, 10) == "duplicate"


def test_cjk_leaves_overlap_by_bigrams() -> None:
    a = (
        "東京都は日本の首都であり、人口が最も多い都市である。"
        "経済と文化の中心地として知られている。多くの企業の本社がある。"
    )
    assert len(a) >= 50
    tree = build(
        N(
            "Doc",
            "",
            [
                N("A", a),
                N("B", a + "とても"),
                N(
                    "C",
                    "大阪府は西日本の商業の中心地であり、食文化で有名な都市として知られている場所。多くの観光客が訪れる。",
                ),
            ],
        )
    )
    result = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    assert [(p.node_a, p.node_b) for p in result.pairs] == [(ids["A"], ids["B"])]
    assert jaccard(frozenset(split_words(a)), frozenset(split_words(a + "とても"))) >= 0.9


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_pass_equals_all_pairs_on_a_real_tree() -> None:
    from vectorless_assets.pipeline.compile import compile_document

    src = (CORPUS / "md" / "large" / "rust-rfcs-all-in-one.md").read_bytes()
    cut = src[:500_000]
    cut = cut[: cut.rfind(b"\n") + 1]
    tree = compile_document(cut, name="rfcs-part.md", mode="fast").tree
    result = _run(tree)
    expanded = _expanded(result, tree)
    assert expanded == _oracle(tree, 0.8, 50)
    assert expanded  # the RFC template repeats: there is overlap to find


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_pass_equals_all_pairs_on_the_whole_rfc_file() -> None:
    """~7.8k leaves: the all-pairs oracle takes minutes, the pass about a second."""
    from vectorless_assets.pipeline.compile import compile_document

    tree = compile_document(CORPUS / "md" / "large" / "rust-rfcs-all-in-one.md", mode="fast").tree
    result = _run(tree)
    assert _expanded(result, tree) == _oracle(tree, 0.8, 50)
