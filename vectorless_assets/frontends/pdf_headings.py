"""Heading detection without an outline: font size, boldness, numbering, capitals, position.

Input is the document's line stream (after running headers/footers are removed); output is a
list of `Heading`s pointing into it. Levels come from style ranks (bigger first, then bold,
then capitals at body size), refined by numbering depth ("1.2.3" is level 3 below the rank of
the top numbered headings).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from vectorless_assets.frontends.pdf_text import Line

_NUM = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5})\.?\s+(?=[^\d\s.,%)])")
_KEYWORD = re.compile(
    r"^(part|item|note|chapter|section|appendix|annex|article|schedule|exhibit|anhang|kapitel|teil)\s+"
    r"(\d{1,3}[a-z]?|[ivxlc]{1,6}|[a-z])\b\s*[.:\u2014\u2013-]?",
    re.I,
)
_LETTER_SECTION = re.compile(r"^[A-Z]\.(\d{1,2}\.)*\d{0,2}\s+\S")
_MONEY = re.compile(r"(?<![\w.])[($]?\d[\d,]*(?:\.\d+)?%?\)?(?![\w.])")
_KEYWORD_LEVEL = {"part": 1, "teil": 1, "chapter": 1, "kapitel": 1}
MAX_TITLE_WORDS = 40
MAX_MERGED_LINES = 4


@dataclass(slots=True)
class Heading:
    """A heading spanning lines[start:end] of the line stream."""

    start: int
    end: int
    title: str
    level: int


@dataclass(slots=True)
class _Cand:
    start: int
    end: int
    title: str
    key: tuple[float, bool, bool]
    depth: int  # numbering depth (0 = unnumbered)
    keyword: str


def body_size(lines: list[Line]) -> float:
    """The most common font size, weighted by characters (0.0 when sizes are unknown)."""
    weights: Counter[float] = Counter()
    for ln in lines:
        weights[round(ln.size * 2) / 2] += len(ln.text)
    return weights.most_common(1)[0][0] if weights else 0.0


def _caps(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 4 and sum(c.isupper() for c in letters) >= 0.85 * len(letters)


def _signals(ln: Line, body: float, body_bold: bool) -> tuple[bool, int, str] | None:
    """(is strong, numbering depth, keyword) when `ln` can be (part of) a heading, else None."""
    text = ln.text.strip()
    letters = sum(c.isalpha() for c in text)
    if letters < 2 or letters < 0.45 * len(text.replace(" ", "")) or len(text) > 300:
        return None
    words = len(text.split())
    ratio = ln.size / body if body else 1.0
    if ratio < 0.97 or words > MAX_TITLE_WORDS or text[0] in ",;)]}" or text[-1] in ",;":
        return None
    if len(_MONEY.findall(text)) >= 2 and ratio < 1.12:
        return None  # a table row
    m = _NUM.match(text)
    depth = m.group(1).count(".") + 1 if m else 0
    k = _KEYWORD.match(text)
    keyword = k.group(1).lower() if k else ""
    bold = ln.bold and not body_bold
    if ratio >= 1.12 and words <= 25:
        return True, depth, keyword
    if bold and (words <= 25 or text.endswith(".")):
        return False, depth, keyword
    if keyword and words <= 20 and (_caps(text) or ratio > 1.03 or text[len(k.group(0)) - 1:].strip()[:1].isupper()) and not text.endswith("."):
        return False, depth, keyword
    if _caps(text) and 2 <= words <= 14 and not body_bold:
        return False, depth, keyword
    return None


def detect_headings(lines: list[Line], skip_pages: set[int], body: float | None = None) -> list[Heading]:
    """Find headings in the line stream (lines on `skip_pages` - e.g. ToC pages - never are)."""
    if body is None:
        body = body_size(lines)
    bold_chars = sum(len(ln.text) for ln in lines if ln.bold)
    body_bold = bold_chars > 0.6 * max(1, sum(len(ln.text) for ln in lines))
    cands: list[_Cand] = []
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        sig = None if ln.page in skip_pages else _signals(ln, body, body_bold)
        if sig is None:
            i += 1
            continue
        _, depth, keyword = sig
        key = (round(ln.size * 2) / 2, ln.bold, _caps(ln.text))
        j = i + 1
        parts = [ln.text.strip()]
        while j < n and j - i < MAX_MERGED_LINES:
            nxt = lines[j]
            if nxt.page != ln.page or (round(nxt.size * 2) / 2, nxt.bold) != key[:2] or abs(lines[j - 1].y - nxt.y) > 2.2 * max(nxt.size, 1.0):
                break
            if _NUM.match(nxt.text) or _KEYWORD.match(nxt.text) or _signals(nxt, body, body_bold) is None:
                break
            if parts[-1].endswith(".") and not _caps(parts[-1]):
                break
            parts.append(nxt.text.strip())
            j += 1
        title = " ".join(parts)
        if len(title.split()) <= MAX_TITLE_WORDS + 10:
            cands.append(_Cand(i, j, title, key, depth, keyword))
        i = j
    cands = _drop_repeated_and_common(cands, lines)
    return _assign_levels(cands, body)


def _drop_repeated_and_common(cands: list[_Cand], lines: list[Line]) -> list[_Cand]:
    """Drop styles that make up a large share of the text (they are body, not headings)."""
    total = max(1, sum(len(ln.text) for ln in lines))
    by_style: Counter[tuple[float, bool, bool]] = Counter()
    for c in cands:
        by_style[c.key] += sum(len(lines[k].text) for k in range(c.start, c.end))
    heavy = {k for k, v in by_style.items() if v > 0.25 * total}
    return [c for c in cands if c.key not in heavy or c.depth or c.keyword]


def _assign_levels(cands: list[_Cand], body: float) -> list[Heading]:
    """Levels: style rank (bigger, then bold, then capitals), numbering depth where present."""
    styles = sorted({c.key for c in cands}, key=lambda k: (-k[0], not k[1], not k[2]))
    rank = {k: r + 1 for r, k in enumerate(styles)}
    # compress ranks to at most 6 levels
    rank = {k: min(r, 6) for k, r in rank.items()}
    numbered_top = [rank[c.key] for c in cands if c.depth == 1]
    base = (min(numbered_top) - 1) if numbered_top else 0
    out: list[Heading] = []
    for c in cands:
        if c.keyword in _KEYWORD_LEVEL:
            level = _KEYWORD_LEVEL[c.keyword]
        elif c.depth:
            level = base + c.depth
        else:
            level = rank[c.key]
        out.append(Heading(c.start, c.end, c.title, max(1, min(level, 9))))
    return out
