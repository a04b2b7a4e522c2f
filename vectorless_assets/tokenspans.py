"""Token estimates of many spans of one long text at once: `textutil.estimate_tokens` of each.

The Markdown frontend estimates every section of a document; on a 9 MB file the pattern
(`textutil._TOKEN_RE`, about 30 MB/s) is a noticeable share of the parse. Here a long text
is classified once, character by character (numpy), and each span's tokens are summed over
its runs of one class; the pattern's pieces never cross a class boundary, so the numbers
are the same (tested on random text and the whole corpus).
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.textutil import _CJK_RE, estimate_tokens

#: Texts shorter than this are estimated span by span (numpy's per-call cost would not pay).
BATCH_MIN_CHARS = 50_000
#: Characters per vectorised chunk (bounds the temporary arrays to ~20 bytes a character);
#: a span longer than this is estimated by the pattern.
BATCH_CHUNK_CHARS = 1 << 20
# Character classes of the token pattern: letter, digit, punctuation, CJK, newline, space or
# tab, other whitespace. A run of one class of length k costs (k + ADD) // DIV * MUL tokens.
_L, _D, _P, _C, _N, _S, _W = range(7)
_ADD = (9, 2, 2, 0, (1 << 40) - 1, 0, 0)
_DIV = (10, 3, 3, 1, 1 << 40, 4, 1)
_MUL = (1, 1, 1, 1, 1, 1, 0)


def _char_class(c: str) -> int:
    """The class `_TOKEN_RE` gives `c` (\\s = isspace, \\d = isdecimal, \\w = isalnum or _)."""
    if c == "\n":
        return _N
    if c in " \t":
        return _S
    if c.isspace():
        return _W
    if c.isdecimal():
        return _D
    if c.isalnum():
        return _C if _CJK_RE.match(c) else _L
    return _P


_ASCII_CLASSES = bytes(_char_class(chr(i)) for i in range(128))


def estimate_tokens_spans(text: str, spans: list[tuple[int, int]]) -> list[int]:
    """`[estimate_tokens(text[a:b]) for a, b in spans]`, for spans in order and disjoint.

    A long text is classified once, character by character (numpy), and each span's tokens
    are summed over its runs of one class: a word run of k letters is ceil(k / 10) tokens,
    digits and punctuation ceil(k / 3), a newline run 1, spaces and tabs k // 4, each CJK
    character 1, other whitespace 0 (the pattern's pieces never cross a class boundary, and
    runs are cut at the span ends). Tested equal to the pattern on random and corpus text.
    Text holding \\x1c-\\x1f (whitespace to the Unicode pattern, punctuation to the ASCII
    one) is estimated span by span.
    """
    if len(text) < BATCH_MIN_CHARS or any(c in text for c in "\x1c\x1d\x1e\x1f"):
        return [estimate_tokens(text[a:b]) for a, b in spans]
    out: list[int] = []
    chunk: list[tuple[int, int]] = []
    for a, b in spans:
        if b - a > BATCH_CHUNK_CHARS:  # one huge span: the pattern (its arrays would not be small)
            if chunk:
                out += _spans_vectorised(text, chunk)
                chunk = []
            out.append(estimate_tokens(text[a:b]))
            continue
        chunk.append((a, b))
        if b - chunk[0][0] >= BATCH_CHUNK_CHARS:
            out += _spans_vectorised(text, chunk)
            chunk = []
    if chunk:
        out += _spans_vectorised(text, chunk)
    return out


def _spans_vectorised(text: str, spans: list[tuple[int, int]]) -> list[int]:
    import numpy as np  # only for long texts: the import is not free

    base, stop = spans[0][0], spans[-1][1]
    codes = np.frombuffer(text[base:stop].encode("utf-32-le"), dtype=np.uint32)
    n = len(codes)
    if n == 0:
        return [0] * len(spans)
    classes = np.take(np.frombuffer(_ASCII_CLASSES, dtype=np.uint8), np.minimum(codes, 127))
    others = codes >= 128
    if others.any():
        distinct, which = np.unique(codes[others], return_inverse=True)
        classes[others] = np.array([_char_class(chr(c)) for c in distinct.tolist()], dtype=np.uint8)[which]
    starts = np.array([a for a, _ in spans], dtype=np.int64) - base
    ends = np.array([b for _, b in spans], dtype=np.int64) - base
    cut = np.empty(n, dtype=bool)
    cut[0] = True
    np.not_equal(classes[1:], classes[:-1], out=cut[1:])
    cut[starts[starts < n]] = True
    cut[ends[ends < n]] = True
    run = np.flatnonzero(cut)
    length = np.diff(run, append=n)
    kind = classes[run]
    table = _run_tokens(np)
    tokens = table[kind, np.minimum(length, _SHORT - 1)].astype(np.int64)
    long_runs = np.flatnonzero(length >= _SHORT)  # rare: the formula itself
    if len(long_runs):
        k, size = kind[long_runs], length[long_runs]
        add, div, mul = (np.array(v, dtype=np.int64)[k] for v in (_ADD, _DIV, _MUL))
        tokens[long_runs] = (size + add) // div * mul
    span = np.searchsorted(starts, run, side="right") - 1
    inside = (span >= 0) & (run < ends[np.maximum(span, 0)])
    totals = np.bincount(span[inside], weights=tokens[inside], minlength=len(spans))
    return [int(t) for t in totals.tolist()]


#: Runs shorter than this take their token count from a table (class x length).
_SHORT = 64
_TABLE: list[Any] = []


def _run_tokens(np: Any) -> Any:
    """Tokens of a run of class c and length k < _SHORT: `_TABLE[0][c, k]` (built once)."""
    if not _TABLE:
        rows = [[(k + _ADD[c]) // _DIV[c] * _MUL[c] for k in range(_SHORT)] for c in range(len(_ADD))]
        _TABLE.append(np.array(rows, dtype=np.int32))
    return _TABLE[0]
