"""Keyword postings of the reasoning index: keyword -> weighted nodes (`ReasoningPass`).

A node's raw weight for a keyword is 2.0 per occurrence in its title, 1.5 in its summary and
1.0 in its content. Per keyword the weights are divided by the best node's (so the best
node weighs 1.0, rounded to 6 decimals) and the top `per_keyword` nodes are kept (ties in
document order); at most `max_keywords` keywords are kept, the ones found in most nodes
(ties alphabetically). `build_postings` says where it spends its work.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import chain

from vectorless_assets.ir.indexes import KeywordPosting
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.walk import preorder_nodes
from vectorless_assets.text.word_cache import WordCache

TITLE_WEIGHT = 2.0
SUMMARY_WEIGHT = 1.5
CONTENT_WEIGHT = 1.0


def keyword_weights(
    title: str, summary: str, content: str, texts: WordCache | None = None
) -> dict[str, float]:
    """Raw (unnormalised) keyword weights of one node's title, summary and content.

    `texts` is the compile's shared token cache (a private one when None). Weights are
    multiples of 0.5 (exact in floating point), so the order of the additions does not
    matter: the content's counts are taken as they are and the rest added to them.
    """
    texts = texts if texts is not None else WordCache()
    acc: dict[str, float] = dict(texts.keyword_counts(content))  # CONTENT_WEIGHT is 1
    get = acc.get
    # the summary (enhance's output) is read by this pass only: counted, not kept
    for words, weight in (
        (texts.keyword_counts(summary, keep=False), SUMMARY_WEIGHT),
        (texts.keyword_counts(title), TITLE_WEIGHT),
    ):
        for tok, count in words.items():
            acc[tok] = get(tok, 0) + weight * count
    return acc


#: keyword -> its postings
Postings = dict[str, list[KeywordPosting]]
#: `KeywordPosting.model_validate` without its Python-level wrapper: the model's own
#: pydantic-core validator, called directly (2x faster per posting)
_posting = KeywordPosting.__pydantic_validator__.validate_python


def most_widespread(spread: Counter[str], n: int) -> list[str]:
    """The `n` keywords found in most nodes, ties alphabetically (a stable sort by count of
    the sorted keywords)."""
    return sorted(sorted(spread), key=spread.__getitem__, reverse=True)[:n]


def build_postings(
    tree: DocumentTree,
    max_keywords: int,
    per_keyword: int,
    texts: WordCache | None = None,
    widespread: int = 0,
) -> tuple[Postings, list[str]]:
    """Keyword -> postings, keywords alphabetically (see the module docstring), and the
    `widespread` first of the indexed keywords, most widespread first (ties alphabetically).

    Work is spent where a weight can matter (O(tokens + postings · log postings)):

    * each keyword's nodes are counted (C-level `Counter` of the nodes' keyword sets);
      only when there are more than `max_keywords` keywords (or `widespread` are asked for)
      are the keywords ranked by that count;
    * a keyword of one node has the one posting (that node, 1.0): its weight is never read;
    * a keyword of several nodes collects its nodes (document order) and raw weights, then
      is ranked and normalised; a weight equal to the best one is exactly 1.0;
    * the result is laid out alphabetically before it is filled (no sorted copy).

    Equal postings (same node and weight) are one `KeywordPosting` object (the corpus's 128k
    postings are ~31k objects), built here and not validated again (its fields have their
    types), so a posting must not be changed in place. Tested equal to the per-posting
    definition (`tests/passes/reasoning/test_postings.py`).
    """
    texts = texts if texts is not None else WordCache()
    walk = preorder_nodes(tree)
    weights = [keyword_weights(n.title, n.summary, n.content, texts) for n in walk]
    spread = Counter(chain.from_iterable(weights))  # nodes per keyword
    several = {kw for kw, count in spread.items() if count > 1}
    top: list[str] = []
    indexed: Iterable[str] = spread
    if len(spread) > max_keywords or widespread > 0:
        top = most_widespread(spread, max_keywords)
        if len(spread) > max_keywords:  # only the indexed keywords are weighed
            indexed = kept = set(top)
            several &= kept
            weights = [{kw: w for kw, w in node.items() if kw in kept} for node in weights]
    # every indexed keyword is given its postings below: the dict is laid out alphabetically
    # first (an assignment keeps a key's place), not sorted and copied at the end
    out: Postings = dict.fromkeys(sorted(indexed), [])
    best_of = [_posting({"node_id": n.node_id, "weight": 1.0}) for n in walk]
    # keywords of several nodes: parallel lists of ints and floats (not tuples) per keyword
    where: dict[str, list[int]] = defaultdict(list)
    raw: dict[str, list[float]] = defaultdict(list)
    for i, node_weights in enumerate(weights):
        for kw, weight in node_weights.items():
            if kw in several:
                where[kw].append(i)
                raw[kw].append(weight)
            else:  # the keyword's one node
                out[kw] = [best_of[i]]
    shared: dict[tuple[int, float], KeywordPosting] = {}
    if len(_ROUNDED) > ROUNDED_ENTRIES:
        _ROUNDED.clear()
    ratio = _ROUNDED
    for kw, nodes in where.items():
        ws = raw[kw]
        if len(nodes) <= per_keyword and ws.count(ws[0]) == len(nodes):
            out[kw] = list(map(best_of.__getitem__, nodes))  # all 1.0, in document order
            continue
        # stable sort, heaviest first: ties stay in document order
        ranked = sorted(range(len(nodes)), key=ws.__getitem__, reverse=True)[:per_keyword]
        best = ws[ranked[0]]
        postings = []
        for k in ranked:
            i, w = nodes[k], ws[k]
            if w == best:
                postings.append(best_of[i])
                continue
            key = (i, ratio[w / best])
            posting = shared.get(key)
            if posting is None:
                posting = shared[key] = _posting({"node_id": walk[i].node_id, "weight": key[1]})
            postings.append(posting)
        out[kw] = postings
    return out, top[:widespread]


class _Rounded(dict[float, float]):
    """Normalised weight -> `round(weight, 6) + 0.0`, each rounded once: the quotients of
    half-integer raw weights are few and recur from one document to the next. A pure
    function of its key, shared by the compiles of the process (bounded: emptied by the
    next compile once over `ROUNDED_ENTRIES`)."""

    def __missing__(self, value: float) -> float:
        out = self[value] = round(value, 6) + 0.0
        return out


ROUNDED_ENTRIES = 1 << 14
_ROUNDED = _Rounded()
