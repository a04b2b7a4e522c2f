"""Sentences of a text, cut without an LLM: what the extractive summaries choose from.

A sentence is a run of ordinary characters and inner stops ("3.5", "e.g.x") followed by its
end marks (`_SENTENCE`), in the text with its Markdown noise removed (`plaintext.keyword_text`)
and its hard-wrapped lines joined (`_SOFT_BREAK`); a sentence counts once, at its first
place, and only with 3 or more characters. `raw_sentences` cuts them, `sentences` also
cleans them, `sentences_of` cuts them together with their keywords and the text's keyword
counts in one tokenisation, and `first_raw_sentences` cuts only the first few from as much of
the text as they need. The summaries themselves are `passes.common.summarize`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from itertools import chain, compress
from typing import NamedTuple

from vectorless_assets.passes.common.plaintext import clean, keyword_text
from vectorless_assets.text.word_cache import Counts, keyword_lookup
from vectorless_assets.text.words import split_words_by_line

#: A sentence: runs of ordinary characters and of inner stops ("3.5", "e.g.x"), then its end
#: marks. Ordinary characters are taken a run at a time (`++`: the same matches as one at a
#: time, since no later part of the pattern can give characters back to them; 4x faster).
_SENTENCE = re.compile(r"(?:[^\n.!?。！？]++|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|[。！？]+)?")
#: A line break inside a paragraph (not before a blank line, list item, quote, heading, table
#: row or fence): hard-wrapped prose is joined before sentences are cut. The pattern opens
#: with the newline itself (the look-behind follows it), so the engine jumps from newline to
#: newline instead of trying every position (5x faster, same matches).
_SOFT_BREAK = re.compile(r"\n(?<=\S\n)(?![ \t]*(?:\n|[-*+>#|]|\d+[.)][ \t]|```|~~~))")


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
