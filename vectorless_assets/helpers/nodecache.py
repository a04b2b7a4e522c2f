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

The cache costs one dict entry per distinct word of each text, not a copy of every word.
Callers must treat the returned dicts as read-only.
"""

from __future__ import annotations

from vectorless_assets.textutil import is_keyword, word_counts

Counts = dict[str, int]


class TextCache:
    """Per-compile memo: text -> word-token counts, and keyword counts."""

    __slots__ = ("_keywords", "_words")

    def __init__(self) -> None:
        self._words: dict[str, Counts] = {}
        self._keywords: dict[str, Counts] = {}

    def word_counts(self, text: str) -> Counts:
        """Occurrences of each `word_tokens(text)` token, in order of first occurrence
        (`textutil.word_counts`)."""
        hit = self._words.get(text)
        if hit is None:
            hit = self._words[text] = word_counts(text)
        return hit

    def keyword_counts(self, text: str) -> Counts:
        """`word_counts(text)` restricted to keywords (same order)."""
        hit = self._keywords.get(text)
        if hit is None:
            hit = {t: n for t, n in self.word_counts(text).items() if is_keyword(t)}
            self._keywords[text] = hit
        return hit

    def keyword_list(self, text: str) -> list[str]:
        """The distinct keywords of `text` in order of first occurrence."""
        return list(self.keyword_counts(text))

    def __len__(self) -> int:
        return len(self._words)


def merged(parts: list[Counts]) -> Counts:
    """Counts of the concatenation of texts whose counts are `parts` (first-occurrence order)."""
    if len(parts) == 1:
        return dict(parts[0])
    out: Counts = {}
    for part in parts:
        for t, n in part.items():
            out[t] = out.get(t, 0) + n
    return out
