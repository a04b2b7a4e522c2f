"""The token estimator: a deterministic, cl100k-like token count of a text (`estimate_tokens`).

Deterministic, documented, no vocabulary file needed: every match of one regular expression
is one token, and the pieces mimic cl100k's pre-tokenizer:

* a run of letters costs ``ceil(len / 10)`` tokens (common English words are one token; a
  single space before a word is part of it, as in cl100k);
* a run of punctuation marks and symbols costs ``ceil(len / 3)`` (cl100k has tokens for
  ``**``, ``](``, ``` ``` ```, ``---``...);
* a group of up to three digits and a run of newlines cost one;
* indentation costs one token per four spaces/tabs; other whitespace is free;
* every CJK / kana / hangul character costs one.

Calibrated against real cl100k counts by `benchmarks/quality/bench_tokens.py`: on the Markdown
corpus it is 0-8% above cl100k (English prose 2-7%, Japanese 0-1%); it errs on the high side.
It is a single C-level regex pass (`re.subn`), about 25 MB/s; for text of 64 characters or
more the same count is summed over runs of one character class, 2-7x faster (text outside
ASCII first has its CJK letters counted and removed, `cjk.count_cjk_letters`, and its other
characters read as ASCII characters of their class: `_non_ascii_estimate`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from vectorless_assets.text.cjk import CJK, CJK_LETTER_RUN, CJK_SPAN, count_cjk_letters
from vectorless_assets.text.words import MAX_REPLACED, outside_ascii

# One match = one token. Alternatives are ordered by frequency (speed only: they never overlap).
_TOKEN_RE = re.compile(
    rf" ?[^\W\d_{CJK}]{{1,10}}"  # a word piece (with the space before it): 10 letters per token
    r"|[ \t]{4}"  # indentation: four spaces per token
    r"|\n+"  # a run of newlines
    r"|\d{1,3}"  # digits in groups of three
    r"| ?(?:[^\s\w]|_){1,3}"  # punctuation and symbols: up to three per token
    rf"|[{CJK}]",  # a CJK / kana / hangul character
    re.UNICODE,
)
# The same pieces for pure-ASCII text (most nodes), where ASCII classes are ~40% faster.
_ASCII_TOKEN_RE = re.compile(
    r" ?[A-Za-z]{1,10}|[ \t]{4}|\n+|[0-9]{1,3}| ?(?:[^\s\w]|_){1,3}", re.ASCII
)


def estimate_tokens(text: str) -> int:
    """Deterministic cl100k-like token estimate of `text` (see module docstring)."""
    if not text:
        return 0
    if len(text) < _RUNS_MIN_CHARS:
        return (_ASCII_TOKEN_RE if text.isascii() else _TOKEN_RE).subn("", text)[1]
    if text.isascii():
        data = text.encode("ascii")
        return _run_tokens(data, data.translate(_ASCII_CLASSES))
    return _non_ascii_estimate(text)


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
# Python), all classes at once (`_run_tokens`): 2x faster than the pattern at 64 characters,
# 7x at a kilobyte (one pass per class before: 1.5x and 3x). Shorter texts (a few hundred
# over the corpus) keep the pattern. Tested equal to the pattern on random ASCII text.
_RUNS_MIN_CHARS = 64

#: A character's class in `_run_tokens`, one bit each (0: whitespace other than newlines).
_LETTER, _DIGIT, _MARK, _NEWLINE = 1, 2, 4, 8


def _ascii_class(c: str) -> int:
    """The class of an ASCII character to the ASCII pattern (\\x1c-\\x1f are punctuation)."""
    if c.isalpha():
        return _LETTER
    if c.isdigit():
        return _DIGIT
    if c == "\n":
        return _NEWLINE
    return 0 if c in " \t\r\f\v" else _MARK


#: Class bits of ASCII bytes as the ASCII pattern reads them.
_ASCII_CLASSES = bytes(map(_ascii_class, map(chr, range(128)))) + bytes(128)
#: The same as the Unicode pattern reads ASCII (\x1c-\x1f are whitespace, `\s`), with
#: `_UNSET` for the bytes that open a longer UTF-8 sequence (see `_non_ascii_estimate`).
_UNSET = 0x80
_UNICODE_CLASSES = (
    bytes(0 if 0x1C <= i <= 0x1F else _ASCII_CLASSES[i] for i in range(128)) + bytes([_UNSET]) * 128
)
_INDENT = bytes(1 if chr(i) in " \t" else 0 for i in range(256))
#: Digit and punctuation runs both cost a token per three characters: one count for both.
_PER_THREE = bytes.maketrans(bytes([_MARK]), bytes([_DIGIT]))


def _run_tokens(chars: bytes, classes: bytes) -> int:
    """The pattern's count of a text given one byte per character: `chars` (spaces and tabs as
    themselves) and `classes` (each character's class bit).

    With the class bits as one integer, a bit also set one byte lower marks a character that
    does not start its run: the bits set minus those count the runs (a token each, all a
    newline run costs), and ceil(k / p) = 1 + floor((k - 1) / p) adds the blocks of p among
    each run's other characters (runs stay apart: each starts with a 0 byte there).
    """
    mask = int.from_bytes(classes, "little")
    inner = mask & (mask << 8)
    rest = inner.to_bytes(len(classes), "little")
    tokens = (
        mask.bit_count()
        - inner.bit_count()
        + rest.count(bytes([_LETTER]) * 10)
        + rest.translate(_PER_THREE).count(bytes([_DIGIT]) * 3)
    )
    # k // 4 per run of spaces and tabs (of spaces only: its blocks of four spaces)
    if b"\t" in chars:
        return tokens + chars.translate(_INDENT).count(b"\x01" * 4)
    return tokens + chars.count(b" " * 4)


_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8 bytes that continue a character


@lru_cache(maxsize=4096)
def _stand_in(c: str) -> str:
    """An ASCII character the Unicode pattern treats as it treats `c` (`\\s` is isspace,
    `\\d` isdecimal, `\\w` isalnum or "_")."""
    if c.isspace():
        return "\r"  # whitespace other than space, tab and newline: free
    if c.isdecimal():
        return "0"
    return "a" if c.isalnum() else "."  # (CJK letters are counted and removed before)


def _non_ascii_estimate(text: str) -> int:
    """`estimate_tokens` of a text outside ASCII, as run sums over one byte per character.

    Every run of CJK letters is counted (one token each) and becomes one free separator.
    Every other character outside ASCII is classed as its `_stand_in`: in the UTF-8 bytes,
    its continuation bytes are deleted and its lead byte gets its class in a table made for
    this text (characters of one lead byte nearly always share a class; one that does not
    is replaced by its stand-in first). The distinct characters come from the bytes left
    when the ASCII ones are deleted (C-level, no scan of the text per character).
    """
    data = text.encode("utf-8", "surrogatepass")
    outside = outside_ascii(data)
    cjk = 0
    if CJK_SPAN.search(outside):  # (in its few non-ASCII characters, not the whole text)
        text, cjk = count_cjk_letters(text)
        data = text.encode("utf-8", "surrogatepass")
        outside = CJK_LETTER_RUN.sub("", outside)
    table = bytearray(_UNICODE_CLASSES)
    clashes: list[str] = []
    for c in set(outside):
        lead = ord(c.encode("utf-8", "surrogatepass")[:1])
        kind = _ASCII_CLASSES[ord(_stand_in(c))]
        if table[lead] == _UNSET:
            table[lead] = kind
        elif table[lead] != kind:
            clashes.append(c)
    if len(clashes) > MAX_REPLACED:
        text = text.translate({ord(c): _stand_in(c) for c in clashes})
        data = text.encode("utf-8", "surrogatepass")
    else:
        for c in clashes:
            data = data.replace(c.encode("utf-8", "surrogatepass"), _stand_in(c).encode())
    chars = data.translate(None, _CONTINUATION)
    return _run_tokens(chars, chars.translate(table)) + cjk
