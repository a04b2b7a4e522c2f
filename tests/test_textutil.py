"""textutil: the token estimator, word tokens (CJK bigrams) and keywords."""

from __future__ import annotations

import random
import string

import pytest

from vectorless_assets.textutil import (
    _ASCII_TOKEN_RE,
    _TOKEN_RE,
    STOPWORDS,
    estimate_tokens,
    is_keyword,
    keywords,
    word_tokens,
)

PROSE = (
    "Reasoning-based retrieval does not embed the document. Instead, a language model reads a "
    "compact table of contents, decides which sections are likely to answer the question, and "
    "opens only those. The quality of the tree therefore matters more than anything else: every "
    "heading must be found, every line of text must belong to exactly one section, and the token "
    "counts must be close enough to plan a context budget."
)
# Real cl100k_base counts of these texts (tiktoken's BPE ranks, see benchmarks/bench_tokens.py).
CL100K = {
    PROSE: 80,
    'fn main() {\n    let x = vec![1, 2, 3];\n    for i in &x {\n        println!("{}", i);\n    }\n}\n': 33,
    "## Options\n\n| name | default |\n|------|---------|\n| mode | `fast`  |\n\nSee [the guide](https://example.com/guide) for **details**.\n": 38,
}


@pytest.mark.parametrize("text", list(CL100K))
def test_estimate_is_within_a_quarter_of_cl100k_on_code_and_markup(text: str) -> None:
    real = CL100K[text]
    assert abs(estimate_tokens(text) - real) <= 0.25 * real  # code errs high (~20%)


def test_english_prose_is_within_15_percent_of_cl100k() -> None:
    assert abs(estimate_tokens(PROSE) - CL100K[PROSE]) <= 0.15 * CL100K[PROSE]


def test_estimate_pieces() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("hello") == 1
    assert estimate_tokens("hello world") == 2  # the space belongs to the word
    assert estimate_tokens("a" * 25) == 3  # ten letters per token
    assert estimate_tokens("1234567") == 3  # digits in threes
    assert estimate_tokens("**") == 1 and estimate_tokens("-------") == 3  # punctuation in threes
    assert estimate_tokens("\n\n\n") == 1
    assert estimate_tokens("        x") == 3  # indentation: one per four spaces
    assert estimate_tokens("日本語") == 3  # one per CJK character
    assert estimate_tokens("한국어") == 3


def test_estimate_is_additive_over_whitespace_separated_parts() -> None:
    a, b = "alpha beta", "gamma, delta!"
    assert estimate_tokens(a + "\n" + b) == estimate_tokens(a) + 1 + estimate_tokens(b)


def test_ascii_fast_path_agrees_with_the_unicode_pattern() -> None:
    rng = random.Random(7)
    for _ in range(500):
        text = "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 120)))
        assert _ASCII_TOKEN_RE.subn("", text)[1] == _TOKEN_RE.subn("", text)[1], repr(text)


def test_estimate_handles_accents_and_mixed_scripts() -> None:
    assert estimate_tokens("café naïve") == 2
    assert estimate_tokens("Straße") == estimate_tokens("Strasse")
    assert estimate_tokens("CAP定理について") == 1 + 6


def test_word_tokens_lowercase_and_unicode() -> None:
    assert word_tokens("Hello, Wörld! x2 ÉCOLE") == ["hello", "wörld", "x2", "école"]


def test_cjk_runs_become_bigrams() -> None:
    assert word_tokens("可用性") == ["可用", "用性"]
    assert word_tokens("性") == ["性"]
    assert word_tokens("CAP定理") == ["cap", "定理"]


def test_keywords_drop_stopwords_numbers_and_single_letters() -> None:
    assert keywords("The cache and the 2024 x database") == ["cache", "database"]
    assert keywords("大規模システム") == ["大規", "規模", "模シ", "シス", "ステ", "テム"]
    assert is_keyword("可")  # a lone CJK character is meaningful
    assert not is_keyword("the") and "the" in STOPWORDS


