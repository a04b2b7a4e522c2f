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

from vectorless_assets.frontends.pdf.heading_context import is_figure_row, rejects
from vectorless_assets.frontends.pdf.text import Line

_NUM = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5})\.?\s+(?=[^\d\s.,%)])")
_KEYWORD = re.compile(
    r"^(part|item|note|chapter|section|appendix|annex|article|schedule|exhibit|anhang|kapitel|teil)\s+"
    r"(\d{1,3}[a-z]?|[ivxlc]{1,6}|[a-z])\b\s*[.:\u2014\u2013-]?",
    re.I,
)
_LETTER_SECTION = re.compile(r"^[A-Z]\.(\d{1,2}\.)*\d{0,2}\s+\S")
_MONEY = re.compile(r"(?<![\w.])[($]?\d[\d,]*(?:\.\d+)?%?\)?(?![\w.])")
_TRAILING_LABEL = re.compile(r"^(.*[^\s.])\s+([A-Z]|[a-z]|\d{1,2}|[IVX]{1,4}|\([0-9a-z]{1,3}\))\.$")
_KEYWORD_LEVEL = {"part": 1, "teil": 1, "chapter": 1, "kapitel": 1}
MAX_TITLE_WORDS = 40
_CAPTION = re.compile(
    r"^(figure|fig\.|table|tab\.|chart|graph|listing|plate|image|photo|source|sources)\s*[\dA-Z]+(?:[.\-]\d+)*\s*[:.\u2014\u2013-]",
    re.I,
)
_CONTENTS = re.compile(
    r"^(table of contents|contents|inhalt|inhaltsverzeichnis|sommaire|table des matières|índice|目次|目录)$",
    re.I,
)
_ADMONITION = re.compile(
    r"^(notes?|tips?|warning|caution|important|hint|danger|attention|remark|nota|hinweis|achtung|remarque)\s*[:.!]?$",
    re.I,
)
_LABEL_ONLY = re.compile(
    r"^(part|chapter|appendix|annex|teil|kapitel|anhang)\s+(\d{1,3}|[ivxlc]{1,6}|[a-z])\.?$", re.I
)
_DANGLING = {"to", "the", "of", "and", "by", "in", "for", "from", "under", "with", "a", "an", "or", "on", "at", "as", "that", "which", "is", "are", "was", "were", "due"}  # fmt: skip
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
    strong: bool = False


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
    tokens = text.split()
    if (
        len(tokens) >= 3
        and sum(any(c.isalpha() for c in t) for t in tokens) < 0.6 * len(tokens)
        and ratio < 1.12
    ):
        return None  # symbols and cells ("Basque " ' ~")
    if _CAPTION.match(text):
        return None  # figure and table captions
    m = _NUM.match(text)
    depth = m.group(1).count(".") + 1 if m else 0
    k = _KEYWORD.match(text)
    keyword = k.group(1).lower() if k else ""
    bold = ln.bold and not body_bold
    if text.endswith(":") and ratio < 1.12 and not keyword:
        return None  # a run-in label ("Note:", "11.5 points:")
    if ratio >= 1.12 and words <= 25:
        return True, depth, keyword
    if bold and (words <= 25 or text.endswith(".")):
        return False, depth, keyword
    rest = text[len(k.group(0)) :].strip() if k else ""
    if (
        keyword
        and words <= 20
        and (_caps(text) or ratio > 1.03 or rest[:1].isupper())
        and (not text.endswith(".") or words <= 15)
    ):
        return False, depth, keyword
    if _caps(text) and 2 <= words <= 14 and not body_bold:
        return False, depth, keyword
    return None


