"""Word tokens of node texts, computed once per compile and shared by the passes.

Several passes read the same texts as words: reasoning (titles, summaries, contents),
enhance (titles, contents), score and overlap (leaf contents), concept (titles). Each used
to tokenise them again. `TextCache` holds, per text, the counts of its
`textutil.word_tokens` (keys in order of first occurrence, so the counts also give the
distinct tokens in document order) and the same counts restricted to keywords
(`textutil.is_keyword`).

The cache is keyed by the text itself: the value is a pure function of its key, so a hit
is always right whichever node or tree version the text comes from, and a later node-level
reuse of results between compiles cannot be confused by it. One cache per compile lives in
the pass context (`PassContext.texts`); it is never shared between documents.

The cache costs one dict entry per distinct word of each text: every text's counts share
one string object per word (`textutil.WordTable`). Callers must treat the returned dicts as
read-only.
"""

from __future__ import annotations

from vectorless_assets.textutil import WordTable, is_keyword, word_counts

Counts = dict[str, int]


class TextCache:
    """Per-compile memo: text -> word-token counts, and keyword counts."""

    __slots__ = ("_keywords", "_table", "_words")

    def __init__(self) -> None:
        self._words: dict[str, Counts] = {}
        self._keywords: dict[str, Counts] = {}
        self._table = WordTable()

    def word_counts(self, text: str) -> Counts:
        """Occurrences of each `word_tokens(text)` token, in order of first occurrence
        (`textutil.word_counts`)."""
        hit = self._words.get(text)
        if hit is None:
            hit = self._words[text] = word_counts(text, self._table)
        return hit

    def keyword_counts(self, text: str) -> Counts:
        """`word_counts(text)` restricted to keywords (same order)."""
        hit = self._keywords.get(text)
        if hit is None:
            # all words are kept only when asked for (leaf contents): most texts are read
            # for their keywords only, and the word counts would be a second copy
            words = self._words.get(text)
            if words is None:
                words = word_counts(text, self._table)
            hit = self._keywords[text] = {t: n for t, n in words.items() if is_keyword(t)}
        return hit

    def __len__(self) -> int:
        return len(self._words)


def merged(parts: list[Counts]) -> Counts:
    """Counts of the concatenation of texts whose counts are `parts` (first-occurrence order)."""
    out: Counts = dict(parts[0])
    get = out.get
    for part in parts[1:]:
        for t, n in part.items():
            out[t] = get(t, 0) + n
    return out