#: Texts whose word tokens are easy to get wrong: separators outside ASCII (dashes, quotes,
#: no-break spaces), case mappings that change length or land on ASCII (İ, K, final sigma),
#: digits of other scripts, underscores, CJK runs.
TRICKY = [
    "Hello, World! café—bar naïve “quoted” it’s",
    "ΑΣ.Β ΟΔΟΣ σοφος ΣΑΣ",
    "İstanbul KELVIN \u212a ſtate ı",
    "a\u00a0b\u3000c\u2003d",
    "日本語のテキスト and English, 可用性",
    "x_y 12_34 ½ ² ٣٤ ①",
    "",
    "   \n\t ",
    "émigré's ﬁle — 2024–2025",
    "\u0130i\u0307 \x00\x1c\x1f control\x7fchars",
]


def _reference_tokens(text: str) -> list[str]:
    """word_tokens as the Unicode pattern alone defines it (no fast path)."""
    from vectorless_assets.textutil import _CJK_RE, _WORD_RE

    out: list[str] = []
    for piece in _WORD_RE.findall(text.lower()):
        if _CJK_RE.match(piece) and len(piece) > 1:
            out.extend(piece[i : i + 2] for i in range(len(piece) - 1))
        else:
            out.append(piece)
    return out


def _random_texts(n: int) -> list[str]:
    rng = random.Random(11)
    alphabet = string.printable + "éÉßΣσİıſ\u212a—–“”’\u00a0\u3000日本語のテ٣½_"
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80))) for _ in range(n)]


def test_word_tokens_fast_paths_agree_with_the_pattern() -> None:
    for text in TRICKY + _random_texts(2000):
        assert word_tokens(text) == _reference_tokens(text), repr(text)


def test_non_ascii_separators_without_cjk_split_like_the_pattern() -> None:
    """Texts with letters, digits and separators outside ASCII but no CJK (the path that
    turns non-ASCII separators into spaces), including more than 16 distinct separators."""
    from collections import Counter

    from vectorless_assets.textutil import word_counts

    rng = random.Random(5)
    symbols = "—–“”’\u00a0\u2003\u0301\u0307€§¶•…→√∞≈≠±×÷°‰"
    alphabet = string.ascii_letters + string.digits + " _.-\n" + "éßΣσİıſ\u212aﬁ½²٣Ⅻǅ" + symbols
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        expected = _reference_tokens(text)
        assert word_tokens(text) == expected, repr(text)
        assert list(word_counts(text).items()) == list(Counter(expected).items()), repr(text)
    many = " ".join(f"a{c}b" for c in symbols)  # every separator at once
    assert word_tokens(many) == _reference_tokens(many)
    arrows = " ".join(f"a{chr(0x2190 + i)}b日本" for i in range(200))  # over 128: the translate path
    assert word_tokens(arrows) == _reference_tokens(arrows)
    assert list(word_counts(arrows).items()) == list(Counter(_reference_tokens(arrows)).items())


def test_word_counts_is_the_counter_of_word_tokens_in_first_use_order() -> None:
    from collections import Counter

    from vectorless_assets.textutil import WordTable, piece_counts, word_counts

    table = WordTable()  # shared, as in a compile: a word decoded once is reused
    for text in TRICKY + _random_texts(2000):
        expected = list(Counter(word_tokens(text)).items())
        assert list(word_counts(text, table).items()) == expected, repr(text)
        assert list(word_counts(text).items()) == expected, repr(text)
        pieces = piece_counts(text)  # the same counts, words spelled in UTF-8, a plain dict
        assert type(pieces) is dict and list(pieces.items()) == [(w.encode(), n) for w, n in expected]


def test_word_counts_share_one_string_per_word() -> None:
    from vectorless_assets.textutil import WordTable, word_counts

    table = WordTable()
    one, two = word_counts("Cache misses — cache hits", table), word_counts("the cache", table)
    (a,) = [k for k in one if k == "cache"]
    (b,) = [k for k in two if k == "cache"]
    assert a is b and one == {"cache": 2, "misses": 1, "hits": 1}


def test_run_sums_equal_the_ascii_pattern() -> None:
    from vectorless_assets.textutil import _RUNS_MIN_CHARS, _ascii_runs_estimate

    rng = random.Random(3)
    alphabet = "aaaaabbbbZ0123456789      \t\t\n\n\r\f\v_.,;:!?-*#`|()[]{}\x00\x1c\x1f\x7f"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        text += rng.choice(["x" * rng.randint(0, 40), " " * rng.randint(0, 20), "\n" * 3, "-" * 10])
        assert _ascii_runs_estimate(text) == _ASCII_TOKEN_RE.subn("", text)[1], repr(text)
    long_text = "".join(rng.choice(string.printable) for _ in range(2 * _RUNS_MIN_CHARS))
    assert estimate_tokens(long_text) == _ASCII_TOKEN_RE.subn("", long_text)[1]


