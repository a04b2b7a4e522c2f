"""Text primitives shared by frontends and passes: token estimate, word tokens, stopwords.

Token estimator (deterministic, documented, no vocabulary file needed): the text is cut into
pieces the way cl100k's pre-tokenizer does (letter runs, digit runs in groups of three,
single punctuation marks, newline runs, CJK characters) and each piece is priced:

* a letter run costs ``ceil(len / 8)`` tokens (common English words are one token);
* a digit group of up to three digits, a punctuation mark and a newline run cost one;
* a run of 4+ spaces (code indentation) costs one per four spaces; shorter runs are free
  (cl100k glues a single leading space to the next word);
* every CJK / kana / hangul character costs one.

Word tokens for keywords and overlap: lowercase runs of letters/digits (Unicode aware, so
accented Latin, Cyrillic, Greek work); CJK text, which has no spaces, is cut into character
bigrams (a lone character stays a unigram), so Chinese/Japanese give sensible keywords.
"""

from __future__ import annotations

import re
from functools import lru_cache

_CJK = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3400-\u4dbf"  # CJK ext A
    "\u4e00-\u9fff"  # CJK unified
    "\uac00-\ud7af"  # hangul syllables
    "\uf900-\ufaff"  # compatibility ideographs
)
_CJK_RE = re.compile(f"[{_CJK}]")
_PIECE_RE = re.compile(
    rf"(?P<cjk>[{_CJK}])"
    rf"|(?P<word>[^\W\d_{_CJK}]+)"
    r"|(?P<num>\d{1,3})"
    r"|(?P<nl>\n+)"
    r"|(?P<sp>[ \t]{4,})"
    r"|(?P<ws>\s+)"
    r"|(?P<punct>.)",
    re.UNICODE | re.DOTALL,
)


def estimate_tokens(text: str) -> int:
    """Deterministic cl100k-like token estimate of `text` (see module docstring)."""
    if not text:
        return 0
    total = 0
    for m in _PIECE_RE.finditer(text):
        kind = m.lastgroup
        if kind == "word":
            total += (len(m.group()) + 7) // 8
        elif kind == "sp":
            total += len(m.group()) // 4
        elif kind == "ws":
            continue
        else:
            total += 1
    return total


_WORD_RE = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+", re.UNICODE)


def word_tokens(text: str) -> list[str]:
    """Lowercase word tokens; CJK runs become character bigrams."""
    out: list[str] = []
    for m in _WORD_RE.finditer(text.lower()):
        piece = m.group()
        if _CJK_RE.match(piece):
            if len(piece) == 1:
                out.append(piece)
            else:
                out.extend(piece[i : i + 2] for i in range(len(piece) - 1))
        else:
            out.append(piece)
    return out


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
    """.split()
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
