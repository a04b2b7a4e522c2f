"""Heading detection without an outline: font size, boldness, numbering, capitals, position.

Input is the document's line stream (after running headers/footers are removed); output is a
list of `Heading`s pointing into it. Each line is judged on its own signals and closely
following lines of one style form a block (a candidate); a body-size line in a quiet style
(italic, small bold, a number alone: `quiet_headings`) is one when the layout sets it apart;
what the whole document then decides (cover page, recurring labels, merged "Part" labels,
levels) is `heading_candidates`.
"""

from __future__ import annotations

import re
from collections import Counter

from vectorless_assets.frontends.pdf.heading_candidates import (
    Candidate,
    Heading,
    all_caps,
    assign_levels,
    drop_cover,
    drop_repeated,
    merge_labels,
)
from vectorless_assets.frontends.pdf.heading_context import is_figure_row, rejects
from vectorless_assets.frontends.pdf.numbering import lower_label
from vectorless_assets.frontends.pdf.quiet_headings import (
    drop_directories,
    keep_recurring,
    measure,
    quiet_style,
    stands_alone,
)
from vectorless_assets.frontends.pdf.text import Line

_NUM = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5})\.?\s+(?=[^\d\s.,%)])")
_KEYWORD = re.compile(
    r"^(part|item|note|chapter|section|appendix|annex|article|schedule|exhibit|anhang|kapitel|teil)\s+"
    r"(\d{1,3}[a-z]?|[ivxlc]{1,6}|[a-z])\b\s*[.:\u2014\u2013-]?",
    re.I,
)
_MONEY = re.compile(r"(?<![\w.])[($]?\d[\d,]*(?:\.\d+)?%?\)?(?![\w.])")
_TRAILING_LABEL = re.compile(r"^(.*[^\s.])\s+([A-Z]|[a-z]|\d{1,2}|[IVX]{1,4}|\([0-9a-z]{1,3}\))\.$")
MAX_TITLE_WORDS = 40
_CAPTION = re.compile(
    r"^(figure|fig\.|table|tab\.|chart|graph|listing|plate|image|photo|source|sources)\s*[\dA-Z]+(?:[.\-]\d+)*\s*[:.\u2014\u2013-]",
    re.I,
)
_CONTENTS = re.compile(
    (
        r"^(table of contents|contents|inhalt|inhaltsverzeichnis|sommaire|table "
        r"des matières|índice|目次|目录)$"
    ),
    re.I,
)
_DANGLING = {
    "to", "the", "of", "and", "by", "in", "for", "from", "under", "with", "a", "an", "or", "on",
    "at", "as", "that", "which", "is", "are", "was", "were", "due",
}  # fmt: skip
MAX_MERGED_LINES = 4


def body_size(lines: list[Line]) -> float:
    """The most common font size, weighted by characters (0.0 when sizes are unknown)."""
    weights: Counter[float] = Counter()
    for ln in lines:
        weights[round(ln.size * 2) / 2] += len(ln.text)
    return weights.most_common(1)[0][0] if weights else 0.0


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
    depth = _depth(text)
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
        and (all_caps(text) or ratio > 1.03 or rest[:1].isupper())
        and (not text.endswith(".") or words <= 15)
    ):
        return False, depth, keyword
    if all_caps(text) and 2 <= words <= 14 and not body_bold:
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
    layout = measure(lines, body)
    quiet: set[int] = set()
    cands: list[Candidate] = []
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
        if sig is None and j - i == 1 and ln.page not in skip_pages:
            depth = _depth(ln.text)
            caps = all_caps(ln.text)
            if quiet_style(ln, layout, caps, depth) and stands_alone(lines, i, layout, depth):
                sig = (False, depth, "")  # a quiet style that layout confirms
                quiet.add(i)
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
            and (strong or first.isupper() or first.isdigit() or keyword or lower_label(text))
            and not (weak and rejects(lines, i, j, text))
            and not (is_figure_row(text) and not (depth or keyword))
        ):
            cands.append(
                Candidate(
                    i,
                    j,
                    text,
                    (ln.style[0], ln.style[1], all_caps(ln.text), ln.italic),
                    depth,
                    keyword,
                    strong,
                )
            )
        i = j
    cands = drop_directories(keep_recurring(cands, quiet), lines, body)
    cands = merge_labels(drop_cover(drop_repeated(cands, lines), lines, body), lines)
    return assign_levels(cands, body, {c.start for c in cands if lines[c.start].page == 0})


def _depth(text: str) -> int:
    """Numbering depth of a line ("2.3 Title": 2; unnumbered: 0)."""
    m = _NUM.match(text.strip())
    return m.group(1).count(".") + 1 if m else 0


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
        or all_caps(nxt.text) != all_caps(prev.text)
    ):
        return False
    gap = prev.y - nxt.y
    if not 0.3 * max(nxt.size, 1.0) < gap < 1.45 * max(nxt.size, 1.0):
        return False
    return not (_NUM.match(nxt.text) or _KEYWORD.match(nxt.text))
