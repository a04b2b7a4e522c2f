"""Outline, printed contents and detected headings merged into one list, not chosen between.

A sparser source is a *frame* that a denser one fills in below (`fill`): the frame keeps its
entries and their levels; a filler heading that is not a frame entry (same first line, or
the same title within a page) is added at its own level moved by the offset between the two
sources where they meet (the nearest earlier filler heading that matched a frame entry), so
a contents page's "4.2.1" lands under the outline's "4.2" whatever depth each source counts
from. Where no anchor is known, the filler headings under a frame entry keep their relative
nesting one level below it.

`denser` decides whether a second source fills the first: it must have clearly more entries
and agree with it (`agrees`: most frame titles found among its own). Order of trust for a level, as
applied by the parser: a heading's own number ("3.1" under "3", `numbering.nest_by_number`)
> the outline's nesting > the printed contents' (numbering, then indentation) > detection
(numbering depth, then style rank: size, weight, capitals). Each placed heading records the
source of its level (`Placed.source`); `sources_note` sums them up for a diagnostic.
"""

from __future__ import annotations

from collections import Counter

from vectorless_assets.frontends.pdf.numbering import nest_by_number, nest_by_scheme, number
from vectorless_assets.frontends.pdf.outline import norm
from vectorless_assets.frontends.pdf.sections import Placed

DENSER = 1.3  # a filler has at least this many times the frame's entries
AGREE = 0.6  # share of frame titles the filler must also list


def _bare(title: str) -> str:
    """Normalised title without its leading number ("3.1 Scope" and "Scope" meet)."""
    num = number(title)
    return norm(title.strip()[len(num) :] if num else title)


def _key_pages(placed: list[Placed]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for p in placed:
        out.setdefault(_bare(p.title), []).append(p.page)
    return out


def _match(frame: list[Placed], h: Placed, starts: set[int], keys: dict[str, list[int]]) -> bool:
    return h.start in starts or any(abs(pg - h.page) <= 1 for pg in keys.get(_bare(h.title), ()))


def agrees(frame: list[Placed], other: list[Placed]) -> bool:
    """True when `other` lists `AGREE` of the frame's titles (same title within a page, or
    the same line)."""
    keys = _key_pages(other)
    starts = {p.start for p in other}
    return sum(_match(other, f, starts, keys) for f in frame) >= AGREE * len(frame)


def denser(frame: list[Placed], filler: list[Placed], factor: float | None = None) -> bool:
    """True when `filler` has `factor` (default `DENSER`) times the entries of `frame` and
    `agrees` with it."""
    times = DENSER if factor is None else factor
    return len(filler) >= times * max(1, len(frame)) and agrees(frame, filler)


def fill(frame: list[Placed], filler: list[Placed], untitled_open: bool = False) -> list[Placed]:
    """`frame` with the headings of `filler` it lacks, nested as the module docstring says.
    `untitled_open`: a frame entry placed without title lines (its title is not printed on
    its page) does not claim the filler heading on its line, which then nests below it."""
    frame = sorted(frame, key=lambda p: p.start)
    starts = {p.start for p in frame if not (untitled_open and p.end == p.start)}
    keys = _key_pages(frame)
    by_key = {(_bare(p.title), p.page): p for p in frame}
    out = list(frame)
    offset: int | None = None
    j = -1
    floor: dict[int, int] = {}  # frame index -> smallest filler level met under it
    for h in sorted(filler, key=lambda p: p.start):
        while j + 1 < len(frame) and frame[j + 1].start <= h.start:
            j += 1
            offset = None  # anchors do not carry across frame entries
        if _match(frame, h, starts, keys):
            twin = next(
                (
                    by_key[k]
                    for k in [(_bare(h.title), h.page + d) for d in (0, -1, 1)]
                    if k in by_key
                ),
                None,
            )
            twin = twin or next(
                (p for p in frame if p.start == h.start and h.start in starts), None
            )
            if twin is not None:
                offset = twin.level - h.level
            continue
        parent = frame[j].level if j >= 0 else 0
        if offset is not None:
            level = max(parent + 1, h.level + offset)
        else:
            low = floor.setdefault(j, h.level)
            level = parent + 1 + max(0, h.level - low)
        out.append(Placed(h.start, h.end, h.title, level, h.page, h.source))
    return out


def by_number(placed: list[Placed]) -> list[Placed]:
    """`placed` in line order with numbered levels nested by their numbers ("3.1" under
    "3") and labelled ones by the document's numbering scheme ("a)" under "1.": legal
    numbering); a level moved so records its source as "numbering"."""
    placed = sorted(placed, key=lambda p: (p.start, p.end))
    titles = [p.title for p in placed]
    for nest in (nest_by_number, nest_by_scheme):
        levels, changed = nest(titles, [p.level for p in placed])
        for i in changed:
            placed[i].level = levels[i]
            placed[i].source = "numbering"
    return placed


def sources_note(placed: list[Placed]) -> str:
    """ "outline 107, contents 339, detection 3" (how many levels each source set)."""
    counts = Counter(p.source for p in placed)
    return ", ".join(f"{k} {v}" for k, v in counts.most_common())
