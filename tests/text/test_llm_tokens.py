"""`text.llm_tokens`: the LLM token estimator (cl100k calibration, pieces, and every fast path
against the pattern that defines it)."""

from __future__ import annotations

import random
import string

import pytest

from tests.text.test_words import TRICKY, _cjk_texts, _random_texts
from vectorless_assets.text.llm_tokens import (
    _ASCII_TOKEN_RE,
    _TOKEN_RE,
    estimate_tokens,
    summary_tokens,
)

PROSE = (
    "Reasoning-based retrieval does not embed the document. Instead, a language model reads a "
    "compact table of contents, decides which sections are likely to answer the question, and "
    "opens only those. The quality of the tree therefore matters more than anything else: every "
    "heading must be found, every line of text must belong to exactly one section, and the token "
    "counts must be close enough to plan a context budget."
)
# Real cl100k_base counts of these texts (tiktoken's BPE ranks, see
# benchmarks/quality/bench_tokens.py).
CL100K = {
    PROSE: 80,
    (
        "fn main() {\n    let x = vec![1, 2, 3];\n    for i in &x {\n        "
        'println!("{}", i);\n    }\n}\n'
    ): 33,
    (
        "## Options\n\n| name | default |\n|------|---------|\n| mode | `fast` "
        " |\n\nSee [the guide](https://example.com/guide) for **details**.\n"
    ): 38,
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


def test_run_sums_equal_the_ascii_pattern() -> None:
    from vectorless_assets.text.llm_tokens import _ASCII_CLASSES, _RUNS_MIN_CHARS, _run_tokens

    def run_sums(text: str) -> int:
        data = text.encode("ascii")
        return _run_tokens(data, data.translate(_ASCII_CLASSES))

    rng = random.Random(3)
    alphabet = "aaaaabbbbZ0123456789      \t\t\n\n\r\f\v_.,;:!?-*#`|()[]{}\x00\x1c\x1f\x7f"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        text += rng.choice(
            [
                "x" * rng.randint(0, 40),
                " " * rng.randint(0, 20),
                "\n" * 3,
                "-" * 10,
                "7" * rng.randint(0, 12),
            ]
        )
        assert run_sums(text) == _ASCII_TOKEN_RE.subn("", text)[1], repr(text)
    for text in [
        "",
        "a",
        "\t",
        "a" * 10,
        "a" * 11,
        "1" * 3,
        "1" * 4,
        ".1.1",
        "a1.\n",
        " " * 4 + "\t" + " " * 3,
    ]:
        assert run_sums(text) == _ASCII_TOKEN_RE.subn("", text)[1], repr(text)
    long_text = "".join(rng.choice(string.printable) for _ in range(2 * _RUNS_MIN_CHARS))
    assert estimate_tokens(long_text) == _ASCII_TOKEN_RE.subn("", long_text)[1]


def test_mapped_estimate_equals_the_unicode_pattern() -> None:
    """Non-ASCII text with few distinct outside characters: classed by their UTF-8 lead byte."""
    rng = random.Random(4)
    alphabet = (
        "aaaaabbZ01234567  "
        "\t\n\n.,;_-*#()日本語のテ・ー한국éÉ²٣\u00a0\u3000\u0301—\x0b\r\x1c\x1f\u2028\u0130\u212a"
    )
    for _ in range(4000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(60, 200)))
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], repr(text)
    many = "".join(chr(0x4E00 + i) for i in range(40)) + "abc " * 20  # many distinct: the pattern
    assert estimate_tokens(many) == _TOKEN_RE.subn("", many)[1]


#: Characters sharing a UTF-8 lead byte but not a class (letter, digit, space, punctuation):
#: U+0080-U+00BF (no-break space, ©, ², ½, µ), U+00C0-U+00FF (é, ×, ÷), 4-byte characters
#: (𝐀 letter, 𝟙 decimal, 😀 symbol), lone surrogates, the \x1c-\x1f separators.
CLASH_ALPHABET = (
    "aZ09 _.\n\t    "
    "\u00a0©²½µ«éÿ×÷Ωπ–—€ℓ№\U0001d400\U0001d7d9\U0001f600\ud800\udfff\x1c\x1f日本語、"
)


def test_estimate_with_lead_byte_clashes_equals_the_unicode_pattern() -> None:
    """Characters of one lead byte with different classes: those unlike the byte's first are
    replaced by their stand-ins (few by bytes.replace, over 128 by one str.translate)."""
    rng = random.Random(8)
    for _ in range(4000):
        text = "".join(rng.choice(CLASH_ALPHABET) for _ in range(rng.randint(60, 200)))
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], repr(text)
    for top in (0x200, 0x800):  # every character of the 2-byte leads up to `top`: 33, 510 clashes
        chars = [chr(c) for c in range(0xA0, top)]
        for text in ("".join(chars), " ".join(chars), " ".join(reversed(chars)) + "1" * 70):
            assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1]


def test_summary_tokens_is_estimate_tokens() -> None:
    """The memoised estimate equals the plain one, for short texts (memoised, asked twice)
    and for texts over the memo's size limit."""
    for text in [*TRICKY, *_random_texts(300), "word " * 2000]:
        assert summary_tokens(text) == estimate_tokens(text)
        assert summary_tokens(text) == estimate_tokens(text)


def test_estimate_of_cjk_text_equals_the_unicode_pattern() -> None:
    """CJK letters counted and removed, then few or many (> 16) other distinct characters
    replaced by stand-ins: the pattern's count, on random mixed text."""
    for text in _cjk_texts(4000, seed=6):
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], repr(text)
    many = "".join(chr(0x4E00 + i) for i in range(40)) + " ".join(
        chr(0x2190 + i) + "é" for i in range(200)
    )
    # over 128 distinct: the translate path
    assert estimate_tokens(many) == _TOKEN_RE.subn("", many)[1]


def test_estimate_of_every_code_point_equals_the_unicode_pattern() -> None:
    """Every code point outside ASCII (lone surrogates too), 4,096 consecutive ones a text:
    each lead byte's characters in one table, with their clashes (~0.5 s)."""
    for start in range(0x80, 0x110000, 4096):
        text = "".join(map(chr, range(start, min(start + 4096, 0x110000)))) + " x1 " * 20
        assert estimate_tokens(text) == _TOKEN_RE.subn("", text)[1], hex(start)
