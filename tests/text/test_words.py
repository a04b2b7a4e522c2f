"""`text.words`: words (CJK bigrams) and keywords."""

from __future__ import annotations

import random
import re
import string

from vectorless_assets.text.llm_tokens import _TOKEN_RE
from vectorless_assets.text.words import STOPWORDS, is_keyword, keywords, split_words


def test_split_words_lowercase_and_unicode() -> None:
    assert split_words("Hello, Wörld! x2 ÉCOLE") == ["hello", "wörld", "x2", "école"]


def test_cjk_runs_become_bigrams() -> None:
    assert split_words("可用性") == ["可用", "用性"]
    assert split_words("性") == ["性"]
    assert split_words("CAP定理") == ["cap", "定理"]


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
    """split_words as the Unicode pattern alone defines it (no fast path)."""
    from vectorless_assets.text.words import _CJK_RE, _WORD_RE

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


def test_split_words_fast_paths_agree_with_the_pattern() -> None:
    for text in TRICKY + _random_texts(2000):
        assert split_words(text) == _reference_tokens(text), repr(text)


def test_non_ascii_separators_without_cjk_split_like_the_pattern() -> None:
    """Texts with letters, digits and separators outside ASCII but no CJK (the path that
    turns non-ASCII separators into spaces), including more than 16 distinct separators."""
    from collections import Counter

    from vectorless_assets.text.words import word_counts

    rng = random.Random(5)
    symbols = "—–“”’\u00a0\u2003\u0301\u0307€§¶•…→√∞≈≠±×÷°‰"
    alphabet = string.ascii_letters + string.digits + " _.-\n" + "éßΣσİıſ\u212aﬁ½²٣Ⅻǅ" + symbols
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        expected = _reference_tokens(text)
        assert split_words(text) == expected, repr(text)
        assert list(word_counts(text).items()) == list(Counter(expected).items()), repr(text)
    many = " ".join(f"a{c}b" for c in symbols)  # every separator at once
    assert split_words(many) == _reference_tokens(many)
    # over 128: the translate path
    arrows = " ".join(f"a{chr(0x2190 + i)}b日本" for i in range(200))
    assert split_words(arrows) == _reference_tokens(arrows)
    assert list(word_counts(arrows).items()) == list(Counter(_reference_tokens(arrows)).items())


def test_word_counts_is_the_counter_of_split_words_in_first_use_order() -> None:
    from collections import Counter

    from vectorless_assets.text.words import WordTable, piece_counts, word_counts

    table = WordTable()  # shared, as in a compile: a word decoded once is reused
    for text in TRICKY + _random_texts(2000):
        expected = list(Counter(split_words(text)).items())
        assert list(word_counts(text, table).items()) == expected, repr(text)
        assert list(word_counts(text).items()) == expected, repr(text)
        pieces = piece_counts(text)  # the same counts, words spelled in UTF-8, a plain dict
        assert type(pieces) is dict and list(pieces.items()) == [
            (w.encode(), n) for w, n in expected
        ]


def test_word_counts_share_one_string_per_word() -> None:
    from vectorless_assets.text.words import WordTable, word_counts

    table = WordTable()
    one, two = word_counts("Cache misses — cache hits", table), word_counts("the cache", table)
    (a,) = [k for k in one if k == "cache"]
    (b,) = [k for k in two if k == "cache"]
    assert a is b and one == {"cache": 2, "misses": 1, "hits": 1}


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
    from vectorless_assets.text.cjk import CJK_LETTER_RUN, CJK_RE, NOT_CJK

    cjk_letter = re.compile(rf"[^\W{NOT_CJK}]")  # one character of a `CJK_LETTER_RUN`

    for code in range(0x110000):
        c = chr(code)
        letter = CJK_RE.match(c) is not None and c.isalnum()
        assert (cjk_letter.match(c) is not None) == letter, hex(code)
        assert (CJK_LETTER_RUN.fullmatch(c * 3) is not None) == letter, hex(code)
        if letter:
            assert not c.isdecimal() and not c.isspace() and _TOKEN_RE.fullmatch(c), hex(code)


def test_cjk_words_equal_the_pattern_and_its_bigrams() -> None:
    from collections import Counter

    from vectorless_assets.text.words import split_words_by_line, word_counts

    for text in _cjk_texts(3000, seed=7):
        expected = _reference_tokens(text)
        assert split_words(text) == expected, repr(text)
        assert list(word_counts(text).items()) == list(Counter(expected).items()), repr(text)
        assert split_words_by_line(text) == [
            _reference_tokens(line) for line in text.split("\n")
        ], repr(text)
    for text in TRICKY + _random_texts(500):  # the ASCII and non-CJK paths of the line split
        assert split_words_by_line(text) == [
            _reference_tokens(line) for line in text.split("\n")
        ], repr(text)
    assert split_words("「日本語」のA語") == ["日本", "本語", "の", "a", "語"]


def test_outside_ascii_is_every_non_ascii_character_in_order() -> None:
    """`outside_ascii` (ASCII bytes deleted from the UTF-8) equals a scan for the characters
    outside ASCII, lone surrogates and 4-byte characters included."""
    import random
    import re

    from vectorless_assets.text.words import outside_ascii

    rng = random.Random(5)
    alphabet = ["a", " ", "\n", "é", "–", "日", "한", "\ud800", "\udfff", "𝔘", "\x7f", "\u00a0"]
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        expected = "".join(re.findall("[^\x00-\x7f]", text))
        assert outside_ascii(text.encode("utf-8", "surrogatepass")) == expected
