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
definition's result.

Routing tags and question hints are in `passes.enhance.tags`; the Markdown text cleaning summaries
and tags share (`clean`, `plain`, `keyword_text`) in `passes.common.plaintext`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import chain, compress
from typing import NamedTuple

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.budget import is_short, truncate_tokens
from vectorless_assets.passes.common.plaintext import clean, keyword_text, strip_front_matter
from vectorless_assets.text.word_cache import Counts, keyword_lookup
from vectorless_assets.text.words import keywords, split_words_by_line

#: A sentence: runs of ordinary characters and of inner stops ("3.5", "e.g.x"), then its end
#: marks. Ordinary characters are taken a run at a time (`++`: the same matches as one at a
#: time, since no later part of the pattern can give characters back to them; 4x faster).
_SENTENCE = re.compile(r"(?:[^\n.!?。！？]++|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|[。！？]+)?")
#: A line break inside a paragraph (not before a blank line, list item, quote, heading, table
#: row or fence): hard-wrapped prose is joined before sentences are cut. The pattern opens
#: with the newline itself (the look-behind follows it), so the engine jumps from newline to
#: newline instead of trying every position (5x faster, same matches).
_SOFT_BREAK = re.compile(r"\n(?<=\S\n)(?![ \t]*(?:\n|[-*+>#|]|\d+[.)][ \t]|```|~~~))")
MAX_SENTENCES = 3
#: A branch summary lists at most this many child titles.
MAX_COVERS = 30


def raw_sentences(text: str, *, scan: str | None = None) -> list[str]:
    """Distinct raw sentences (stripped, 3+ characters) of the first `SCAN_CHARS` characters.

    `scan` is `keyword_text(text)` when the caller already has it.
    """
    found = _SENTENCE.findall(
        _SOFT_BREAK.sub(" ", scan if scan is not None else keyword_text(text))
    )
    return list(dict.fromkeys([s for s in map(str.strip, found) if len(s) >= 3]))


class Sentences(NamedTuple):
    """A scan's distinct raw sentences (`raw_sentences`), the keyword tokens of each (its
    word tokens that are keywords, in order, repeats kept), and the scan's keyword counts
    (`WordCache.keyword_counts(scan)`: the same dict, same order)."""

    texts: list[str]
    found: list[list[str]]
    keywords: Counts


def sentences_of(scan: str) -> Sentences:
    """The sentences of `scan`, the keywords of each and the scan's keyword counts from one
    tokenisation.

    Every character between two sentence matches is a newline or an end mark (no word or CJK
    character), so the scan's word tokens are the matches' tokens in order: its keyword
    counts are those of the matches' keyword tokens, in order of first use. A text no other
    pass reads (a node text with links, or cut at `SCAN_CHARS`) is then not tokenised a
    second time for its counts. Each token is classified once, where the sentence's
    keywords are picked (the scores need only those, and the counts are those of keywords).
    """
    found = _SENTENCE.findall(_SOFT_BREAK.sub(" ", scan))
    lines = split_words_by_line("\n".join(found)) if found else []  # (matches hold no newline)
    keyword_of = keyword_lookup()
    # a keyword is a non-empty string (true), another word None (false)
    picked = [list(filter(None, map(keyword_of, words))) for words in lines]
    stripped = list(map(str.strip, found))
    # the sentences of 3+ characters, each at its first place (equal sentences have equal
    # tokens, so the keywords a repeat leaves in the dict are the same list)
    distinct = dict(
        compress(zip(stripped, picked, strict=True), map((2).__lt__, map(len, stripped)))
    )
    return Sentences(
        list(distinct), list(distinct.values()), dict(Counter(chain.from_iterable(picked)))
    )


def sentences(text: str) -> list[str]:
    """Distinct cleaned sentences of the first `SCAN_CHARS` characters."""
    return list(dict.fromkeys(c for c in (clean(s) for s in raw_sentences(text)) if len(c) >= 3))


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


#: Characters past the end of a sentence that decide it (the soft-break look-ahead, a
#: sentence's closing look-ahead), with room to spare.
_DECIDED = 16


def first_raw_sentences(text: str, n: int, step: int = 600) -> list[str]:
    """`raw_sentences(text)[:n]`, reading only as much of the text as the first `n` need.

    Links and comments are removed from the whole text first (a comment may span far);
    sentences are then cut from a growing prefix and a sentence counts only when it ends
    `_DECIDED` characters before the prefix does (the patterns look no further ahead), so
    the result is the same as cutting the whole text. Sentences are cut one at a time, up
    to the `n`-th distinct one.
    """
    scan = keyword_text(text)
    size = step
    while size < len(scan):
        first = _first_distinct(
            _SENTENCE.finditer(_SOFT_BREAK.sub(" ", scan[:size])), n, size - _DECIDED
        )
        if len(first) == n:
            return first
        size *= 4
    return _first_distinct(_SENTENCE.finditer(_SOFT_BREAK.sub(" ", scan)), n, len(scan))


def _first_distinct(matches: Iterator[re.Match[str]], n: int, decided: int) -> list[str]:
    """The first `n` distinct stripped sentences of 3+ characters among `matches` that end by
    `decided` (the matches come in order, so the first to end later ends the search)."""
    first: dict[str, None] = {}
    for m in matches:
        if m.end() > decided:
            break
        sentence = m.group().strip()
        if len(sentence) >= 3:
            first[sentence] = None
            if len(first) == n:
                break
    return list(first)
