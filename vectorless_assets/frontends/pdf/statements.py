"""Financial statements as headings: a page that opens with a statement's title starts one.

A filing's statements are often no heading of any source: an "Item 8" chunk, the auditor's
report or an exhibit runs over them, or detection takes the company name above the title and
table labels ("ASSETS") below it. Here, a page whose first `HEAD` lines (running lines removed)
carry a statement title (the finance lexicon's `titles`: qualifiers, a name, then only a
period, unit or mark; read with spaces dropped, so a title letter-spaced or split by extraction
matches, over up to `PIECES` close lines when split or wrapped) starts a heading with that
title, unless a heading of the outline or contents already starts there. A line ending in a
page number ("Consolidated Balance Sheets 68") is a contents line (not joined with the lines
after it as a split title either), and a page with three statement titles or more is a contents
page: neither is a statement. The pages that follow and continue it ("(continued)", or the same
statement's title again) stay with it: the detected headings on its pages (the company name,
table labels) are dropped, except "Item"/"Part"/"Note" headings above the title. Its level is
one below the nearest earlier heading that is no statement or note (but that of the auditor's
report, the lexicon's `AUDIT_REPORTS`, when that heading is the report or one of its sections:
the statements are the report's siblings, not inside its "Critical Audit Matters"), or that of
the next heading after it when deeper.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from vectorless_assets.frontends.pdf.notes import add_notes
from vectorless_assets.frontends.pdf.sections import Placed
from vectorless_assets.frontends.pdf.text import Line
from vectorless_assets.navigator.lexicons.finance.titles import (
    AUDIT_REPORTS,
    CONTINUED,
    NAMES,
    QUALIFIERS,
    TAILS,
)

HEAD = 8  # first lines of a page read for a statement title
MAX_CHARS = 120
PIECES = 4  # lines a title split by extraction may be spread over
_PAGE_REF = re.compile(r"(?:\s|\.{2,})(?:[A-Z]{1,2}-\s?)?\d{1,3}\s*$")
_YEAR_END = re.compile(r"(?:19|20)\d\d\s*$")
_KEEP = re.compile(r"^\s*(?:part|item|note)\s+\S", re.I)


def _compact(text: str) -> str:
    return re.sub(r"[\s'’`\u00a0]+", "", text.lower())


def _name(name: str) -> str:
    c = re.escape(_compact(name))
    c = c.replace("statement", "statements?").replace("sheet", "sheets?")
    return c.replace("of", "of(?:consolidated)?", 1) if "of" in c else c


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    quals = "|".join(re.escape(q) for q in QUALIFIERS)
    kinds = "|".join(
        f"(?P<{kind}>{'|'.join(_name(n) for n in sorted(names, key=len, reverse=True))})"
        for kind, names in NAMES.items()
    )
    tails = "|".join(re.escape(_compact(t)) for t in TAILS)
    return re.compile(
        rf"^(?:[a-z]\)|\d\.)?(?:{quals})*(?:{kinds})(?P<tail>$|[^a-z].*|(?:{tails}).*)$"
    )


def _contents_line(text: str) -> bool:
    """The line ends in a page number (not a year)."""
    return bool(_PAGE_REF.search(text)) and not _YEAR_END.search(text)


def title_kind(text: str) -> tuple[str, bool] | None:
    """(kind, continued) when `text` is a statement's title line, else None."""
    if len(text) > MAX_CHARS or _contents_line(text):
        return None
    m = _pattern().match(_compact(text))
    if not m:
        return None
    kind = next(k for k in NAMES if m.group(k))
    return kind, CONTINUED in m.group("tail")


@dataclass(slots=True)
class Statement:
    """A statement's title lines [start, end) on `page`, through page `last`."""

    start: int
    end: int
    title: str
    kind: str
    page: int
    last: int


