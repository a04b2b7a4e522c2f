"""Token budgets of summaries: whether a text is short (`is_short`) and cutting a text to a
budget at a word boundary (`truncate_tokens`), both by `text.llm_tokens.estimate_tokens`.

Both decide by cheap bounds or a short search where they can; each docstring says why the
result is the plain definition's (tested against it in tests/passes/common/test_fast_paths.py).
"""

from __future__ import annotations

from vectorless_assets.text.llm_tokens import estimate_tokens, summary_tokens

#: What the ASCII token estimate counts as whitespace (`\s` under re.ASCII), and the ASCII
#: characters `str.split` also splits at.
_ASCII_SPACE = " \t\n\r\f\v"
_SPLIT_ONLY = "\x1c\x1d\x1e\x1f"


def is_short(text: str, shortcut_tokens: int, tokens: int | None = None) -> bool:
    """`estimate_tokens(text[: shortcut_tokens * 40]) <= shortcut_tokens`, decided by cheap
    bounds when they can.

    `tokens` is `estimate_tokens(text)` when the caller has it (a node's `token_count` for
    its own content): a text within the prefix's length is its own prefix, so that is the
    answer without a scan. Otherwise bounds decide: a token holds at least one character;
    every non-whitespace character belongs to one token, which holds at most ten of them (a
    word piece) and never spans whitespace (a word piece may take the one space before it), so the
    estimate is at
    least the number of whitespace-separated pieces and a tenth of the non-whitespace
    characters. Whitespace is `\\s`: ASCII whitespace for ASCII text (for which `str.split`
    also splits at \\x1c-\\x1f, so pieces are not counted when those occur), else Unicode
    whitespace, which is what `str.split` splits at."""
    prefix = text[: shortcut_tokens * 40]
    if tokens is not None and len(text) <= shortcut_tokens * 40:
        return tokens <= shortcut_tokens
    if len(prefix) <= shortcut_tokens:
        return True
    if prefix.isascii():
        if len(prefix) - sum(map(prefix.count, _ASCII_SPACE)) > 10 * shortcut_tokens:
            return False
        if len(prefix.split()) > shortcut_tokens and not any(map(prefix.__contains__, _SPLIT_ONLY)):
            return False
    else:
        pieces = prefix.split()
        if len(pieces) > shortcut_tokens or len("".join(pieces)) > 10 * shortcut_tokens:
            return False
    return estimate_tokens(prefix) <= shortcut_tokens


def truncate_tokens(text: str, max_tokens: int) -> str:
    """`text` cut at a word boundary to at most ~`max_tokens` estimated tokens."""
    if len(text) <= max_tokens:  # a token has a character
        return text
    total = summary_tokens(text)
    if total <= max_tokens:
        return text
    words = text.split(" ")
    if any(map(text.__contains__, _SPLIT_ONLY)):  # (see `_fitting_prefix`)
        lo = _bisect_prefix(words, max_tokens - 1)
    else:
        lo = _fitting_prefix(
            words, max_tokens - 1, min(len(words) - 1, (max_tokens - 1) * len(words) // total)
        )
    if lo == 0:  # one giant word (CJK, data): cut by characters
        return text[: max(1, max_tokens)] + "…"
    return " ".join(words[:lo]).rstrip(" ,;:") + "…"


def _fits(words: list[str], k: int, budget: int) -> bool:
    return estimate_tokens(" ".join(words[:k])) <= budget


def _bisect_prefix(words: list[str], budget: int) -> int:
    """The largest k whose first k words are estimated within `budget` (0: none), by halving."""
    lo, hi = 0, len(words)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _fits(words, mid, budget):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _fitting_prefix(words: list[str], budget: int, guess: int) -> int:
    """`_bisect_prefix(words, budget)` for words whose whole text is over `budget`, searched
    from `guess` (galloping outwards, then halving): summaries are mostly cut a little short
    of their end, so a few estimates of prefixes near the cut replace halving from the middle.

    Any search finds the same k: a prefix is estimated no higher than a longer one (each run
    of one character class is kept whole or cut, and a CJK letter is one token), so the
    prefixes within the budget are the shortest ones. (ASCII \\x1c-\\x1f are punctuation to
    the estimate of an ASCII prefix, whitespace in a longer non-ASCII text: a text with those
    is halved as before.)
    """
    lo, hi = 0, len(words)  # the first lo words fit (or lo == 0), the first hi do not
    step = 1
    if guess >= 1 and _fits(words, guess, budget):
        lo = guess
        while lo + step < hi and _fits(words, lo + step, budget):
            lo, step = lo + step, 2 * step
        hi = min(hi, lo + step)
    elif guess >= 1:
        hi = guess
        while hi - step > lo and not _fits(words, hi - step, budget):
            hi, step = hi - step, 2 * step
        lo = max(lo, hi - step)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _fits(words, mid, budget):
            lo = mid
        else:
            hi = mid
    return lo
