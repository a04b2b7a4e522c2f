"""Long outline entries filled in from the headings detected inside them.

An outline taken whole (rich, or as dense per page as a contents page) may still leave a long
stretch under one entry: an earnings release bookmarks "Recon of Non-GAAP Measures" once
over five pages that each open with their own printed heading ("Components of net sales
growth", "Reconciliation of adjusted EBIT by segment"), a 10-K's outline lists a note or a
business overview once over five pages of subsections. The whole outline is not sparse
(`merge.denser` does not fire, and the bookmark titles need not be the printed ones, so
detection does not `agree` with it), but that one entry is: a reader of the tree sees one
five-page section where the page says there are several.

`fill_long_entries` keeps every outline entry and its level and adds, below each *leaf*
entry spanning at least `LONG_PAGES` pages, the detected headings that fall inside it
(strictly after its own title lines), nested as `merge.fill` nests them (relative to each
other, one level below the entry), exactly as detection fills a sparse frame; those the
detector accepted by a narrow margin are marked uncertain as there (a model may confirm
them in standard and deep mode). Short entries and entries with children are left as the
outline has them. An entry whose title is not printed on its page (a bookmark named
"Recon of Non-GAAP Measures" over a page headed "Components of net sales growth") is placed
without title lines at the top of its stretch; the printed heading there is kept as its
first child rather than taken for the entry itself, so its words stay in the tree.
"""

from __future__ import annotations

from bisect import bisect_right

from vectorless_assets.frontends.pdf.merge import fill
from vectorless_assets.frontends.pdf.sections import Placed

LONG_PAGES = 3  # a leaf outline entry spanning at least this many pages is filled in


def long_leaf_ranges(
    frame: list[Placed], bounds: list[int], line_count: int
) -> list[tuple[int, int]]:
    """Line ranges [after the title, next entry) of the leaf entries of `frame` that span
    at least `LONG_PAGES` pages; `bounds` holds each page's first line index."""
    order = sorted(frame, key=lambda p: (p.start, p.end))
    out = []
    for i, entry in enumerate(order):
        nxt = order[i + 1] if i + 1 < len(order) else None
        if nxt is not None and nxt.level > entry.level:
            continue  # not a leaf: its children are the outline's own
        stop = nxt.start if nxt is not None else line_count
        if stop <= entry.end:
            continue
        last_page = bisect_right(bounds, stop - 1) - 1
        if last_page - entry.page + 1 >= LONG_PAGES:
            out.append((entry.end, stop))
    return out


def fill_long_entries(
    frame: list[Placed], found: list[Placed], bounds: list[int], line_count: int
) -> tuple[list[Placed], set[int]]:
    """`frame` with the detected headings of `found` inside its long leaf entries (see the
    module docstring), and the start lines of those added."""
    ranges = long_leaf_ranges(frame, bounds, line_count)
    starts = [r[0] for r in ranges]
    inside = []
    for h in found:
        k = bisect_right(starts, h.start) - 1
        if k >= 0 and h.start < ranges[k][1]:
            inside.append(h)
    if not inside:
        return frame, set()
    placed = fill(frame, inside, untitled_open=True)
    return placed, {p.start for p in placed[len(frame) :]}