def _on_page(lines: list[Line], a: int, b: int) -> tuple[int, int, str, bool] | None:
    """(start, end, kind, continued) of the statement title among the first lines of a page:
    one line, or up to `PIECES` lines close together that spell it (split by extraction)."""
    for k in range(a, min(b, a + HEAD)):
        text = ""
        for m in range(k, min(b, k + PIECES)):
            if m > k and (
                abs(lines[m - 1].y - lines[m].y) > 2.0 * max(lines[m].size, 1.0)
                or _contents_line(lines[m - 1].text)
            ):
                break  # a title split by extraction has no page number inside it
            text = f"{text} {lines[m].text}".strip()
            found = title_kind(text)
            if found and (m == k or not title_kind(lines[m].text)):
                return k, m + 1, found[0], found[1]
    return None


def find_statements(lines: list[Line], bounds: list[int], skip: set[int]) -> list[Statement]:
    """The statements of the document, each with the pages that continue it."""
    out: list[Statement] = []
    for page in range(len(bounds) - 1):
        a, b = bounds[page], bounds[page + 1]
        if page in skip or sum(1 for k in range(a, b) if title_kind(lines[k].text)) >= 3:
            continue
        hit = _on_page(lines, a, b)
        if hit is None:
            continue
        start, end, kind, continued = hit
        prev = out[-1] if out else None
        if prev and prev.last == page - 1 and (continued or prev.kind == kind):
            prev.last = page
            continue
        title = " ".join(" ".join(ln.text for ln in lines[start:end]).split())
        out.append(Statement(start, end, title, kind, page, page))
    return out


def _audit_report(title: str) -> bool:
    return _compact(title).startswith(tuple(_compact(t) for t in AUDIT_REPORTS))


def _base_level(before: list[Placed]) -> int:
    """The level of a statement after the headings `before` it: one below the last of them,
    unless the last is (in) the auditor's report (every heading after the report's title as
    deep as it or deeper: its sections, "Critical Audit Matters", end at the statements):
    then the report's own level, the statements being its siblings."""
    for k in range(len(before) - 1, -1, -1):
        if _audit_report(before[k].title):
            if all(p.level >= before[k].level for p in before[k + 1 :]):
                return before[k].level
            break
    return before[-1].level + 1 if before else 1


def _level(kept: list[Placed], s: Statement, after: int) -> int:
    before = [p for p in kept if p.start < s.start and p.source not in ("statement", "note")]
    level = _base_level(before)
    nxt = next((p for p in kept if p.start >= after and p.source != "statement"), None)
    return max(level, nxt.level) if nxt is not None else level


def add_statements(
    placed: list[Placed], lines: list[Line], bounds: list[int], skip: set[int]
) -> list[Placed]:
    """`placed` with a heading for each statement page (see the module docstring)."""
    kept = sorted(placed, key=lambda p: p.start)
    for s in find_statements(lines, bounds, skip):
        a, after = bounds[s.page], bounds[s.last + 1]
        if any(
            p.source != "detection"
            and (s.start <= p.start < s.end or (p.page == s.page and title_kind(p.title)))
            for p in kept
        ):
            continue  # the outline or contents gives this statement its heading
        kept = [
            p
            for p in kept
            if not (
                p.source == "detection"
                and a <= p.start < after
                and not (p.start < s.start and _KEEP.match(p.title))
            )
        ]
        level = _level(kept, s, after)
        kept.append(Placed(s.start, s.end, s.title, level, s.page, "statement"))
        kept.sort(key=lambda p: p.start)
    return kept


def add_filing_parts(
    placed: list[Placed], lines: list[Line], bounds: list[int], skip: set[int]
) -> list[Placed]:
    """`placed` with a filing's numbered notes (`notes`, from its first statement on) and
    its statements as headings; unchanged where no page opens with a statement's title."""
    found = find_statements(lines, bounds, skip)
    if not found:
        return placed
    placed = add_notes(placed, lines, bounds[found[0].page], skip)
    return add_statements(placed, lines, bounds, skip)
