"""Text primitives shared by frontends and passes: token estimate, word tokens, stopwords.

Token estimator (deterministic, documented, no vocabulary file needed): every match of one
regular expression is one token, and the pieces mimic cl100k's pre-tokenizer:

* a run of letters costs ``ceil(len / 10)`` tokens (common English words are one token; a
  single space before a word is part of it, as in cl100k);
* a run of punctuation marks and symbols costs ``ceil(len / 3)`` (cl100k has tokens for
  ``**``, ``](``, ``` ``` ```, ``---``...);
* a group of up to three digits and a run of newlines cost one;
* indentation costs one token per four spaces/tabs; other whitespace is free;
* every CJK / kana / hangul character costs one.

Calibrated against real cl100k counts by `benchmarks/bench_tokens.py`: on the Markdown corpus
it is 0-8% above cl100k (English prose 2-7%, Japanese 0-1%); it errs on the high side.
It is a single C-level regex pass (`re.subn`), about 25 MB/s; for text of 64 characters or
more the same count is summed over runs of one character class, 1.5-3x faster (text outside
ASCII first has its CJK letters counted and removed, `cjk.count_cjk_letters`, and its other
characters replaced by ASCII characters of their class).

Word tokens for keywords and overlap: lowercase runs of letters/digits (Unicode aware, so
accented Latin, Cyrillic, Greek work); CJK text, which has no spaces, is cut into character
bigrams (a lone character stays a unigram), so Chinese/Japanese give sensible keywords. CJK
runs are spelled as their bigrams (`cjk.spell_bigrams`) so that all text takes the same
C-level split as ASCII text.
"""

from __future__ import annotations

import re
import string
from collections import _count_elements
from functools import lru_cache

from vectorless_assets.cjk import CJK, CJK_RE, CJK_SPAN, count_cjk_letters, spell_bigrams

_CJK = CJK
_CJK_RE = CJK_RE
# One match = one token. Alternatives are ordered by frequency (speed only: they never overlap).
_TOKEN_RE = re.compile(
    rf" ?[^\W\d_{_CJK}]{{1,10}}"  # a word piece (with the space before it): 10 letters per token
    r"|[ \t]{4}"  # indentation: four spaces per token
    r"|\n+"  # a run of newlines
    r"|\d{1,3}"  # digits in groups of three
    r"| ?(?:[^\s\w]|_){1,3}"  # punctuation and symbols: up to three per token
    rf"|[{_CJK}]",  # a CJK / kana / hangul character
    re.UNICODE,
)
# The same pieces for pure-ASCII text (most nodes), where ASCII classes are ~40% faster.
_ASCII_TOKEN_RE = re.compile(r" ?[A-Za-z]{1,10}|[ \t]{4}|\n+|[0-9]{1,3}| ?(?:[^\s\w]|_){1,3}", re.ASCII)


def estimate_tokens(text: str) -> int:
    """Deterministic cl100k-like token estimate of `text` (see module docstring)."""
    if not text:
        return 0
    if len(text) < _RUNS_MIN_CHARS:
        return (_ASCII_TOKEN_RE if text.isascii() else _TOKEN_RE).subn("", text)[1]
    if text.isascii():
        return _ascii_runs_estimate(text)
    # every run of CJK letters is counted (one token each) and becomes one free separator;
    # each other character outside ASCII (dashes, quotes, accented letters) is replaced by
    # an ASCII character of its class (`str.replace` each when few, else one translate),
    # then the runs are summed
    cjk = 0
    if CJK_SPAN.search(text):  # (a CJK letter is one object less for the scan below)
        text, cjk = count_cjk_letters(text)
    # (single-class scans: 3x faster than one of the two-range class)
    found = set(_NON_ASCII_RE.findall(text)).union(c for c in "\x1c\x1d\x1e\x1f" if c in text)
    if len(found) > _MAX_MAPPED:
        text = text.translate({ord(c): _stand_in(c) for c in found})
    else:
        for c in found:
            text = text.replace(c, _stand_in(c))
    return _ascii_runs_estimate(text) + cjk


#: Texts up to this length are memoised by `summary_tokens`.
_MEMO_CHARS = 4096


@lru_cache(maxsize=8192)
def _memo_tokens(text: str) -> int:
    return estimate_tokens(text)


def summary_tokens(text: str) -> int:
    """`estimate_tokens(text)`, memoised for summary-sized texts: the enhance pass estimates
    every summary it returns (`summarize.truncate_tokens`) and the IR's
    `total_summary_tokens` estimates the same strings again. A pure function of the text,
    so the memo cannot change a result; it holds at most 8192 texts of at most 4 KB."""
    return _memo_tokens(text) if len(text) <= _MEMO_CHARS else estimate_tokens(text)