def detect_headings(
    lines: list[Line], skip_pages: set[int], body: float | None = None
) -> list[Heading]:
    """Find headings in the line stream (lines on `skip_pages` - e.g. ToC pages - never are).

    Lines of one style that follow each other closely form a block; a block is a heading
    when its first line has heading signals and it is short (a long block is a paragraph).
    """
    if body is None:
        body = body_size(lines)
    total = max(1, sum(len(ln.text) for ln in lines))
    bold_chars = sum(len(ln.text) for ln in lines if ln.bold)
    body_bold = bold_chars > 0.6 * total
    share: Counter[tuple[float, bool]] = Counter()
    for ln in lines:
        share[ln.style] += len(ln.text)
    cands: list[_Cand] = []
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        sig = (
            None
            if ln.page in skip_pages and not _CONTENTS.match(ln.text.strip())
            else _signals(ln, body, body_bold)
        )
        j = i + 1
        while j < n and _continues(lines[j - 1], lines[j]):
            j += 1
        if sig is None:
            i = j
            continue
        strong, depth, keyword = sig
        if keyword and j - i > 3:
            # "Item 3. Quantitative ... About / Market Risk." then body text in the same style
            j = next(
                (k + 1 for k in range(i, i + 2) if lines[k].text.rstrip().endswith((".", ":"))),
                i + 1,
            )
        text = _label_first(" ".join(lines[k].title_text.strip() for k in range(i, j)))
        words = len(text.split())
        block_ok = j - i <= (MAX_MERGED_LINES if ln.bold else 3) and words <= MAX_TITLE_WORDS + 10
        heavy = share[ln.style] > 0.08 * total and not (depth or keyword)
        table = not strong and any(
            abs(o.y - ln.y) < 1.5 and o is not ln and o.style == ln.style
            for o in lines[max(0, i - 6) : i + 6]
            if o.page == ln.page
        )
        first = ln.text.lstrip()[:1]
        last = text.rsplit(None, 1)[-1].lower() if text.strip() else ""
        if last in _DANGLING and not strong:
            i = j  # a bold run-in sentence that goes on in body text
            continue
        weak = not (strong or depth or keyword)
        if (
            block_ok
            and not heavy
            and not table
            and (strong or first.isupper() or first.isdigit() or keyword)
            and not (weak and rejects(lines, i, j, text))
            and not (is_figure_row(text) and not (depth or keyword))
        ):
            cands.append(
                _Cand(
                    i, j, text, (ln.style[0], ln.style[1], _caps(ln.text)), depth, keyword, strong
                )
            )
        i = j
    cands = _merge_labels(_drop_cover(_drop_repeated(cands), lines, body), lines)
    return _assign_levels(cands, body)


def _label_first(title: str) -> str:
    """A list label drawn after its heading text ("Background A.") goes back in front."""
    m = None if _KEYWORD.match(title) else _TRAILING_LABEL.match(title)
    return (
        f"{m.group(2)}. {m.group(1)}" if m and len(m.group(1).split()) <= MAX_TITLE_WORDS else title
    )


def _continues(prev: Line, nxt: Line) -> bool:
    """True when `nxt` continues the block of `prev`: same page and style, next line down."""
    if (
        nxt.page != prev.page
        or nxt.style != prev.style
        or nxt.italic != prev.italic
        or _caps(nxt.text) != _caps(prev.text)
    ):
        return False
    gap = prev.y - nxt.y
    if not 0.3 * max(nxt.size, 1.0) < gap < 1.45 * max(nxt.size, 1.0):
        return False
    return not (_NUM.match(nxt.text) or _KEYWORD.match(nxt.text))


def _drop_cover(cands: list[_Cand], lines: list[Line], body: float) -> list[_Cand]:
    """On a cover page (first page, little body text, several display lines) only the largest
    line is a heading: the rest is authors, dates and subtitles."""
    first = [c for c in cands if lines[c.start].page == 0]
    if len(first) < 2:
        return cands
    page0 = [ln for ln in lines if ln.page == 0]
    chars = sum(len(ln.text) for ln in page0)
    body_chars = sum(len(ln.text) for ln in page0 if abs(ln.size - body) <= 0.5)
    if body_chars >= 0.4 * chars:
        return cands
    top = max(c.key[0] for c in first)
    return [c for c in cands if lines[c.start].page != 0 or c.key[0] == top]


