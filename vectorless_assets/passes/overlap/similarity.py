"""Exact Jaccard similarity join: every pair of sets with Jaccard ≥ t, without all pairs.

`jaccard_join` is the prefix-filtering join of AllPairs (Bayardo et al., WWW 2007) with the
length filter:

1. Tokens are ranked by how many sets contain them (rarest first, ties by the token), and
   every set becomes the sorted list of its token ranks.
2. Sets are visited by increasing size. For sets x, y with |y| ≤ |x| and J(x, y) ≥ t, the
   overlap is at least α = ⌈t·|x|⌉ (because |y| ≥ t·|x|), so the first |x| − α + 1 ranks of
   x and the first |y| − ⌈t·|y|⌉ + 1 ranks of y must share a token (prefix filter). Each set
   probes an inverted index of the prefixes of the sets visited before it, skipping sets
   shorter than t·|x| (length filter; lists are trimmed from the front since sizes only
   grow), then adds its own prefix to the index. Since later sets are never smaller, the
   indexed prefix can be the shorter |y| − ⌈2t/(1+t)·|y|⌉ + 1 (PPJoin's mid-prefix: J ≥ t
   means an overlap ≥ t/(1+t)·(|x|+|y|) ≥ 2t/(1+t)·|y|).
   A positional filter (PPJoin, Xiao et al., WWW 2008) drops a candidate once the prefix
   matches seen so far plus the tokens left after the matching positions cannot reach the
   required overlap ⌈t/(1+t)·(|x|+|y|)⌉.
3. A bitmap filter (Sandes et al., "Bitmap filter: speeding up exact set similarity joins
   with bitwise operations", 2020) drops a surviving candidate whose XOR-signature bound
   (`bitmap_bound`) is below that overlap; on the 9.1 MB RFC file it cuts the exact checks
   from ~28k to the ~130 real pairs.
4. Every candidate is verified with the exact Jaccard `inter / (|x| + |y| − inter)`, the same
   float expression as `all_pairs_jaccard`, so both return exactly the same pairs. Bounds are
   rounded down by 1e-9 before `ceil`, so float error can only add candidates, never lose
   one.

Before all this, `pairable` sets the sets apart that cannot pair at all (on the corpus, 73
of 1,445 leaf token sets are left; most leaves hold many words no other leaf has), so
only those are ranked, sorted and indexed.

Rare-first prefixes make the candidate lists short on real text: the cost is near-linear
in the input plus the output. `all_pairs_jaccard` is the O(n²) definition, kept for tests.

Small families (at most `PAIRWISE_SETS` sets: most documents' leaves) are joined pair by
pair instead (`passes.overlap.pairwise`), which is cheaper there than counting every token of
every set; a family whose pairs would cost more than a budget goes to the prefix join after
all (`prefix_filtered_join`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import reduce
from itertools import chain
from operator import xor

from vectorless_assets.passes.overlap.pairwise import PAIRWISE_SETS, Pair, pairwise_join

_EPS = 1e-9
BITMAP_BITS = 1024
_BITS = [1 << b for b in range(BITMAP_BITS)]


def jaccard(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    """Jaccard similarity |a ∩ b| / |a ∪ b| (0.0 for two empty sets)."""
    inter = len(a & b)
    union = len(a) + len(b) - inter
    return inter / union if union else 0.0


def all_pairs_jaccard(sets: Sequence[frozenset[str]], threshold: float) -> list[Pair]:
    """Every (i, j, J) with i < j and J(sets[i], sets[j]) ≥ threshold: the O(n²) definition."""
    out: list[Pair] = []
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            if not sets[i] or not sets[j]:
                continue
            sim = jaccard(sets[i], sets[j])
            if sim >= threshold:
                out.append((i, j, sim))
    return out


def bitmap_bound(sig_a: int, sig_b: int, size_a: int, size_b: int) -> int:
    """Upper bound of |a ∩ b| from XOR bitmaps (Sandes et al., 2020).

    A set's signature XORs one bit per token, so common tokens cancel in `sig_a ^ sig_b`,
    which is then the signature of the symmetric difference: at most |a Δ b| bits are set,
    hence |a ∩ b| = (|a| + |b| − |a Δ b|) / 2 ≤ (|a| + |b| − popcount(sig_a ^ sig_b)) / 2.
    """
    return (size_a + size_b - (sig_a ^ sig_b).bit_count()) // 2


def _min_overlap(threshold: float, size: int) -> int:
    return max(1, math.ceil(threshold * size - _EPS))


#: `pairable` goes on while a round rules out at least 1/8 of the sets left.
_ROUNDS_WHILE = 8


def pairable(sets: Sequence[frozenset[str]], threshold: float) -> list[int]:
    """Positions (increasing) of the sets that may have Jaccard ≥ `threshold` (> 0) with
    another set; every set left out has none.

    A set's tokens found in no other set are in no intersection: with s of its n tokens
    shared, J(x, y) ≤ s / n for every other y (the union holds x's n tokens), so s < t·n
    rules x out (by a margin of 1e-9, so float error can only keep a set). Ruling sets out
    can unshare tokens, so this is repeated while a round rules out at least 1/`_ROUNDS_WHILE`
    of the sets left (the rest is the prefix join's work: on the 9.1 MB RFC file the first
    round rules out 16 of 7,660 sets, and every further round would cost as much as the
    first). Shared tokens are counted with one `Counter` per round. Empty sets never pair.
    """
    return _pairable(sets, threshold)[0]


def _pairable(sets: Sequence[frozenset[str]], threshold: float) -> tuple[list[int], Counter[str]]:
    """`pairable`, and how many of the sets kept hold each token (the prefix join's ranks)."""
    alive = [i for i, tokens in enumerate(sets) if tokens]
    while len(alive) > 1:
        freq = Counter(chain.from_iterable(map(sets.__getitem__, alive)))
        shared = {token for token, count in freq.items() if count > 1}  # in two or more sets
        kept = [i for i in alive if len(sets[i] & shared) >= threshold * len(sets[i]) - _EPS]
        if (len(alive) - len(kept)) * _ROUNDS_WHILE < len(alive):
            # few went: stop here (the sets kept may still hold some that cannot pair)
            for i in set(alive).difference(kept):
                for token in sets[i]:
                    if freq[token] > 1:
                        freq[token] -= 1
                    else:
                        del freq[token]
            return kept, freq
        alive = kept
    return [], Counter()


def jaccard_join(sets: Sequence[frozenset[str]], threshold: float) -> list[Pair]:
    """Same result as `all_pairs_jaccard` (sorted by i, then j): pair by pair for a small
    family (`pairwise_join`), else by prefix filtering of the `pairable` sets.

    Empty sets never pair. A threshold ≤ 0 pairs everything non-empty (then the output is
    quadratic by definition, and so is the cost).
    """
    if threshold <= 0:
        return all_pairs_jaccard(sets, threshold)
    if len(sets) <= PAIRWISE_SETS:
        found = pairwise_join(sets, threshold)
        if found is not None:
            return found
    return prefix_filtered_join(sets, threshold)


def prefix_filtered_join(sets: Sequence[frozenset[str]], threshold: float) -> list[Pair]:
    """`jaccard_join` (threshold > 0) by prefix filtering of the `pairable` sets."""
    keep, freq = _pairable(sets, threshold)
    if len(keep) < len(sets):
        # positions increase, so the pairs keep their order (i < j, sorted)
        return [
            (keep[i], keep[j], sim)
            for i, j, sim in _prefix_join([sets[k] for k in keep], threshold, freq)
        ]
    return _prefix_join(sets, threshold, freq)


def _prefix_join(
    sets: Sequence[frozenset[str]], threshold: float, freq: Counter[str]
) -> list[Pair]:
    """`jaccard_join` of all `sets` (threshold > 0) by prefix filtering (module docstring);
    `freq[token]` is the number of `sets` holding the token."""
    # rarest first, ties by the token: a stable sort by count of the sorted tokens
    by_rank = sorted(sorted(freq), key=freq.__getitem__)
    rank = dict(zip(by_rank, range(len(by_rank)), strict=True))
    sizes = list(map(len, sets))
    # by size, ties by position: a stable sort of the positions in order
    visit = sorted([i for i in range(len(sets)) if sizes[i]], key=sizes.__getitem__)
    mid = 2 * threshold / (1 + threshold)
    half = threshold / (1 + threshold)
    signatures: dict[int, int] = {}
    # bit of rank r: 1 << (r % BITMAP_BITS)
    bit = (_BITS * (len(rank) // BITMAP_BITS + 1))[: len(rank)]

    def signature(i: int) -> int:
        sig = signatures.get(i)
        if sig is None:
            sig = signatures[i] = reduce(xor, map(bit.__getitem__, map(rank.__getitem__, sets[i])))
        return sig

    index: dict[int, list[tuple[int, int]]] = {}
    start: dict[int, int] = {}
    out: list[Pair] = []
    for x in visit:
        size_x = sizes[x]
        ranks = sorted(map(rank.__getitem__, sets[x]))
        min_size = math.ceil(threshold * size_x - _EPS)
        probe = size_x - _min_overlap(threshold, size_x) + 1
        counts: dict[int, int] = {}
        # required overlap by the other set's size (same for all y of a size)
        needs: dict[int, int] = {}
        for i in range(probe):
            posting = index.get(ranks[i])
            if posting is None:
                continue
            pos = start.get(ranks[i], 0)
            while pos < len(posting) and sizes[posting[pos][0]] < min_size:
                pos += 1
            start[ranks[i]] = pos
            left_x = size_x - i - 1
            for y, j in posting[pos:]:
                seen = counts.get(y, 0)
                if seen < 0:
                    continue
                size_y = sizes[y]
                need = needs.get(size_y)
                if need is None:
                    need = needs[size_y] = math.ceil(half * (size_x + size_y) - _EPS)
                left_y = size_y - j - 1
                if seen + 1 + (left_x if left_x < left_y else left_y) >= need:
                    counts[y] = seen + 1
                else:
                    counts[y] = -1  # positional filter: cannot reach the overlap any more
        set_x = sets[x]
        for y, seen in counts.items():
            if seen > 0:
                if bitmap_bound(signature(x), signature(y), size_x, sizes[y]) < math.ceil(
                    half * (size_x + sizes[y]) - _EPS
                ):
                    continue  # bitmap filter: the overlap cannot be large enough
                sim = jaccard(set_x, sets[y])
                if sim >= threshold:
                    out.append((min(x, y), max(x, y), sim))
        indexed = size_x - max(1, math.ceil(mid * size_x - _EPS)) + 1
        for j in range(indexed):
            index.setdefault(ranks[j], []).append((x, j))
    out.sort(key=lambda p: (p[0], p[1]))
    return out
