"""Hanging labels put back in front of their line: section numbers drawn after the page body.

Publishers' layout programs often set a section's number ("1.1", "Chapter 3", "§ 4", "IV")
in the left margin as a text object of its own, drawn after the rest of the page. Read in
drawing order, the heading loses its number ("Nature and Border Doctrine Empire", its "1.1"
at the page's end) and a contents row its label. A page's lines are rebuilt by baseline and
x position: a short label drawn *after* a line on the same baseline, just left of it (within
`REACH` font sizes), is joined to that line's front. Only labels drawn out of order are
moved, so a table's cells in reading order keep their places; a column of consecutive line
numbers down a margin (pleadings, listings: `LINE_NUMBERS` or more) is left alone.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict

from vectorless_assets.frontends.pdf.text import Line

#: A label alone on its text object: a (dotted) number, a capital roman numeral or letter,
#: optionally after a keyword ("Chapter 3", "Part IV", "§ 12")
LABEL = re.compile(
    r"^(?:(?i:chapter|part|section|appendix|annex|book)\s+|§\s*)?"
    r"(?:\d{1,2}(?:\.\d{1,2}){0,4}|[IVXLC]{1,6}|[A-Z])\.?$"
)
#: how far right of the label its line may start, in font sizes
REACH = 8.0
#: a baseline within this share of the font size is the same baseline
BASELINE = 0.25
#: this many bare consecutive numbers in one margin column are line numbers
LINE_NUMBERS = 8


def attach_hanging_labels(lines: list[Line]) -> list[Line]:
    """`lines` of one page, each hanging label drawn late joined to the front of its line."""
    labels = [i for i, ln in enumerate(lines) if LABEL.match(ln.text.strip())]
    if not labels:
        return lines
    skip = _line_numbers(lines, labels)
    by_row: dict[int, list[int]] = defaultdict(list)
    for j, ln in enumerate(lines):
        by_row[round(ln.y)].append(j)
    joined: dict[int, Line] = {}
    moved: set[int] = set()
    label_set = set(labels)
    for i in labels:
        if i in skip:
            continue
        label = lines[i]
        target = _target(lines, label, i, by_row, moved, label_set)
        if target is None:
            continue
        line = joined.get(target, lines[target])
        joined[target] = dataclasses.replace(
            line, x=label.x, text=f"{label.text.strip()} {line.text}"
        )
        moved.add(i)
    if not moved:
        return lines
    return [joined.get(j, ln) for j, ln in enumerate(lines) if j not in moved]


def _target(
    lines: list[Line],
    label: Line,
    index: int,
    by_row: dict[int, list[int]],
    moved: set[int],
    labels: set[int],
) -> int | None:
    """The line drawn before `label` on its baseline that starts nearest right of it."""
    best, best_dx = None, 0.0
    row = round(label.y)
    for j in (j for r in (row - 1, row, row + 1) for j in by_row.get(r, ())):
        line = lines[j]
        size = max(label.size, line.size, 1.0)
        dx = line.x - label.x
        if (
            j < index
            and j not in labels
            and j not in moved
            and abs(line.y - label.y) <= BASELINE * size
            and 0 < dx <= REACH * size
            and (best is None or dx < best_dx)
        ):
            best, best_dx = j, dx
    return best


def _line_numbers(lines: list[Line], labels: list[int]) -> set[int]:
    """The labels that are line numbers: bare integers in one x column counting up by one
    down the page, `LINE_NUMBERS` of them or more."""
    columns: dict[int, list[int]] = defaultdict(list)
    for i in labels:
        if lines[i].text.strip().isdigit():
            columns[round(lines[i].x)].append(i)
    found: set[int] = set()
    for members in columns.values():
        ordered = sorted(members, key=lambda i: -lines[i].y)
        run = [ordered[0]] if ordered else []
        for prev, cur in zip(ordered, ordered[1:], strict=False):
            if int(lines[cur].text) == int(lines[prev].text) + 1:
                run.append(cur)
            else:
                if len(run) >= LINE_NUMBERS:
                    found.update(run)
                run = [cur]
        if len(run) >= LINE_NUMBERS:
            found.update(run)
    return found