def _merge_labels(cands: list[_Cand], lines: list[Line]) -> list[_Cand]:
    """A lone "Part I" / "Chapter 3" line and the title right below it are one heading."""
    out: list[_Cand] = []
    for c in cands:
        prev = out[-1] if out else None
        if (
            prev is not None
            and _LABEL_ONLY.match(prev.title)
            and lines[c.start].page == lines[prev.start].page
            and c.start - prev.end <= 2
            and not c.keyword
        ):
            out[-1] = _Cand(
                prev.start,
                c.end,
                f"{prev.title} {c.title}",
                prev.key,
                prev.depth,
                prev.keyword,
                prev.strong or c.strong,
            )
            continue
        out.append(c)
    return out


def _drop_repeated(cands: list[_Cand]) -> list[_Cand]:
    """Admonition labels ("Note", "Tip") and body-size titles that recur four times or more
    (table header rows) are not headings unless numbered; nor are body-size "1." items when numbered chapters are large."""
    counts = Counter(c.title.lower() for c in cands if not c.strong)
    cands = [
        c
        for c in cands
        if (counts[c.title.lower()] < 4 or c.strong or c.depth or c.keyword)
        and not _ADMONITION.match(c.title)
    ]
    # when numbered chapters are set large, body-size "1." lines are list items, not chapters
    if sum(1 for c in cands if c.strong and c.depth == 1) >= 2:
        cands = [c for c in cands if c.strong or c.depth != 1 or c.keyword]
    return cands


def _assign_levels(cands: list[_Cand], body: float) -> list[Heading]:
    """Levels: style rank (bigger, then bold, then capitals), numbering depth where present;
    in filings (two or more "Item N." headings) "Part" is 1, "Item" the next level and every
    other heading sits below the items."""
    used = Counter(c.key for c in cands)
    # one-off styles (a cover title) do not take a rank of their own unless they are all we have
    ranked = {k for k, v in used.items() if v >= 2} or set(used)
    styles = sorted(ranked, key=lambda k: (-k[0], not k[1], not k[2]))
    rank = {k: r + 1 for r, k in enumerate(styles)}
    # compress ranks to at most 6 levels
    rank = {k: min(r, 6) for k, r in rank.items()}
    for k in used:
        if k not in rank:  # nearest ranked style at or below its size, else the top
            below = [s for s in styles if s[0] <= k[0]]
            rank[k] = rank[below[0]] if below else 1
    numbered_top = [rank[c.key] for c in cands if c.depth == 1]
    base = (min(numbered_top) - 1) if numbered_top else 0
    has_parts = any(c.keyword in _KEYWORD_LEVEL for c in cands)
    part_size = max((c.key[0] for c in cands if c.keyword in _KEYWORD_LEVEL), default=0.0)
    if any(c.keyword in ("part", "teil") for c in cands):
        base = max(base, 1)  # "1 Introduction" sits below "Part I"
    items = sum(1 for c in cands if c.keyword == "item")
    item_level = (2 if any(c.keyword == "part" for c in cands) else 1) if items >= 2 else 0
    out: list[Heading] = []
    for c in cands:
        if c.keyword in _KEYWORD_LEVEL:
            level = _KEYWORD_LEVEL[c.keyword]
        elif c.depth:
            level = base + c.depth
        else:
            level = rank[c.key]
        if has_parts and c.keyword not in _KEYWORD_LEVEL and c.key[0] <= part_size:
            level = max(level, 2)  # "Item 7" sits below "PART II"
        if item_level and c.keyword == "item":
            level = item_level  # filings: "PART II" > "Item 7." > everything else
        elif item_level and c.keyword not in _KEYWORD_LEVEL:
            level = max(level, item_level + 1)
        out.append(Heading(c.start, c.end, c.title, max(1, min(level, 9))))
    return out
