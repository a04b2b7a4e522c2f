"""The shared pass code's fast paths give exactly what their plain definitions give.

Each speed-up (a literal tested before a pattern's scan, a C-level sort instead of a key
function, a one-line case of `clean`) is checked against the straightforward code it
replaced, kept here as the reference, on tricky and on random inputs.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from vectorless_assets.passes.common import budget
from vectorless_assets.passes.common import plaintext as pt
from vectorless_assets.passes.common import sentences as st
from vectorless_assets.passes.common import summarize as sm
from vectorless_assets.text.llm_tokens import estimate_tokens
from vectorless_assets.text.word_cache import WordCache
from vectorless_assets.text.words import _CJK_RE, keywords

FRAGMENTS = [
    "See Section 2.1",
    "see also Chapter 3",
    "Appendix A",
    "Table 4: totals",
    "\nFigure 2. A plot",
    "fig. 7",
    "page 12",
    "pp. 3",
    "p. 9",
    "Equation 5",
    "eq. 2",
    "§ 4.2",
    "§§ 7",
    "SEE “Getting Started”",
    'see "Install guide"',
    "ſee “Long s”",
    "ſection 3",
    "\u212aelvin",
    "İndex",
    "ıtem",
    "[link](http://x.y/z)",
    "<!-- note -->",
    "[ref]: http://a.b",
    "**bold** _em_ `code`",
    "# Head",
    "> quote",
    "- item",
    "12) step",
    "|---|---|",
    "```",
    "e.g. this. That! What?",
    "step.",
    "app. http.",
    "naïve café—bar",
    "日本語の文。次",
    "キャッシュ・サーバーの設計！",
    "可用性と一貫性？",
    "한국어 문장. 다음",
    "A（日本）b",
    "ー",
    "語",
    "  ",
    "\n",
    "\n\n",
    "\t",
    " ",
    "x",
    "2.3.4",
    "Eq\u017f. 2",
    "F\u0131g. 2",
    "P\u0131ge 4",
]


def texts(n: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join(
            rng.choice(FRAGMENTS) + rng.choice(["", " ", "\n", ". "])
            for _ in range(rng.randint(0, 12))
        )
        for _ in range(n)
    ]


def reference_clean(text: str) -> str:
    if pt._PLAIN_TEXT.fullmatch(text):
        return re.sub(r"\s+", " ", text).strip()
    lines = (
        pt._MD_NOISE.sub("", line)
        for line in pt._RULE_LINE.sub("", reference_plain(text)).split("\n")
    )
    return re.sub(r"\s+", " ", " ".join(lines)).strip()


def reference_plain(text: str) -> str:
    if "[" in text or "<" in text or "://" in text:
        text = pt._LINK_DEF.sub("", text)
        text = pt._COMMENT.sub("", text)
        text = pt._LINK.sub(lambda m: m.group(1), text)
        text = pt._URL.sub("", text)
    return text


def test_clean_and_plain_match_their_definitions() -> None:
    samples = FRAGMENTS + texts(3000)
    samples += [s for t in samples[:400] for s in st.raw_sentences(t)]
    for text in samples:
        assert pt.plain(text) == reference_plain(text), repr(text)
        assert pt.clean(text) == reference_clean(text), repr(text)


def test_front_matter_opening_is_tested_like_lstrip() -> None:
    rng = random.Random(4)
    for _ in range(5000):
        text = "".join(
            rng.choice([" ", "\n", "\u00a0", "\x1c", "-", "--", "---", "a", "\t"])
            for _ in range(rng.randint(0, 8))
        )
        assert (pt._OPENS_FRONT_MATTER.match(text) is not None) == text.lstrip().startswith(
            "---"
        ), repr(text)


def test_noise_equals_the_pattern() -> None:
    """`_noise` (leading marker at the start, then every emphasis character deleted) on
    random lines of markers, digits (Unicode too), whitespace (Unicode too) and text."""
    rng = random.Random(8)
    alphabet = " \t#>*+-|`_12.)ab\u00a0\u3000٣²x"
    for _ in range(20_000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert pt._noise(line) == pt._MD_NOISE.sub("", line), repr(line)


def test_raw_sentences_and_the_short_text_bound() -> None:
    for text in texts(2000, seed=9):
        scan = pt.keyword_text(text)
        found: dict[str, None] = {}
        for m in st._SENTENCE.finditer(st._SOFT_BREAK.sub(" ", scan)):
            if len(m.group().strip()) >= 3:
                found.setdefault(m.group().strip(), None)
        assert st.raw_sentences(text) == list(found), repr(text)
        for shortcut in (1, 5, 50):
            assert sm.is_short(text, shortcut) == (
                estimate_tokens(text[: shortcut * 40]) <= shortcut
            ), repr(text)


def test_short_text_bounds_decide_like_the_estimate() -> None:
    """Texts near the bounds' thresholds (pieces and non-whitespace characters around the
    shortcut and ten times it), ASCII and not, with the whitespace `str.split` and the
    estimate disagree on (\\x1c-\\x1f in ASCII text) and Unicode whitespace."""
    rng = random.Random(21)
    pieces = [
        "a",
        "word",
        "x" * 10,
        "y" * 11,
        ".",
        "...",
        "--",
        "12",
        "1234",
        "a.b",
        "日本",
        "é",
        "’s",
        "\x1c",
        "a\x1fb",
        ".\x1c.",
    ]
    spaces = [" ", "  ", "\n", "\t", "    ", "\x1c", "\u00a0", "\u3000", "\r\n"]
    for _ in range(6000):
        shortcut = rng.choice([1, 5, 50])
        n = rng.randint(0, 2 * shortcut + 3)
        text = "".join(rng.choice(pieces) + rng.choice(spaces) for _ in range(n))
        if rng.random() < 0.5:
            text = text.encode("ascii", "ignore").decode()
        assert sm.is_short(text, shortcut) == (
            estimate_tokens(text[: shortcut * 40]) <= shortcut
        ), repr(text)
        # with the text's own estimate given (a node's token_count), long texts included
        for tail in ("", "z " * (20 * shortcut)):
            long = text + tail
            expected = estimate_tokens(long[: shortcut * 40]) <= shortcut
            assert budget.is_short(long, shortcut, estimate_tokens(long)) == expected, repr(long)


def test_short_text_with_its_estimate_is_told_by_its_prefix() -> None:
    """The text's own estimate decides only for a text no longer than the prefix: one
    character more (or many words) after a prefix of newlines (one token) is still short."""
    for shortcut in (1, 5, 50):
        bound = shortcut * 40
        for head in ("\n" * bound, "\n" * (bound - 1) + "a", "\n" * (bound - 1), " " * bound):
            for tail in ("", "b", " b", "word " * 60):
                text = head + tail
                expected = estimate_tokens(text[:bound]) <= shortcut
                assert budget.is_short(text, shortcut, estimate_tokens(text)) == expected, repr(
                    text
                )


def test_sentences_of_a_scan_equal_its_sentences_and_keyword_counts() -> None:
    """One tokenisation of the sentence matches gives the distinct sentences, each one's
    keyword tokens and the scan's keyword counts (same order); random Markdown-like texts and
    texts of end marks, Greek capitals (final sigma is context-dependent in lower()), CJK."""
    from vectorless_assets.text.words import is_keyword, split_words

    rng = random.Random(23)
    extra = [
        "ΟΔΟΣ",
        "Σ",
        "ΑΣ.Β",
        "ς",
        "。",
        "！",
        "？",
        ".",
        "..",
        "!",
        "?",
        "\n",
        " ",
        "日本語",
        "'",
        "’",
        "a",
        "Ab",
        "x1",
    ]
    samples = texts(1500, seed=23) + [
        "".join(rng.choice(extra) for _ in range(rng.randint(0, 20))) for _ in range(4000)
    ]
    for text in samples:
        scan = pt.keyword_text(text)
        split = st.sentences_of(scan)
        assert split.texts == st.raw_sentences(text, scan=scan), repr(text)
        assert split.found == [[w for w in split_words(s) if is_keyword(w)] for s in split.texts], (
            repr(text)
        )
        expected = WordCache().keyword_counts(scan)
        assert list(split.keywords.items()) == list(expected.items()), repr(text)


def reference_truncate(text: str, max_tokens: int) -> str:
    """truncate_tokens as first written: halving from the middle."""
    if len(text) <= max_tokens or estimate_tokens(text) <= max_tokens:
        return text
    words = text.split(" ")
    lo, hi = 0, len(words)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if estimate_tokens(" ".join(words[:mid])) <= max_tokens - 1:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return text[: max(1, max_tokens)] + "…"
    return " ".join(words[:lo]).rstrip(" ,;:") + "…"


def test_truncate_searched_from_a_guess_equals_halving() -> None:
    """Texts a little and far over the budget, long words, CJK runs, empty words (double
    spaces), newlines and tabs, the \\x1c-\\x1f characters; every guess for the search."""
    rng = random.Random(31)
    pieces = [
        "word",
        "a",
        "x" * 14,
        "...",
        "12345",
        "日本語の文",
        "é",
        "\n",
        "\t",
        "",
        "    ",
        "-",
        "\x1c",
        "a\x1fb",
        ",",
    ]
    for _ in range(4000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        if rng.random() < 0.5:
            text = text.replace("\x1c", "").replace("\x1f", "")
        max_tokens = rng.choice([1, 3, 10, 25, 60])
        assert sm.truncate_tokens(text, max_tokens) == reference_truncate(text, max_tokens), (
            text,
            max_tokens,
        )
        words = text.split(" ")
        if "\x1c" not in text and "\x1f" not in text and estimate_tokens(text) > max_tokens - 1:
            for guess in {0, 1, len(words) // 3, len(words) - 1}:
                assert budget._fitting_prefix(
                    words, max_tokens - 1, guess
                ) == budget._bisect_prefix(words, max_tokens - 1), (text, guess)


def reference_extractive(text: str, max_tokens: int, shortcut: int) -> str:
    """The scoring loop as first written: one tokenisation per sentence, Counter lookups."""
    if not text.strip():
        return ""
    if estimate_tokens(text[: shortcut * 40]) <= shortcut:
        return sm.truncate_tokens(reference_clean(text), max_tokens)
    scan = pt.keyword_text(text)
    sents = st.raw_sentences(text, scan=scan)
    if not sents:
        return sm.truncate_tokens(reference_clean(scan), max_tokens)
    freq = Counter(keywords(scan))
    cjk = _CJK_RE.search(scan) is not None
    scored = []
    for i, s in enumerate(sents):
        words = keywords(s) if cjk else [w for w in re.findall(r"[^\W_]+", s.lower()) if w in freq]
        score = sum(freq[k] for k in set(words)) / (1 + len(words)) ** 0.5
        scored.append((-(score * 1.5 if i == 0 else score), i))
    best = sorted(i for _, i in sorted(scored)[: sm.MAX_SENTENCES])
    return sm.truncate_tokens(" ".join(reference_clean(sents[i]) for i in best), max_tokens)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_extractive_summary_matches_the_first_scoring_loop(seed: int) -> None:
    cache = WordCache()
    for text in texts(400, seed=seed):
        long_text = (text + " ") * 6  # enough sentences to be scored
        for t in (text, long_text):
            scan = pt.keyword_text(t)
            got = sm.extractive_summary(t, 60, 5, freq=cache.keyword_counts(scan), scan=scan)
            assert got == reference_extractive(t, 60, 5), repr(t)
            if not sm.is_short(t, 5):  # the caller's sentences, for a text it knows is not short
                assert (
                    sm.extractive_summary(t, 60, 5, scan=scan, split=st.sentences_of(scan)) == got
                ), repr(t)


@pytest.mark.parametrize("step", [20, 40, 600])
def test_first_sentences_read_a_prefix_but_match_the_whole_text(step: int) -> None:
    rng = random.Random(step)
    for text in texts(1500, seed=step):
        text *= rng.randint(1, 20)
        for n in (1, 2):
            assert st.first_raw_sentences(text, n, step) == st.raw_sentences(text)[:n], repr(text)