# The ASCII pattern's pieces never cross a character class, so its count is a sum over runs
# of one class: ceil(k / 10) for k letters, ceil(k / 3) for k digits or k punctuation marks
# (and "_"), 1 for a run of newlines, k // 4 for k spaces and tabs, 0 for other whitespace.
# Those sums are taken with bytes and big-integer operations (C speed, no per-character
# Python): 1.5x faster than the pattern at 64 characters, 3x at a kilobyte; below that
# the pattern is faster. Tested equal to the pattern on random ASCII text.
_RUNS_MIN_CHARS = 64


def _class_table(member: str) -> bytes:
    return bytes(1 if chr(i) in member else 0 for i in range(256))


_LETTERS = _class_table(string.ascii_letters)
_DIGITS = _class_table("0123456789")
_PUNCT = _class_table("".join(chr(i) for i in range(128) if not chr(i).isalnum() and chr(i) not in " \t\n\r\f\v"))
_NEWLINE = _class_table("\n")
_INDENT = _class_table(" \t")


def _runs(data: bytes, table: bytes, per_token: int) -> int:
    """Sum of ceil(k / per_token) over the runs of `table`'s class in `data` (0: run count)."""
    mask = int.from_bytes(data.translate(table), "little")
    inner = mask & (mask << 8)  # a class character whose predecessor is one too
    runs = mask.bit_count() - inner.bit_count()
    if not per_token:
        return runs
    # ceil(k / p) = 1 + floor((k - 1) / p): blocks of p among each run's non-first characters
    return runs + inner.to_bytes(len(data), "little").count(b"\x01" * per_token)


#: Characters the Unicode pattern classes unlike the ASCII one are the non-ASCII ones, and
#: \x1c-\x1f (whitespace to `\s` in Unicode mode, punctuation under re.ASCII).
_NON_ASCII_RE = re.compile("[^\x00-\x7f]")
#: More distinct characters to map than this: one `str.translate` instead of a `str.replace`
#: each (translate looks up every character of a non-ASCII text: 10x slower than 30
#: `str.replace` scans of 600 characters; the two break even near 200 on long texts).
_MAX_MAPPED = 128
_STAND_INS: dict[str, str] = {}


def _stand_in(c: str) -> str:
    """An ASCII character the Unicode pattern treats as it treats `c` (`\\s` is isspace,
    `\\d` isdecimal, `\\w` isalnum or "_")."""
    hit = _STAND_INS.get(c)
    if hit is None:
        if c.isspace():
            hit = "\r"  # whitespace other than space, tab and newline: free
        elif c.isdecimal():
            hit = "0"
        elif c.isalnum():
            hit = "a"  # (CJK letters are counted and removed before)
        else:
            hit = "."
        _STAND_INS[c] = hit
    return hit


def _ascii_runs_estimate(text: str) -> int:
    data = text.encode("ascii")
    return (
        _runs(data, _LETTERS, 10)
        + _runs(data, _DIGITS, 3)
        + _runs(data, _PUNCT, 3)
        + _runs(data, _NEWLINE, 0)
        + data.translate(_INDENT).count(b"\x01" * 4)  # k // 4 per run of spaces and tabs
    )


_WORD_RE = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+", re.UNICODE)
# ASCII text: every character that is not a letter or digit becomes a space, then split;
# the same tokens as `_WORD_RE.findall`, about 5x faster (str.translate has an ASCII fast path)
_ASCII_SPLIT = str.maketrans({chr(i): " " for i in range(128) if not chr(i).isalnum()})


#: A character outside both ASCII and the CJK ranges.
_OTHER_NON_ASCII_RE = re.compile(f"[^\x00-\x7f{CJK}]")
#: More distinct separators than this: one `str.translate` instead of a `str.replace` each
#: (see `_MAX_MAPPED`).
_MAX_REPLACED = _MAX_MAPPED


def _spaced(lowered: str) -> str:
    """`lowered` (not ASCII) with every non-ASCII character outside the CJK ranges that is not
    a letter or digit (a dash, a quote, a no-break space, a symbol) replaced by a space, and
    every CJK run spelled as its bigrams (`cjk.spell_bigrams`).

    Word tokens are runs of `[^\\W_]`, i.e. of `str.isalnum` characters, and CJK runs: after
    this, only ASCII characters and spaces separate them, and each CJK token stands between
    spaces, so the ASCII split applies (same tokens, same order, as the pattern).
    """
    cjk = CJK_SPAN.search(lowered) is not None  # (then its CJK characters are no separators)
    found = set((_OTHER_NON_ASCII_RE if cjk else _NON_ASCII_RE).findall(lowered))
    separators = [c for c in found if not c.isalnum()]
    if len(separators) > _MAX_REPLACED:
        lowered = lowered.translate(dict.fromkeys(map(ord, separators), " "))
    else:
        for c in separators:
            lowered = lowered.replace(c, " ")
    return spell_bigrams(lowered) if cjk else lowered


