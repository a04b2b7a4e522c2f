"""Where references and captions can be in a node's text, found fast (`references` reads
them): the patterns, and a scan that tries each pattern only where it can match.

`scan_text` lowercases the text once (`lowered`), finds every reference literal with C-speed
substring searches (`literal_offsets`), and from which literals occur decides which scans
run at all: a caption scan only if a caption word occurs (`caption_scan`, newline to
newline), the reference patterns only at the literals' offsets (`tried_at`). Each result is
what `finditer` of the pattern over the whole text gives (tested against it on random text).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

NUM = r"\d+(?:\.\d+)*"
_KINDS = (
    r"(?P<kind>(?i:sections?|§§?|chapters?|appendix|appendices|tables?|figures?|figs?\.|"
    r"pages?|pp?\.|equations?|eqs?\.))"
)
REF = re.compile(
    rf"(?=[sScCaAtTfFpPeE§])(?<![\w§])(?P<see>(?i:see\s+(?:also\s+)?))?{_KINDS}[ \t\u00a0]*"
    rf"(?P<target>{NUM}|[IVXL]{{2,}}|[A-Z](?:\.\d+)*)(?![\w.]\w)"
)
TITLE_REF = re.compile(
    r"(?=[sS])(?i:\bsee\s+(?:also\s+)?(?:the\s+)?)[\"“](?P<title>[^\"”\n]{3,80})[\"”]"
)
_CAPTION_BODY = (
    r"\s*(?P<kind>(?i:table|figure|fig\.|equation|eq\.))"
    rf"\s*(?P<target>{NUM}|[A-Z](?:\.\d+)*)\s*(?:[:.\-—–|)]|$)"
)
CAPTION = re.compile("^" + _CAPTION_BODY, re.MULTILINE)
#: `CAPTION` after a newline: a literal first character lets the regex engine jump from
#: newline to newline instead of testing ``^`` at every character.
_CAPTION_AFTER_NEWLINE = re.compile("\n" + _CAPTION_BODY, re.MULTILINE)
#: Where a match of `REF` can start, in the lowercased text: "see" or a kind word's first
#: letters. Every occurrence is a candidate, overlapping ones too: a candidate inside an
#: earlier one follows one of its letters, so `REF`'s look-behind fails there.
REF_LITERALS = (
    "see",
    "sect",
    "\u00a7",
    "chapter",
    "appendi",
    "table",
    "fig",
    "page",
    "p.",
    "pp.",
    "equation",
    "eq.",
    "eqs.",
)
#: Literals (lowercase) one of which is in every match of `REF` / `CAPTION` / `TITLE_REF`.
REF_WORDS = (
    "sect",
    "\u00a7",
    "chapter",
    "appendi",
    "table",
    "fig",
    "page",
    "p.",
    "equation",
    "eq.",
    "eqs.",
)
CAPTION_WORDS = ("table", "fig", "equation", "eq.")
#: The non-ASCII characters a case-insensitive pattern matches to an ASCII letter (İ ı ſ K).
_FOLDS_TO_ASCII = ("\u0130", "\u0131", "\u017f", "\u212a")


def lowered(text: str) -> str | None:
    """`text.lower()` when a substring test on it tells whether a case-insensitive ASCII
    literal occurs in `text` (None when `text` has a character that folds onto an ASCII
    letter other than by `lower()`)."""
    if not text.isascii() and any(c in text for c in _FOLDS_TO_ASCII):
        return None
    return text.lower()


def caption_scan(text: str) -> Iterator[re.Match[str]]:
    """`CAPTION.finditer(text)`'s matches: at offset 0, then after each newline at or past
    the previous match's last character (a match may end just after a newline, and the
    line it opens is tried next, as `finditer` does)."""
    m = CAPTION.match(text)
    if m is not None:
        yield m
    pos = m.end() - 1 if m is not None else 0
    search = _CAPTION_AFTER_NEWLINE.search
    while (m := search(text, pos)) is not None:
        yield m
        pos = m.end() - 1


def tried_at(pattern: re.Pattern[str], text: str, starts: list[int]) -> Iterator[re.Match[str]]:
    """`pattern` matched at each of `starts` (ascending) not inside the previous match."""
    match, end = pattern.match, 0
    for start in starts:
        if start >= end and (m := match(text, start)) is not None:
            yield m
            end = m.end()


def offsets(low: str, word: str) -> list[int]:
    """Every offset in `low` where `word` occurs (overlapping occurrences too), ascending."""
    found: list[int] = []
    find, add = low.find, found.append
    i = find(word)
    while i >= 0:
        add(i)
        i = find(word, i + 1)
    return found


#: The literals searched for themselves; the others are read off a shorter literal's hits.
_SEARCHED = tuple(w for w in REF_LITERALS if w not in ("pp.", "eq.", "eqs.", "equation"))
_EQ_WORDS = ("eq.", "eqs.", "equation")


def literal_offsets(low: str) -> dict[str, list[int]]:
    """`offsets(low, word)` of each of `REF_LITERALS` that occurs in `low` (in no set order).

    Three searches fewer than one per literal: "pp." occurs where "p." does, one character
    later, after a "p"; "eq.", "eqs." and "equation" occur where "eq" does (one search).
    A literal is first tested by `in` (one C call, no list): most texts hold few of them.
    """
    hits = {word: offsets(low, word) for word in _SEARCHED if word in low}
    if "p." in hits:
        pp = [i - 1 for i in hits["p."] if i and low[i - 1] == "p"]
        if pp:
            hits["pp."] = pp
    if "eq" in low:
        for i in offsets(low, "eq"):
            for word in _EQ_WORDS:
                if low.startswith(word, i):
                    hits.setdefault(word, []).append(i)
    return hits


class Scan(NamedTuple):
    """What `extract` and the target index need of one node's text, found once.

    `low` is `lowered(text)`; `captions` the caption lines' matches (`caption_scan`; none
    when no caption word occurs); `starts` and `sees` where `REF` and `TITLE_REF` are tried
    (None: `low` is None, the plain scans). Every literal is searched once: which of them
    occur decides the caption and reference scans.
    """

    low: str | None
    captions: list[re.Match[str]]
    starts: list[int] | None
    sees: list[int] | None


def scan_text(text: str) -> Scan:
    """`Scan` of `text` (see there)."""
    low = lowered(text)
    if low is None:
        return Scan(None, list(caption_scan(text)), None, None)
    hits = literal_offsets(low)
    if not hits:
        return Scan(low, [], [], [])
    captions = list(caption_scan(text)) if any(w in hits for w in CAPTION_WORDS) else []
    starts = (
        sorted(i for found in hits.values() for i in found)
        if any(w in hits for w in REF_WORDS)
        else []
    )
    return Scan(low, captions, starts, hits.get("see", []))
