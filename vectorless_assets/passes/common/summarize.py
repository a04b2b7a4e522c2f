"""LLM-free summaries (the enhance pass's fallback path).

Everything here is extractive and deterministic:

* **summary**: a node of at most `summary_shortcut_tokens` (50) uses its own text; a longer
  one gets its 3 best sentences (in document order) scored by how many of the node's
  frequent keywords they hold, the first sentence favoured, cut to `summary_max_tokens`.
  A branch whose own text is empty is summarised by what it covers (its child titles).

Cost: a short text is told by bounds before any estimate (`budget.is_short`); a long
text that no other pass reads is tokenised once for its sentences and its keyword counts
together (`sentences_of`); a cut is searched from a proportional guess
(`budget.truncate_tokens`); the document summary's first sentences are cut one at a time
(`first_raw_sentences`). Each fast path's docstring says why it gives the plain
definition's result. Sentences are cut by `passes.common.sentences`.

Routing tags and question hints are in `passes.enhance.tags`; the Markdown text cleaning summaries
and tags share (`clean`, `plain`, `keyword_text`) in `passes.common.plaintext`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.budget import is_short, truncate_tokens
from vectorless_assets.passes.common.plaintext import clean, keyword_text, strip_front_matter
from vectorless_assets.passes.common.sentences import Sentences, first_raw_sentences, raw_sentences
from vectorless_assets.text.word_cache import Counts
from vectorless_assets.text.words import keywords, split_words_by_line

MAX_SENTENCES = 3
#: A branch summary lists at most this many child titles.
MAX_COVERS = 30


def extractive_summary(
    text: str,
    max_tokens: int,
    shortcut_tokens: int,
    *,
    freq: Counts | None = None,
    scan: str | None = None,
    split: Sentences | None = None,
    tokens: int | None = None,
) -> str:
    """The node text itself when short, else its best sentences (see module docstring).

    `scan` is `keyword_text(text)` and `freq` its keyword counts (`WordCache.keyword_counts`),
    when the caller already has them; `split` is `sentences_of(scan)` when the caller has
    it, for a text it knows is not short (`is_short`); `tokens` is `estimate_tokens(text)`
    when the caller knows it (a node's `token_count`).
    """
    if not text or text.isspace():  # (`not text.strip()` without a copy of the text)
        return ""
    if split is None and is_short(text, shortcut_tokens, tokens):  # a prefix decides
        return truncate_tokens(clean(text), max_tokens)
    scan = scan if scan is not None else keyword_text(text)
    sents = split.texts if split is not None else raw_sentences(text, scan=scan)
    if not sents:
        return truncate_tokens(clean(scan), max_tokens)
    best: Iterable[int] = range(len(sents))  # up to MAX_SENTENCES: all of them, in order
    if len(sents) > MAX_SENTENCES:
        freq = (
            split.keywords
            if split is not None
            else freq
            if freq is not None
            else Counter(keywords(scan))
        )
        scored = []
        count = freq.__getitem__
        if split is not None:
            picked = split.found
        else:
            # sentences come from `scan` and no sentence cuts a word or a CJK run, so the
            # keywords of a sentence are its tokens found in `freq` (`scan`'s keyword
            # counts); every sentence's word tokens in one go (sentences hold no newline)
            picked = [
                list(filter(freq.__contains__, words))
                for words in split_words_by_line("\n".join(sents))
            ]
        for i, found in enumerate(picked):
            # the sum of the frequencies of the sentence's distinct keywords over the square
            # root of 1 + its keyword occurrences (integer sums: order does not matter)
            score = sum(map(count, set(found))) / (1 + len(found)) ** 0.5
            if i == 0:
                score *= 1.5
            scored.append((-score, i))
        best = sorted(i for _, i in sorted(scored)[:MAX_SENTENCES])
    return truncate_tokens(" ".join(clean(sents[i]) for i in best), max_tokens)


def branch_summary(
    text: str,
    child_titles: list[str],
    max_tokens: int,
    shortcut_tokens: int,
    *,
    freq: Counts | None = None,
    scan: str | None = None,
    split: Sentences | None = None,
    tokens: int | None = None,
) -> str:
    """A branch's own `text` (extractive) plus the list of what the branch covers."""
    own = extractive_summary(
        text, max_tokens, shortcut_tokens, freq=freq, scan=scan, split=split, tokens=tokens
    )
    titles = [t for t in (clean(t) for t in child_titles[:MAX_COVERS]) if t]
    more = f" and {len(child_titles) - MAX_COVERS} more" if len(child_titles) > MAX_COVERS else ""
    covers = f"Covers: {', '.join(titles)}{more}." if titles else ""
    return truncate_tokens(" ".join(x for x in (own, covers) if x), max_tokens)


def document_summary(tree: DocumentTree, max_tokens: int) -> str:
    """Document summary from the root and its top sections (their titles and first sentences).

    A root whose only child is the document's title heading is looked through.
    """
    if not tree.nodes:
        return ""
    root = tree.root
    head = root
    while len(head.children) == 1 and (not head.content or head.content.isspace()):
        head = tree.get(head.children[0])
    parts: list[str] = []
    title = clean(head.title) or clean(root.title)
    lead = _first_sentences(strip_front_matter(root.content), 2) or _first_sentences(
        head.content, 2
    )
    if title and lead:
        parts.append(f"{title}: {lead}")
    elif title or lead:
        parts.append(title or lead)
    sections = []
    for child in tree.children_of(head.node_id)[:8]:
        first = _first_sentences(child.summary or child.content, 1)
        name = clean(child.title)
        if name:
            sections.append(f"{name} ({first})" if first else name)
    if sections:
        parts.append("Sections: " + "; ".join(sections) + ".")
    return truncate_tokens(" ".join(parts), max_tokens)


def _first_sentences(text: str, n: int) -> str:
    return " ".join(clean(s) for s in first_raw_sentences(text[:4000], n))
