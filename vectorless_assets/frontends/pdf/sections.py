"""From the line stream and headings to raw sections: placing outline entries, cutting text.

A section's text runs from the line after its heading to the line before the next heading,
across pages. Page ranges are physical and 1-based; empty pages (blank, scanned, unread) are
given to the section that precedes them, so every page lies in some section's range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.frontends.pdf.heading_candidates import Heading
from vectorless_assets.frontends.pdf.numbering import without_number
from vectorless_assets.frontends.pdf.outline import OutlineEntry, norm
from vectorless_assets.frontends.pdf.text import Line
from vectorless_assets.ir.raw import RawNode
from vectorless_assets.text.llm_tokens import estimate_tokens

MAX_TITLE_LINES = 4
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
_PERIOD_TAIL = re.compile(
    (
        rf"\s+(?:for the (?:(?:three|six|nine|twelve|\d{{1,2}}) months|(?:fiscal "
        rf")?years?|quarters?|periods?) ended|(?:as )?(?:of|at) {_MONTH} \d)"
    ),
    re.I,
)


@dataclass(slots=True)
class Placed:
    """A heading placed in the line stream: title lines are lines[start:end]; `page` 0-based;
    `source` names what set its level ("outline", "contents", "detection", "numbering")."""

    start: int
    end: int
    title: str
    level: int
    page: int
    source: str = "detection"


def _match_title(lines: list[Line], k: int, stop: int, title: str) -> int | None:
    """End index when lines[k:...] spell `title` (allowing a leading number), else None."""
    s = ""
    for m in range(k, min(stop, k + MAX_TITLE_LINES)):
        piece = norm(lines[m].text)
        if not piece:
            return None
        # the first line may carry a number the outline lacks ("1 Introduction"), or start a title
        if (
            m == k
            and piece not in title
            and title not in piece
            and not title.startswith(piece.lstrip("0123456789"))
        ):
            return None
        s += piece
        if title in s:
            return m + 1
        if not title.startswith(s.lstrip("0123456789ivxlc")) and s not in title:
            return None
    return None


def _period_head(title: str) -> str:
    """The normalised heading of a ToC title that adds the period of a financial statement
    ("Consolidated balance sheets (unaudited) at March 31, 2021 and ..."), '' otherwise."""
    m = _PERIOD_TAIL.search(title)
    return norm(title[: m.start()]) if m and len(title[: m.start()].split()) >= 2 else ""


def place_outline(
    entries: list[OutlineEntry], lines: list[Line], page_starts: list[int], source: str = "outline"
) -> list[Placed]:
    """Place each outline entry at its heading line (by title on the target page, near its
    /XYZ top; without its number when only that is there), else at the first line below its
    top, else at the top of its page. A ToC title
    that adds a statement's period ("... for the three months ended March 31") is anchored on
    the heading line without it, and takes that line's text as its title."""
    placed: list[Placed] = []
    floor = 0
    n_pages = len(page_starts) - 1
    for e in entries:
        page = min(e.page, n_pages - 1) if n_pages else 0
        a, b = page_starts[page], page_starts[page + 1]
        a = max(a, floor)
        best: tuple[float, int, int] | None = None
        # the title as given, else without its number (a hanging number drawn apart)
        for title in dict.fromkeys((norm(e.title), norm(without_number(e.title)))):
            if best is not None or not title:
                continue
            for k in range(a, b):
                end = _match_title(lines, k, b, title)
                if end is None:
                    continue
                dist = abs(lines[k].y - e.top) if e.top is not None else float(k - a)
                if best is None or dist < best[0]:
                    best = (dist, k, end)
        shown = e.title
        if best is None and (head := _period_head(e.title)):
            k = next((k for k in range(a, b) if norm(lines[k].text) == head), None)
            if k is not None:  # "Consolidated balance sheets (unaudited)" for the ToC's long title
                best, shown = (0.0, k, k + 1), " ".join(lines[k].text.split())
        if best is not None:
            start, end = best[1], best[2]
        else:
            start = a
            if e.top is not None:
                tol = 2.0
                start = next(
                    (k for k in range(a, b) if lines[k].y <= e.top + tol), b if e.top < 1e9 else a
                )
            end = start
        start = max(start, floor)
        end = max(end, start)
        placed.append(
            Placed(start, end, shown, e.level, page if best is None else lines[start].page, source)
        )
        floor = end
    return placed


def place_detected(headings: list[Heading], lines: list[Line]) -> list[Placed]:
    return [
        Placed(h.start, h.end, h.title, h.level, lines[h.start].page, "detection") for h in headings
    ]


def build_raw_nodes(
    placed: list[Placed],
    lines: list[Line],
    page_count: int,
    labels: list[str] | None,
) -> list[RawNode]:
    """Raw nodes: an optional level-0 preamble, then one node per placed heading."""
    placed = sorted(placed, key=lambda p: (p.start, p.end))
    nodes: list[RawNode] = []
    # title, level, content lines [a, b), first page, level source
    spans: list[tuple[str, int, int, int, int, str | None]] = []
    first_start = placed[0].start if placed else len(lines)
    first_page = placed[0].page if placed else page_count
    if first_start > 0 or first_page > 0 or not placed:
        spans.append(("", 0, 0, first_start, 0, None))
    for i, p in enumerate(placed):
        nxt = placed[i + 1].start if i + 1 < len(placed) else len(lines)
        spans.append((p.title, p.level, p.end, max(p.end, nxt), p.page, p.source))
    next_pages = [s[4] for s in spans[1:]] + [page_count]
    for (title, level, a, b, page, source), next_page in zip(spans, next_pages, strict=True):
        body = lines[a:b]
        content = "\n".join(ln.text for ln in body)
        start = page
        end = max(start, body[-1].page if body else start)
        if next_page > end + 1:  # empty pages before the next heading belong here
            end = next_page - 1
        if page_count:
            start, end = min(start, page_count - 1), min(end, page_count - 1)
        nodes.append(
            RawNode(
                title=title,
                level=level,
                content=content,
                start_page=start + 1,
                end_page=end + 1,
                start_page_label=labels[start] if labels and start < len(labels) else None,
                end_page_label=labels[end] if labels and end < len(labels) else None,
                token_count=estimate_tokens(content),
                page_breaks=page_breaks(body, start, end),
                level_source=source,
            )
        )
    return nodes


def page_breaks(body: list[Line], start: int, end: int) -> list[int]:
    """Offsets in the text of `body` (its lines joined by newlines) where each page after `start`
    begins, for pages `start..end` (0-based): a page without lines begins where the next
    line does (or at the end of the text)."""
    breaks: list[int] = []
    offset = 0
    page = start
    for ln in body:
        while page < min(ln.page, end):
            page += 1
            breaks.append(offset)
        offset += len(ln.text) + 1
    total = max(0, offset - 1)
    breaks.extend([total] * (end - page))
    return breaks
