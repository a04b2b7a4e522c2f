"""How well a question fits a node's titles: `locate`'s **fit** signal and inner headings.

A question that *is* a title ("Macros", "To panic! or Not to panic!") should pick the node
titled so over nodes whose longer titles merely contain its words ("Custom derive Macros").
The **title** signal (the share of the question's terms in the title) cannot tell them
apart; `title_fit` multiplies it by the share of the title's own terms that the question
holds (both idf-weighted), so an exact title scores 1.0 and a title with one extra rare
word much less.

Headings can also live inside a node's text: a block-quoted Markdown heading (a sidebar,
``> ### Alternate File Paths``) is no section of its own, and a small subsection merged into
its parent leaves its heading line in the parent's content. `inner_headings` finds those
lines (outside fenced code), and `locate` fits the question to them too, worth
`INNER_WEIGHT` of a title.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

#: A Markdown ATX heading line, possibly inside block quotes.
HEADING_LINE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*#{1,6}[ \t]+(\S.*?)[ \t#]*$")
#: A code fence line, possibly inside block quotes.
FENCE_LINE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(```|~~~)")
#: An inner heading's fit counts this much of a title's.
INNER_WEIGHT = 0.8


def inner_headings(content: str) -> list[str]:
    """Heading lines inside `content` (Markdown ``#`` lines, quoted or not, outside code fences)."""
    if "#" not in content:
        return []
    out: list[str] = []
    fenced = False
    for line in content.split("\n"):
        if FENCE_LINE.match(line):
            fenced = not fenced
            continue
        if not fenced and "#" in line:
            m = HEADING_LINE.match(line)
            if m:
                out.append(m.group(1))
    return out


def title_fit(
    query: Iterable[str], title: set[str], idf: Callable[[str], float], total: float
) -> float:
    """Share of the query's weight in `title` times share of the title's weight in the query.

    `query` are the question's terms, `total` the sum of their idf; `idf` gives any term's.
    """
    if not title:
        return 0.0
    shared = title.intersection(query)
    if not shared:
        return 0.0
    hit = sum(idf(t) for t in shared)
    own = sum(idf(t) for t in title) or 1.0
    return (hit / (total or 1.0)) * (hit / own)
