"""Rewritten patterns match exactly what the patterns they replaced match.

`summarize._SENTENCE` takes ordinary characters a run at a time and `_SOFT_BREAK` opens with
its newline (the look-behind after it): both are faster forms of the originals, kept here as
the reference and compared on tricky and random inputs.
"""

from __future__ import annotations

import random
import re

from vectorless_assets.passes.common import plaintext as pt
from vectorless_assets.passes.common import sentences as st
from vectorless_assets.text.word_cache import WordCache

SENTENCE = re.compile(r"(?:[^\n.!?。！？]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|[。！？]+)?")
SOFT_BREAK = re.compile(r"(?<=\S)\n(?![ \t]*(?:\n|[-*+>#|]|\d+[.)][ \t]|```|~~~))")
ALPHABET = "ab1 .!?\n。！？\t-*>#|`~)"
LINK = re.compile(r"!?\[([^\]\n]*)\](?:\([^)\n]*\)|\[[^\]\n]*\])")
URL = re.compile(r"<?(?:https?|ftp)://[^\s)>\]]+>?")


def random_texts(n: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 24))) for _ in range(n)]


def test_sentence_pattern_matches_like_the_original() -> None:
    for text in [
        *random_texts(20_000),
        "e.g. this. That! What?",
        "3.5 and 1...2",
        "日本語の文。次！",
        "end...",
    ]:
        assert st._SENTENCE.findall(text) == SENTENCE.findall(text), text


def test_soft_break_pattern_matches_like_the_original() -> None:
    for text in [
        *random_texts(20_000),
        "line\n- item",
        "a\n\nb",
        "a \nb",
        "x\n12) y",
        "x\n```",
        "x\n  ~~~",
        "\n\nx",
    ]:
        assert st._SOFT_BREAK.sub(" ", text) == SOFT_BREAK.sub(" ", text), text


def test_keyword_split_keeps_counts_and_keyword_order() -> None:
    rng = random.Random(7)
    words = ["the", "a", "Kernel", "of", "x", "42", "module", "and", "build", "é", "naïve", "to"]
    for _ in range(500):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 30)))
        full = WordCache().word_counts(text)
        cache = WordCache()
        keywords = cache.keyword_counts(text)
        assert list(keywords) == [w for w in full if w in keywords]  # first-occurrence order
        again = cache.word_counts(text)
        assert again == full  # the same counts; other words after the keywords, alphabetically
        rest = [w for w in again if w not in keywords]
        assert rest == sorted(rest) and list(again)[: len(keywords)] == list(keywords)


def test_link_and_url_patterns_match_like_the_originals() -> None:
    """The branch-led link and URL patterns (and the link text taken by a C-level call)
    against the optional-prefix originals on random Markdown-like pieces."""
    rng = random.Random(12)
    pieces = [
        "!",
        "[",
        "]",
        "(",
        ")",
        "<",
        ">",
        "\n",
        " ",
        "a",
        "h",
        "f",
        "http",
        "https",
        "ftp",
        "://",
        "x.y/z",
        "[t]",
        "(u)",
        "![i](p)",
        "<https://a.b>",
    ]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        assert pt._LINK.sub(pt._LINK_TEXT, text) == LINK.sub(r"\1", text), repr(text)
        assert [m.span() for m in pt._LINK.finditer(text)] == [
            m.span() for m in LINK.finditer(text)
        ], repr(text)
        assert [m.span() for m in pt._URL.finditer(text)] == [
            m.span() for m in URL.finditer(text)
        ], repr(text)
