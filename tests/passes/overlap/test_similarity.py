"""Jaccard join: the sets `pairable` rules out have no pair, and the join with them left out
equals the all-pairs definition on sets where most tokens are unshared (as in real leaves)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

import pytest

from vectorless_assets.passes.overlap.similarity import (
    _pairable,
    all_pairs_jaccard,
    jaccard_join,
    pairable,
    prefix_filtered_join,
)

THRESHOLDS = (0.05, 0.3, 0.5, 0.8, 0.9, 1.0)


def _leaf_like_sets(rnd: random.Random) -> list[frozenset[str]]:
    """Variants of a few shared bases, each with a random number of words of its own."""
    common = [f"c{i}" for i in range(rnd.randint(1, 30))]
    bases = [rnd.sample(common, rnd.randint(1, len(common))) for _ in range(rnd.randint(1, 4))]
    sets = []
    for k in range(rnd.randint(0, 25)):
        base = rnd.choice(bases)
        own = [f"u{k}_{j}" for j in range(rnd.choice([0, 0, 1, 3, 10, 40]))]
        kept = [w for w in base if rnd.random() < 0.9]
        sets.append(frozenset(kept + own))
    return sets


@pytest.mark.parametrize("seed", range(60))
def test_join_equals_all_pairs_when_sets_are_ruled_out(seed: int) -> None:
    rnd = random.Random(seed)
    sets = _leaf_like_sets(rnd)
    for t in THRESHOLDS:
        expected = all_pairs_jaccard(sets, t)
        keep = set(pairable(sets, t))
        assert {i for i, j, _ in expected} | {j for i, j, _ in expected} <= keep
        assert jaccard_join(sets, t) == prefix_filtered_join(sets, t) == expected


def test_sets_of_unshared_words_are_ruled_out_repeatedly() -> None:
    a, b = frozenset("abcd"), frozenset("abce")  # J = 3/5
    g = frozenset({"q", "g1", "g2", "g3", "g4", "g5"})  # 1 of 6 shared: out first
    f = frozenset({"p", "q", "z"})  # 2 of 3 shared, then (q gone with g) 1 of 3: out next
    h = frozenset({"p", "h"})  # then shares nothing: out last
    sets = [a, frozenset(), f, g, b, h]
    assert pairable(sets, 0.5) == [0, 4]
    assert prefix_filtered_join(sets, 0.5) == all_pairs_jaccard(sets, 0.5) == [(0, 4, 0.6)]
    assert pairable(sets, 0.2) == [0, 2, 4, 5]  # f and h: J = 1/4
    assert prefix_filtered_join(sets, 0.2) == all_pairs_jaccard(sets, 0.2)
    assert pairable([a], 0.5) == [] and pairable([a, a], 1.0) == [0, 1]


def test_few_ruled_out_ends_the_rounds_and_the_join_stays_exact() -> None:
    # round 1 rules out only g (1 of 9 < 1/8 of the sets left): f, which shares nothing once g
    # is gone, is kept (a superset is allowed) and the join still finds exactly the real pairs
    pairs = [frozenset({f"w{k}", "c1", "c2"}) for k in range(7)]
    g = frozenset({"q", "g1", "g2", "g3", "g4", "g5"})
    f = frozenset({"q", "z"})
    sets = [*pairs, g, f]
    assert pairable(sets, 0.5) == [0, 1, 2, 3, 4, 5, 6, 8]
    assert prefix_filtered_join(sets, 0.5) == all_pairs_jaccard(sets, 0.5)
    assert prefix_filtered_join(sets, 0.2) == all_pairs_jaccard(sets, 0.2)


@pytest.mark.parametrize("seed", range(30))
def test_the_counts_handed_to_the_join_are_those_of_the_sets_kept(seed: int) -> None:
    # the last round's counts less the sets it ruled out: the join ranks tokens by them
    sets = _leaf_like_sets(random.Random(seed))
    for t in THRESHOLDS:
        kept, freq = _pairable(sets, t)
        assert freq == Counter(chain.from_iterable(sets[i] for i in kept))
