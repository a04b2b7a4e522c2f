"""Exact Jaccard join of a small family of sets, pair by pair (`similarity.jaccard_join`'s
path for most documents' leaves).

The prefix join (`similarity.prefix_filtered_join`) first counts every token of every set
to rule sets out (`similarity.pairable`); on a family of a few dozen leaves that counting
costs more than intersecting the pairs whose sizes allow a Jaccard over the threshold, and
those are few: J(x, y) is at most min(|x|, |y|) / max(|x|, |y|). Corpus Markdown (0 pairs
among 1,445 leaf sets of 385 documents): the join 21 -> 10 ms, 382 documents joined here.
A family whose pairs would cost more than a budget is left to the prefix join, so one of
many alike sets (a quadratic number of intersections) costs at most about twice the prefix
join's time. Tested equal to `similarity.all_pairs_jaccard` on random families.
"""

from __future__ import annotations

from collections.abc import Sequence

#: (i, j, Jaccard) of two sets at positions i < j
Pair = tuple[int, int, float]

#: Families of at most this many sets are first joined pair by pair (`pairwise_join`).
PAIRWISE_SETS = 64
#: `pairwise_join`'s budget, in tokens intersected (a pair looked at counts one, a pair
#: intersected `_PAIR_COST` more): `_BUDGET_PER_TOKEN` per token of the family plus
#: `_FIXED_COST`. The prefix join costs about ten such units per token on the corpus's
#: largest leaf families (from 0.3 to 2 ms), so an abandoned pairwise join at most doubles it.
_BUDGET_PER_TOKEN = 8
_PAIR_COST = 3
_FIXED_COST = 64


def pairwise_join(sets: Sequence[frozenset[str]], threshold: float) -> list[Pair] | None:
    """`similarity.all_pairs_jaccard(sets, threshold)` for a threshold > 0, or None once it would
    cost
    more than its budget (`_BUDGET_PER_TOKEN`).

    A pair whose smaller size over its larger one is under the threshold is skipped: J is
    at most that ratio, and division rounds monotonically, so a ratio computed under the
    (float) threshold means a Jaccard computed under it too. Every other pair is checked with
    the same float expression as `similarity.jaccard`.
    """
    sizes = list(map(len, sets))
    budget = _BUDGET_PER_TOKEN * sum(sizes) + _FIXED_COST
    out: list[Pair] = []
    for i, size_i in enumerate(sizes):
        budget -= len(sizes) - 1 - i  # the pairs of this row, looked at
        if budget < 0:
            return None
        if not size_i:
            continue
        set_i = sets[i]
        for j in range(i + 1, len(sizes)):
            size_j = sizes[j]
            small, big = (size_i, size_j) if size_i <= size_j else (size_j, size_i)
            if not small or small / big < threshold:
                continue
            budget -= small + _PAIR_COST
            if budget < 0:
                return None
            inter = len(set_i & sets[j])
            sim = inter / (size_i + size_j - inter)
            if sim >= threshold:
                out.append((i, j, sim))
    return out
