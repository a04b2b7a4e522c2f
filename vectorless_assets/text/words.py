"""The words of a text, shared by frontends and passes: words, stopwords, keywords.

Here a text is read as words only; "token" means an LLM token, estimated in
`text.llm_tokens`.

Words (for keywords and overlap): lowercase runs of letters/digits (Unicode aware, so
accented Latin, Cyrillic, Greek work); CJK text, which has no spaces, is cut into character
bigrams (a lone character stays a unigram), so Chinese/Japanese give sensible keywords. CJK
runs are spelled as their bigrams (`cjk.spell_bigrams`) so that all text takes the same
C-level split as ASCII text.
"""

from __future__ import annotations

import re
from collections import _count_elements
from functools import lru_cache

from vectorless_assets.text.cjk import CJK, CJK_RE, CJK_RUN, CJK_SPAN, spell_bigrams

_CJK = CJK
_CJK_RE = CJK_RE

_WORD_RE = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+", re.UNICODE)
# ASCII text: every character that is not a letter or digit becomes a space, then split;
# the same words as `_WORD_RE.findall`, about 5x faster (str.translate has an ASCII fast path)
_ASCII_SPLIT = str.maketrans({chr(i): " " for i in range(128) if not chr(i).isalnum()})


#: More distinct characters to replace than this: one `str.translate` instead of a
#: `replace` each (translate looks up every character of a non-ASCII text: 10x slower than
#: 30 replace scans of 600 characters; the two break even near 200 on long texts).
MAX_REPLACED = 128
_ASCII_BYTES = bytes(range(128))


def outside_ascii(data: bytes) -> str:
    """The characters outside ASCII of a text's UTF-8 `data` (lone surrogates written with
    "surrogatepass"), in order: its ASCII bytes deleted by one C-level `bytes.translate`,
    the distinct characters of a text without a regex scan of it."""
    return data.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")


def _spaced(lowered: str) -> str:
    """`lowered` (not ASCII) with every non-ASCII character outside the CJK ranges that is not
    a letter or digit (a dash, a quote, a no-break space, a symbol) replaced by a space, and
    every CJK run spelled as its bigrams (`cjk.spell_bigrams`).

    Words are runs of `[^\\W_]`, i.e. of `str.isalnum` characters, and CJK runs: after
    this, only ASCII characters and spaces separate them, and each CJK word stands between
    spaces, so the ASCII split applies (same words, same order, as the pattern).
    """
    outside = outside_ascii(lowered.encode("utf-8", "surrogatepass"))
    cjk = CJK_SPAN.search(outside) is not None  # (then its CJK characters are no separators)
    separators = [c for c in set(CJK_RUN.sub("", outside) if cjk else outside) if not c.isalnum()]
    if len(separators) > MAX_REPLACED:
        lowered = lowered.translate(dict.fromkeys(map(ord, separators), " "))
    else:
        for c in separators:
            lowered = lowered.replace(c, " ")
    return spell_bigrams(lowered) if cjk else lowered


def split_words(text: str) -> list[str]:
    """Lowercase words; CJK runs become character bigrams (`_WORD_RE`'s pieces, a CJK
    piece cut into bigrams: tested equal to that definition)."""
    lowered = text.lower()
    if lowered.isascii():  # fast path, same result (most nodes)
        return lowered.translate(_ASCII_SPLIT).split()
    return _spaced(lowered).encode().translate(_BYTES_SPLIT).decode().split()


def split_words_by_line(text: str) -> list[list[str]]:
    """`[split_words(line) for line in text.split("\\n")]`, the text split in one go."""
    lowered = text.lower()
    if lowered.isascii():
        return [line.split() for line in lowered.translate(_ASCII_LINE_SPLIT).split("\n")]
    spaced = _spaced(lowered).encode().translate(_BYTES_LINE_SPLIT).decode()
    return [line.split() for line in spaced.split("\n")]


# The same split on UTF-8 bytes (bytes.translate is a table lookup): ASCII separators become
# spaces, every other byte stays (a text's non-ASCII separators are spaces already).
_BYTES_SPLIT = bytes(b if b >= 128 or chr(b).isalnum() else 32 for b in range(256))
# The splits of `split_words_by_line`: newlines stay (one line per newline).
_ASCII_LINE_SPLIT = str.maketrans(
    {chr(i): " " for i in range(128) if not chr(i).isalnum() and chr(i) != "\n"}
)
_BYTES_LINE_SPLIT = bytes(b if b >= 128 or chr(b).isalnum() or b == 10 else 32 for b in range(256))


class WordTable(dict[bytes, str]):
    """UTF-8 piece (one word) -> the word, each decoded once. One table per compile also
    gives every occurrence of a word the same string object."""

    def __missing__(self, piece: bytes) -> str:
        word = self[piece] = piece.decode()
        return word


def piece_counts(text: str) -> dict[bytes, int]:
    """Occurrences of each `split_words(text)` word, spelled in UTF-8, in order of first use.

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
    """`Counter(split_words(text))`, faster: occurrences per word, in order of first use.

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
def is_keyword(word: str) -> bool:
    """A word worth indexing: length >= 2 (a CJK bigram counts), not a stopword, not a bare
    number."""
    if len(word) < 2 and not _CJK_RE.match(word):
        return False
    return word not in STOPWORDS and not word.isdigit()


def keywords(text: str) -> list[str]:
    """Words of `text` that are keywords, in order, repeats kept."""
    return [t for t in split_words(text) if is_keyword(t)]
