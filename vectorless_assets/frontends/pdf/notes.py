"""A filing's numbered notes as headings, found as one sequence.

From the first financial statement on (`statements.find_statements`), note headings are
lines that start "Note 7", "NOTE 7 -", "Note 7:" (a short capitalised title after it, or
none: the title is then the next line) or "7. Title" in a heading style (bold, capitals or
larger than the body; a short title without a closing full stop). They are read as one
sequence 1, 2, 3, ... in line order (a number or two may be skipped); between two found
numbers a missing one is looked for again in any style. A title wrapped over two lines
(ending in a dangling word, or going on in lower case on the next line of its style) is
joined. Pages listed as contents, and pages with five candidates or more (a list of the
notes), are skipped. A note a heading of any source already starts is left as it is; a
detected heading on a note's title lines gives way; added notes take the level of the
notes already placed, else one below the nearest earlier heading that is no statement.
"""

from __future__ import annotations

import re
from collections import Counter

from vectorless_assets.frontends.pdf.headings import body_size
from vectorless_assets.frontends.pdf.sections import Placed
from vectorless_assets.frontends.pdf.text import Line

_NOTE = re.compile(r"^\s*note\s+(\d{1,2})\b\s*[.:\u2014\u2013\-]*\s*(.*)$", re.I)
_NUM = re.compile(r"^\s*(\d{1,2})\s*[.\u2014\u2013]\s+(\S.*)$")
_PAGE_REF = re.compile(r"(?:\s|\.{2,})\d{1,3}\s*$")
_DANGLING = re.compile(r"(?:\b(?:and|of|the|for|in|on|to|with|or)|[,&\-\u2013\u2014])$", re.I)
MAX_WORDS = 14
MIN_FOUND = 3
LIST_PAGE = 5


def _title_ok(title: str) -> bool:
    words = title.split()
    return len(words) <= MAX_WORDS and title[:1].isupper() and not title.endswith((".", ",", ";"))


def _candidate(ln: Line, body: float, loose: bool = False) -> tuple[int, bool] | None:
    """(number, keyword form) when `ln` opens a note heading."""
    text = ln.text.strip()
    if _PAGE_REF.search(text):
        return None
    m = _NOTE.match(text)
    if m and (not m.group(2) or _title_ok(m.group(2)) or loose):
        return int(m.group(1)), True
    m = _NUM.match(text)
    styled = ln.bold or text.isupper() or (body and ln.size > 1.02 * body)
    if m and _title_ok(m.group(2)) and (styled or loose):
        return int(m.group(1)), False
    return None


def _end(lines: list[Line], k: int) -> int:
    """End of the title lines of the note heading at `k` (a wrapped title joined)."""
    ln = lines[k]
    if k + 1 >= len(lines):
        return k + 1
    nxt = lines[k + 1]
    close = nxt.page == ln.page and 0 < ln.y - nxt.y < 1.6 * max(ln.size, 1.0)
    m = _NOTE.match(ln.text.strip())
    if m and not m.group(2) and close:
        return k + 2  # "NOTE 7" with its title below
    same = close and nxt.style == ln.style and len(nxt.text.split()) <= 8
    if same and (_DANGLING.search(ln.text.strip()) or nxt.text.strip()[:1].islower()):
        return k + 2
    return k + 1


def find_notes(lines: list[Line], first: int, skip: set[int]) -> list[tuple[int, int, int]]:
    """(start, end, number) of each note heading from line `first` on, as one sequence."""
    body = body_size(lines)
    cands = [
        (k, c)
        for k in range(first, len(lines))
        if lines[k].page not in skip and (c := _candidate(lines[k], body)) is not None
    ]
    per_page = Counter(lines[k].page for k, _ in cands)
    found: list[tuple[int, int]] = []
    want = 1
    for k, (num, _) in cands:
        if per_page[lines[k].page] >= LIST_PAGE:
            continue
        if num == want or (found and want < num <= want + 2):
            found.append((k, num))
            want = num + 1
    if len(found) < MIN_FOUND:
        return []
    filled = list(found)
    for (a, n), (b, m) in zip(found, found[1:], strict=False):
        for gap in range(n + 1, m):
            hit = next(
                (
                    k
                    for k in range(a + 1, b)
                    if lines[k].page not in skip
                    and (c := _candidate(lines[k], body, loose=True)) is not None
                    and c[0] == gap
                ),
                None,
            )
            if hit is not None:
                filled.append((hit, gap))
                a = hit
    return [(k, _end(lines, k), n) for k, n in sorted(filled)]


def _title(lines: list[Line], a: int, b: int) -> str:
    return " ".join(" ".join(ln.title_text for ln in lines[a:b]).split())


def add_notes(placed: list[Placed], lines: list[Line], first: int, skip: set[int]) -> list[Placed]:
    """`placed` with a heading for each note (see the module docstring)."""
    notes = find_notes(lines, first, skip)
    if not notes:
        return placed
    kept = sorted(placed, key=lambda p: p.start)
    present: list[Placed] = []
    todo: list[tuple[int, int, int]] = []
    for a, b, n in notes:
        same = [p for p in kept if p.start == a and p.source != "statement"]
        if same:
            present += same
        else:
            todo.append((a, b, n))
    drop = {
        id(p)
        for a, b, _ in todo
        for p in kept
        if p.source == "detection" and a < p.start < b or (p.start == a and p.source == "statement")
    }
    kept = [p for p in kept if id(p) not in drop]
    if present:
        level = Counter(p.level for p in present).most_common(1)[0][0]
    else:
        before = [p for p in kept if p.start < notes[0][0] and p.source != "statement"]
        level = before[-1].level + 1 if before else 1
    kept += [Placed(a, b, _title(lines, a, b), level, lines[a].page, "note") for a, b, _ in todo]
    return sorted(kept, key=lambda p: p.start)
