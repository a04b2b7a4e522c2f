"""Numbering schemes of heading titles, and the levels they imply.

A title's number says where it sits, whatever the font or the outline says: a part label
("Part II", "PART 2", or a bare capital roman numeral before a capitalised title,
"II Implementation") is above everything; a chapter label ("Chapter 3", "Appendix B") and a
one-part decimal number ("3 Syntax") are chapters; "3.4" is one level below, "3.4.1" two.
`depth` reads one title; `part_titles` decides at document level whether bare roman
numerals are part labels (at least two distinct ones, "I ..." among them: a lone "I Wish"
is a sentence); `nest_by_number` puts "3.1" one level below the "3" before it, whatever
level a source gave it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PART_DEPTH = 0
_PART_WORD = re.compile(r"^(?:part|teil|partie)\s+([ivxlc]{1,6}|\d{1,2})\b", re.I)
_BARE_ROMAN = re.compile(r"^([IVX]{1,5})\.?\s+(?=[A-Z\u00c0-\u00de])")
_CHAPTER = re.compile(
    r"^(?:chapter|kapitel|chapitre|appendix|anhang|annex)\s+([\dA-Z]{1,3}|[ivxlc]{1,6})\b", re.I
)
_DECIMAL = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5}|[A-Z](?:\.\d{1,2}){1,5})\.?\s+(?=[^\d\s.,%)])")


def depth(title: str, parts: bool = False) -> int | None:
    """Level implied by the title's number: 0 for a part label, 1 for a chapter ("Chapter 3",
    "3 Title"), n for an n-part decimal number; None when unnumbered. A bare roman numeral
    ("II Implementation") counts as a part label only when `parts` (see `part_titles`)."""
    text = title.strip()
    if _PART_WORD.match(text) or (parts and _BARE_ROMAN.match(text)):
        return PART_DEPTH
    if _CHAPTER.match(text):
        return 1
    m = _DECIMAL.match(text)
    return m.group(1).count(".") + 1 if m else None


def part_titles(titles: Sequence[str]) -> bool:
    """True when bare roman numerals label parts: two or more distinct ones, "I" among them."""
    numerals = {m.group(1) for t in titles if (m := _BARE_ROMAN.match(t.strip()))}
    return len(numerals) >= 2 and "I" in numerals


def number(title: str) -> str:
    """The decimal number a title starts with ("3.4" for "3.4 Scope"), '' when none."""
    m = _DECIMAL.match(title.strip())
    return m.group(1) if m else ""


def nest_by_number(titles: Sequence[str], levels: Sequence[int]) -> tuple[list[int], list[int]]:
    """Levels with every "N.M" heading one below the nearest earlier "N" heading (recursively,
    "3.4.1" below "3.4"), and the indexes whose level changed.

    The number is trusted over the level a source gave: an outline that files "3.1" beside
    "3" (pari's users' guide), a contents page whose indentation was misread. A heading whose
    parent number does not occur (a filing's notes "1.", "2." under "Notes") keeps its level.
    """
    out = list(levels)
    last: dict[str, int] = {}  # number -> index of its latest heading
    changed: list[int] = []
    for i, t in enumerate(titles):
        num = number(t)
        if not num:
            continue
        parent = num.rsplit(".", 1)[0] if "." in num else ""
        if parent in last and out[i] != out[last[parent]] + 1:
            out[i] = out[last[parent]] + 1
            changed.append(i)
        last[num] = i
        for k in [k for k in last if k.startswith(num + ".")]:
            del last[k]  # "3.1" of an earlier chapter 3 is no parent for this one's children
    return out, changed
