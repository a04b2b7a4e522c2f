"""Pairwise join of small families: the all-pairs definition's pairs, or None past its budget
(then `jaccard_join` takes the prefix join, with the same result)."""

from __future__ import annotations

import random

import pytest

from tests.passes.overlap.test_similarity import THRESHOLDS, _leaf_like_sets
from vectorless_assets.passes.overlap.pairwise import PAIRWISE_SETS, pairwise_join
from vectorless_assets.passes.overlap.similarity import all_pairs_jaccard, jaccard_join


def _sized_family(rnd: random.Random, n: int) -> list[frozenset[str]]:
    """Sets of sizes near each other and near a threshold's ratios (4 of 5, 8 of 10...)."""
    vocab = [f"w{i}" for i in range(rnd.randint(2, 14))]
    return [frozenset(rnd.sample(vocab, rnd.randint(0, len(vocab)))) for _ in range(n)]


@pytest.mark.parametrize("seed", range(40))
def test_pairwise_join_is_all_pairs(seed: int) -> None:
    """Pair by pair, sizes apart skipped: the definition's pairs, whichever path answers."""
    rnd = random.Random(seed)
    for sets in (_leaf_like_sets(rnd), _sized_family(rnd, rnd.randint(0, 30))):
        for t in (*THRESHOLDS, 0.75, 0.8000000000000002, 2 / 3):
            expected = all_pairs_jaccard(sets, t)
            found = pairwise_join(sets, t)
            assert found is None or found == expected
            assert jaccard_join(sets, t) == expected


def test_pairwise_join_keeps_a_pair_at_the_size_ratio_and_gives_up_past_its_budget() -> None:
    four, five = frozenset("abcd"), frozenset("abcde")
    assert pairwise_join([four, frozenset(), five], 0.8) == [(0, 2, 0.8)]  # 4/5 = J = t
    assert pairwise_join([four, five], 0.81) == []  # skipped by size
    # many alike sets: the intersections would cost more than counting the tokens twice
    alike = [frozenset(f"w{i}" for i in range(200) if i != k) for k in range(PAIRWISE_SETS)]
    assert pairwise_join(alike, 0.9) is None
    assert jaccard_join(alike, 0.9) == all_pairs_jaccard(alike, 0.9)
    assert len(jaccard_join(alike, 0.9)) == PAIRWISE_SETS * (PAIRWISE_SETS - 1) // 2
