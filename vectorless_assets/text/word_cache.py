"""The words of node texts, counted once per compile and shared by the passes.

Several passes read the same texts as words: reasoning (titles, summaries, contents),
enhance (titles, contents), score and overlap (leaf contents), concept (titles). Each used
to split them into words again. `WordCache` holds, per text, the counts of its
`text.words.split_words` (keys in order of first occurrence, so the counts also give the
distinct words in document order) and the same counts restricted to keywords
(`text.words.is_keyword`).

The cache is keyed by the text itself: the value is a pure function of its key, so a hit
is always right whichever node or tree version the text comes from, and a later node-level
reuse of results between compiles cannot be confused by it. One cache per compile lives in
the pass context (`PassContext.texts`); it is never shared between documents.

The cache costs one dict entry per distinct word of each text: every text's counts share
one string object per word (`text.words.WordTable`), and a text read for its keywords keeps
them apart from its other words instead of a second, full copy (9.1 MB file: peak RSS 339
MB instead of 453 MB with both copies). Callers must treat the returned dicts as read-only.

The word-level memos shared by all caches of the process live here: UTF-8 piece -> word
(`text.words.WordTable`), UTF-8 piece -> the word if it is a keyword, else None
(`KeywordPieces`), and word -> the word if a keyword, else None (`KeywordOf`, for callers
holding words: `keyword_lookup`). All hold pure functions of their keys (no document's data
can change another's result); most words recur from one document to the next, so a compile
decodes and classifies only the words new to the process. Each is emptied once over
`SHARED_WORDS` entries (by a new cache, or by `keyword_lookup`).

A text first read for its keywords (every text of a deep compile) is split straight from
its UTF-8 pieces (`text.words.piece_counts`): each distinct piece is looked up once in
`KeywordPieces`, the keywords' (word, count) pairs kept in order by a C-level `compress`,
and only the other words (stop words, numbers, single letters) decoded and sorted. The
words were decoded into a full dict and then looked up again by word to be split before
(corpus deep: reasoning and enhance ~25 ms CPU less).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress, repeat
from operator import is_, not_
from typing import cast

from vectorless_assets.text.words import WordTable, is_keyword, piece_counts, word_counts

Counts = dict[str, int]


class WordCache:
    """Per-compile memo: text -> word counts, and keyword counts."""

    __slots__ = ("_keyword_of", "_keywords", "_rest", "_table", "_words")

    def __init__(self) -> None:
        self._words: dict[str, Counts] = {}
        self._keywords: dict[str, Counts] = {}
        self._rest: dict[str, Counts] = {}  # non-keywords of the texts in `_keywords` only
        if len(_WORDS) > SHARED_WORDS or len(_PIECES) > SHARED_WORDS:
            _WORDS.clear()
            _PIECES.clear()
        self._table = _WORDS
        self._keyword_of = _PIECES

    def word_counts(self, text: str) -> Counts:
        """Occurrences of each `split_words(text)` word (`text.words.word_counts`), in order of
        first occurrence; for a text first read for its keywords, its keywords come first (in
        order of first occurrence), then its other words (alphabetically)."""
        hit = self._words.get(text)
        if hit is None:
            keywords = self._keywords.get(text)
            if keywords is not None:  # read for its keywords: the others were kept aside
                rest = self._rest[text]
                return {**keywords, **rest} if rest else keywords
            hit = self._words[text] = word_counts(text, self._table)
        return hit

    def keyword_counts(self, text: str, *, keep: bool = True) -> Counts:
        """`word_counts(text)` restricted to keywords (in order of first occurrence).

        `keep=False`: for a text no other pass reads (a generated summary), counted without
        being kept (9.1 MB file: 11 MB less at the peak).
        """
        hit = self._keywords.get(text)
        if hit is not None:
            return hit
        words = self._words.get(text)
        if words is None:
            # most texts are read for their keywords only: their counts are kept as
            # keywords plus the (few) other words, not as a second copy of all words
            hit, rest = self._from_pieces(piece_counts(text), keep)
            if keep:
                self._keywords[text], self._rest[text] = hit, rest
            return hit
        if not keep:  # (a text read in full first: rare, none in a corpus deep compile)
            flags = list(map(is_keyword, words))
            return words if all(flags) else _pick(words.items(), flags)
        hit = self._keywords[text] = self._split(words)[0]
        return hit

    def _from_pieces(self, pieces: dict[bytes, int], rest: bool) -> tuple[Counts, Counts]:
        """(keywords in `pieces`' order, other words alphabetically, or {} unless `rest`) of
        a text's `piece_counts`.

        C-level passes: each piece is looked up once (`KeywordPieces`: its keyword, or None
        for another word) and the keywords' (name, count) pairs kept in order; only the
        other words (few) are sorted (as bytes) and decoded.
        """
        named = list(map(self._keyword_of.__getitem__, pieces))
        # a keyword is a non-empty string (true), another word None (false)
        hit = cast(Counts, dict(compress(zip(named, pieces.values(), strict=True), named)))
        if not rest or len(hit) == len(named):
            return hit, {}
        # the other words' pieces: UTF-8 bytes sort as their code points, so as the decoded
        # words do (a list of bytes sorts faster than of (bytes, count) pairs)
        others = sorted(compress(pieces, map(is_, named, repeat(None))))
        words = map(self._table.__getitem__, others)
        return hit, dict(zip(words, map(pieces.__getitem__, others), strict=True))

    def _split(self, words: Counts) -> tuple[Counts, Counts]:
        """(keywords in `words`' order, other words alphabetically) of `words`."""
        # one C-level pass over the words (`is_keyword` is memoised), the dicts built anew
        # (compact) only when a word goes
        flags = list(map(is_keyword, words))
        if all(flags):
            return words, {}
        items = list(words.items())
        # (word, count) pairs of distinct words sort as their words do
        return _pick(items, flags), dict(sorted(compress(items, map(not_, flags))))

    def __len__(self) -> int:
        """Number of distinct texts counted."""
        return len(self._words.keys() | self._keywords.keys())


def _pick(items: Iterable[tuple[str, int]], flags: Iterable[bool]) -> Counts:
    """The counts of the `items` whose flag is true, in their order."""
    return dict(compress(items, flags))


class KeywordPieces(dict[bytes, str | None]):
    """UTF-8 piece (one word) -> the word (`WordTable`'s string) if it is a keyword, else
    None; each piece classified once (on first lookup)."""

    def __missing__(self, piece: bytes) -> str | None:
        word = _WORDS[piece]
        value = self[piece] = word if is_keyword(word) else None
        return value


class KeywordOf(dict[str, str | None]):
    """Word -> the word if it is a keyword (`text.words.is_keyword`), else None; each word
    classified once (on first lookup)."""

    def __missing__(self, word: str) -> str | None:
        value = self[word] = word if is_keyword(word) else None
        return value


def keyword_lookup() -> Callable[[str], str | None]:
    """The shared `KeywordOf` memo's lookup (a dict lookup costs less than a call of
    `is_keyword`'s lru_cache wrapper: `sentences.sentences_of` classifies every sentence
    word by it), emptied first when over `SHARED_WORDS` entries."""
    if len(_KEYWORD_OF) > SHARED_WORDS:
        _KEYWORD_OF.clear()
    return _KEYWORD_OF.__getitem__


#: Entries the shared word memos may hold before they are emptied (~10 MB each).
SHARED_WORDS = 1 << 17
_WORDS = WordTable()
_PIECES = KeywordPieces()
_KEYWORD_OF = KeywordOf()


def merged(parts: list[Counts]) -> Counts:
    """Counts of the concatenation of texts whose counts are `parts` (first-occurrence order)."""
    out: Counts = dict(parts[0])
    get = out.get
    for part in parts[1:]:
        for t, n in part.items():
            out[t] = get(t, 0) + n
    return out