def word_tokens(text: str) -> list[str]:
    """Lowercase word tokens; CJK runs become character bigrams (`_WORD_RE`'s pieces, a CJK
    piece cut into bigrams: tested equal to that definition)."""
    lowered = text.lower()
    if lowered.isascii():  # fast path, same result (most nodes)
        return lowered.translate(_ASCII_SPLIT).split()
    return _spaced(lowered).encode().translate(_BYTES_SPLIT).decode().split()


def word_tokens_by_line(text: str) -> list[list[str]]:
    """`[word_tokens(line) for line in text.split("\\n")]`, the text split in one go."""
    lowered = text.lower()
    if lowered.isascii():
        return [line.split() for line in lowered.translate(_ASCII_LINE_SPLIT).split("\n")]
    spaced = _spaced(lowered).encode().translate(_BYTES_LINE_SPLIT).decode()
    return [line.split() for line in spaced.split("\n")]


# The same split on UTF-8 bytes (bytes.translate is a table lookup): ASCII separators become
# spaces, every other byte stays (a text's non-ASCII separators are spaces already).
_BYTES_SPLIT = bytes(b if b >= 128 or chr(b).isalnum() else 32 for b in range(256))
# The splits of `word_tokens_by_line`: newlines stay (one line per newline).
_ASCII_LINE_SPLIT = str.maketrans({chr(i): " " for i in range(128) if not chr(i).isalnum() and chr(i) != "\n"})
_BYTES_LINE_SPLIT = bytes(b if b >= 128 or chr(b).isalnum() or b == 10 else 32 for b in range(256))


class WordTable(dict[bytes, str]):
    """UTF-8 piece (one word) -> the word, each decoded once. One table per compile also
    gives every occurrence of a word the same string object."""

    def __missing__(self, piece: bytes) -> str:
        word = self[piece] = piece.decode()
        return word


def piece_counts(text: str) -> dict[bytes, int]:
    """Occurrences of each `word_tokens(text)` token, spelled in UTF-8, in order of first use.

    The lowercased text (its non-ASCII separators made spaces, its CJK runs spelled as
    bigrams) is split on ASCII separators as bytes and counted: every piece is one word.
    Counted into a plain dict by the C function `Counter` itself calls (a `Counter` costs
    ~1.2 us more per text to build: 7 ms over the corpus's 6,200 texts).
    """
    lowered = text.lower()
    if not lowered.isascii():
        lowered = _spaced(lowered)
    counts: dict[bytes, int] = {}
    _count_elements(counts, lowered.encode().translate(_BYTES_SPLIT).split())
    return counts


def word_counts(text: str, table: WordTable | None = None) -> dict[str, int]:
    """`Counter(word_tokens(text))`, faster: occurrences per token, in order of first use.

    The `piece_counts`, with only the distinct pieces decoded (`table`).
    """
    table = table if table is not None else WordTable()
    pieces = piece_counts(text)
    return dict(zip(map(table.__getitem__, pieces), pieces.values(), strict=True))


STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all also am an and any are aren as at be because been
    before being below between both but by can cannot could couldn did didn do does doesn
    doing don down during each either else etc even ever every few for from further had
    hadn has hasn have haven having he her here hers herself him himself his how however i
    if in into is isn it its itself just let like ll may me might more most must mustn my
    myself need no nor not now of off on once only or other ought our ours ourselves out
    over own re same shall shan she should shouldn so some such than that the their theirs
    them themselves then there these they this those through thus to too under until up
    upon us use used using ve very via was wasn we were weren what when where which while
    who whom whose why will with within without won would wouldn yet you your yours
    yourself yourselves
    """.split()  # noqa: SIM905 (a word list reads better as text)
)


@lru_cache(maxsize=65536)
def is_keyword(token: str) -> bool:
    """A token worth indexing: length >= 2 (a CJK bigram counts), not a stopword, not a bare number."""
    if len(token) < 2 and not _CJK_RE.match(token):
        return False
    return token not in STOPWORDS and not token.isdigit()


def keywords(text: str) -> list[str]:
    """Word tokens of `text` that are keywords, in order, repeats kept."""
    return [t for t in word_tokens(text) if is_keyword(t)]
