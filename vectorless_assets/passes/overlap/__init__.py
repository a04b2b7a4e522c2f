"""OverlapPass: Jaccard overlap between leaves (duplicate / subset / summary), near-linear.

Which leaves: leaves whose content has at least `options.overlap_min_chars` non-blank
characters (stripped) and at least one word. A leaf's token set is the set of its
lowercased words (`text.words.split_words`, so CJK text gives character bigrams).

**Compact output.** Leaves with *identical* token sets are reported once, as a
`DuplicateGroup` (node ids in document order, `token_count` = size of the shared token set),
instead of n·(n−1)/2 pairs; the group's first node is its *representative*. `pairs` then holds
one `OverlapPair` per pair of *distinct* token sets with Jaccard ≥ `options.overlap_threshold`,
named by their representatives (node_a before node_b in document order). The full answer of
an all-pairs scan is recovered by `expanded_pairs`: every two members of a group (Jaccard
1.0), and for every pair every member of node_a's group with every member of node_b's group
(a node outside any group is a group of one). Tested equal to the all-pairs scan.

**Kind** (reference constants): Jaccard ≥ 0.9 → duplicate; else a content length ratio
(shorter / longer, in characters, of the representatives) < 0.5 → summary; else subset.

**Cost**: grouping is one hash per leaf; the pairs come from `similarity.jaccard_join`
(prefix and length filtering over an inverted index, exact), near-linear in input + output.

Its own modules: `similarity` (the candidate join over token sets) and `pairwise`
(the direct comparison of small sets).
"""

from __future__ import annotations

from collections.abc import Iterator

from vectorless_assets.ir.indexes import (
    ContentOverlapMap,
    DuplicateGroup,
    OverlapKind,
    OverlapPair,
)
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.nodetext import rounded
from vectorless_assets.passes.common.walk import preorder_nodes
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.overlap.similarity import jaccard_join
from vectorless_assets.text.word_cache import WordCache

DUPLICATE_AT = 0.9
SUMMARY_RATIO = 0.5


def overlap_kind(sim: float, len_a: int, len_b: int) -> OverlapKind:
    """Duplicate (≥ 0.9), else summary (length ratio < 0.5), else subset."""
    if sim >= DUPLICATE_AT:
        return "duplicate"
    longer = max(len_a, len_b)
    if longer and min(len_a, len_b) / longer < SUMMARY_RATIO:
        return "summary"
    return "subset"


def leaf_token_sets(
    tree: DocumentTree, min_chars: int, texts: WordCache | None = None
) -> list[tuple[str, frozenset[str], int]]:
    """(node id, token set, content length) of every eligible leaf, in document order.

    `texts` is the compile's shared token cache (a private one when None); the tokens of the
    stripped content are those of the content.
    """
    texts = texts if texts is not None else WordCache()
    out: list[tuple[str, frozenset[str], int]] = []
    for node in preorder_nodes(tree):
        if node.children:
            continue
        text = node.content.strip()
        if len(text) < min_chars:
            continue
        tokens = frozenset(texts.word_counts(node.content))
        if tokens:
            out.append((node.node_id, tokens, len(text)))
    return out


def run(*, tree: DocumentTree, ctx: PassContext) -> ContentOverlapMap:
    """Jaccard overlap between leaves: exact duplicates grouped, near-duplicate pairs kept.

    Pairs are exactly those of an all-pairs scan at `options.overlap_threshold` (found by
    prefix-filtered candidate generation, not by comparing every pair); identical leaves are
    reported as one `DuplicateGroup` each (see the module docstring).
    """
    threshold = ctx.options.overlap_threshold
    leaves = leaf_token_sets(tree, ctx.options.overlap_min_chars, ctx.texts)
    members: dict[frozenset[str], list[int]] = {}
    for i, (_, tokens, _) in enumerate(leaves):
        members.setdefault(tokens, []).append(i)
    distinct = list(members)  # in order of first appearance
    groups = [
        DuplicateGroup(node_ids=[leaves[i][0] for i in idx], token_count=len(tokens))
        for tokens, idx in members.items()
        if len(idx) > 1
    ]
    pairs: list[OverlapPair] = []
    for a, b, sim in jaccard_join(distinct, threshold):
        rep_a, rep_b = leaves[members[distinct[a]][0]], leaves[members[distinct[b]][0]]
        pairs.append(
            OverlapPair(
                node_a=rep_a[0],
                node_b=rep_b[0],
                jaccard=rounded(sim),
                kind=overlap_kind(sim, rep_a[2], rep_b[2]),
            )
        )
    return ContentOverlapMap(threshold=threshold, pairs=pairs, duplicate_groups=groups)


def expanded_pairs(overlap: ContentOverlapMap) -> Iterator[tuple[str, str, float]]:
    """Every (node_a, node_b, jaccard) pair the compact map stands for (see module docstring).

    Node ids in each pair are in the order of their group listing; callers comparing with
    another pair list should normalise the order.
    """
    group_of = {g.node_ids[0]: g.node_ids for g in overlap.duplicate_groups if g.node_ids}
    for group in overlap.duplicate_groups:
        for i, a in enumerate(group.node_ids):
            for b in group.node_ids[i + 1 :]:
                yield a, b, 1.0
    for pair in overlap.pairs:
        for a in group_of.get(pair.node_a, [pair.node_a]):
            for b in group_of.get(pair.node_b, [pair.node_b]):
                yield a, b, pair.jaccard
