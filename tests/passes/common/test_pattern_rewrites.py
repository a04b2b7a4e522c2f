"""Rewritten patterns match exactly what the patterns they replaced match.

`summarize._SENTENCE` takes ordinary characters a run at a time and `_SOFT_BREAK` opens with
its newline (the look-behind after it): both are faster forms of the originals, kept here as
the reference and compared on tricky and random inputs.
"""

from __future__ import annotations

import random
import re

from vectorless_assets.passes.common import plaintext as pt
from vectorless_assets.passes.common import summarize as sm
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
        assert sm._SENTENCE.findall(text) == SENTENCE.findall(text), text


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
        assert sm._SOFT_BREAK.sub(" ", text) == SOFT_BREAK.sub(" ", text), text


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


def test_reference_matches_tried_at_the_scans_starts_equal_the_full_scan() -> None:
    from vectorless_assets.passes.enrich import reference_scan as rs

    pieces = ["see ", "See also ", "Section 2.1", "§§ 4", "§3", "pp. 7", "p.5", "app. 3", "Eqs. 2", "eq.4",
              "Figure 3", "figs. 1", "Table A", "tables 2", "Chapter IV", "appendices B", "page 12", "pages",
              "ſee", "\u212a", "İ", "x", " ", "\n", ".", "(", "2", "A.1", "step.", "http://p.x",
              "pp.p. 4", "eqs.eq. 1", "seesection 5", "(p. 6"]  # fmt: skip
    rng = random.Random(9)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        starts = rs.scan_text(text).starts
        found = rs.REF.finditer(text) if starts is None else rs.tried_at(rs.REF, text, starts)
        got = [m.group(0) for m in found]
        assert got == [m.group(0) for m in rs.REF.finditer(text)], text


def test_caption_scan_equals_the_anchored_scan() -> None:
    from vectorless_assets.passes.enrich import reference_scan as rs

    pieces = ["Table 1:", "table 2", "Fig. 3.", "figure A", "Eq. 4)", "equation 5 |", "\n", "\n\n", " ",
              "\t", "x", "1", ".", ":", "Table\n3", "  Figure 2\n", "A.1"]  # fmt: skip
    rng = random.Random(5)
    hits = 0
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        expected = [(m.span("kind"), m.span("target")) for m in rs.CAPTION.finditer(text)]
        got = [(m.span("kind"), m.span("target")) for m in rs.caption_scan(text)]
        assert got == expected, text
        hits += bool(expected)
    assert hits > 1000


def test_title_reference_matches_equal_the_full_scan() -> None:
    from vectorless_assets.passes.enrich import reference_scan as rs

    pieces = ["see ", "See also ", "SEE the ", '"', "\u201c", "\u201d", "Install", "ing", "\n", " ",
              "seesee ", "\u017fee ", "x", "ab", "the ", "also "]  # fmt: skip
    rng = random.Random(6)
    hits = 0
    for _ in range(8000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        expected = [m.span("title") for m in rs.TITLE_REF.finditer(text)]
        sees = rs.scan_text(text).sees
        found = (
            rs.TITLE_REF.finditer(text) if sees is None else rs.tried_at(rs.TITLE_REF, text, sees)
        )
        got = [m.span("title") for m in found]
        assert got == expected, text
        hits += bool(expected)
    assert hits > 200


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