def test_mapped_estimate_equals_the_unicode_pattern() -> None:
    """Non-ASCII text with few distinct outside characters: stand-ins, then run sums."""
    rng = random.Random(4)
    alphabet = "aaaaabbZ01234567  \t\n\n.,;_-*#()日本語のテ・ー한국éÉ²٣\u00a0\u3000\u0301—\x0b\r\x1c\x1f\u2028\u0130\u212a"
    for _ in range(4000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(60, 200)))
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], repr(text)
    many = "".join(chr(0x4E00 + i) for i in range(40)) + "abc " * 20  # many distinct: the pattern
    assert estimate_tokens(many) == _TOKEN_RE.subn("", many)[1]


def test_summary_tokens_is_estimate_tokens() -> None:
    """The memoised estimate equals the plain one, for short texts (memoised, asked twice)
    and for texts over the memo's size limit."""
    from vectorless_assets.textutil import summary_tokens

    for text in [*TRICKY, *_random_texts(300), "word " * 2000]:
        assert summary_tokens(text) == estimate_tokens(text)
        assert summary_tokens(text) == estimate_tokens(text)


#: CJK letters, CJK-range characters that are no letters (punctuation to the estimate, part
#: of a run to word tokens), other scripts, separators and whitespace.
CJK_ALPHABET = (
    "日本語のテキスト可用性一貫性한국어キャッシュ々〆ー"  # letters
    "・゠゛\u3040\u9fff\ud7a4\ufa6e"  # in the ranges, not letters (or unassigned)
    "、。「」！？（）：\u3000"  # CJK punctuation and space outside the ranges
    "éßΣİ½²٣—’\u00a0\u2028"  # other non-ASCII
    "ab Z09_-.\n\n\t    "
)


def _cjk_texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(CJK_ALPHABET) for _ in range(rng.randint(0, 120))) for _ in range(n)]


def test_cjk_letter_runs_are_the_word_characters_of_the_cjk_ranges() -> None:
    """`cjk.CJK_LETTER_RUN` (written as a negated class) matches exactly the characters of
    the CJK ranges that are `\\w`, and none of them is a digit or whitespace (so each is one
    token of the Unicode pattern, never joined to a neighbour)."""
    from vectorless_assets.cjk import CJK_LETTER, CJK_LETTER_RUN, CJK_RE

    for code in range(0x110000):
        c = chr(code)
        letter = CJK_RE.match(c) is not None and c.isalnum()
        assert (CJK_LETTER.match(c) is not None) == letter, hex(code)
        assert (CJK_LETTER_RUN.fullmatch(c * 3) is not None) == letter, hex(code)
        if letter:
            assert not c.isdecimal() and not c.isspace() and _TOKEN_RE.fullmatch(c), hex(code)


def test_estimate_of_cjk_text_equals_the_unicode_pattern() -> None:
    """CJK letters counted and removed, then few or many (> 16) other distinct characters
    replaced by stand-ins: the pattern's count, on random mixed text."""
    for text in _cjk_texts(4000, seed=6):
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], repr(text)
    many = "".join(chr(0x4E00 + i) for i in range(40)) + " ".join(chr(0x2190 + i) + "é" for i in range(200))
    assert estimate_tokens(many) == _TOKEN_RE.subn("", many)[1]  # over 128 distinct: the translate path


def test_cjk_word_tokens_equal_the_pattern_and_its_bigrams() -> None:
    from collections import Counter

    from vectorless_assets.textutil import word_counts, word_tokens_by_line

    for text in _cjk_texts(3000, seed=7):
        expected = _reference_tokens(text)
        assert word_tokens(text) == expected, repr(text)
        assert list(word_counts(text).items()) == list(Counter(expected).items()), repr(text)
        assert word_tokens_by_line(text) == [_reference_tokens(line) for line in text.split("\n")], repr(text)
    for text in TRICKY + _random_texts(500):  # the ASCII and non-CJK paths of the line split
        assert word_tokens_by_line(text) == [_reference_tokens(line) for line in text.split("\n")], repr(text)
    assert word_tokens("「日本語」のA語") == ["日本", "本語", "の", "a", "語"]
