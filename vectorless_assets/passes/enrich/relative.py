"""Relative references: "the next section", "the previous chapter", "次のセクション", "上一节".

They name a section by its place next to the one that says it, not by number or title. The
phrases are data (`PHRASES`: per language, which way and which level), found by one regex;
`neighbour` resolves them on the tree:

* next section: the section that follows in reading order (the node's first child, else
  its next sibling, else the next sibling of its nearest ancestor that has one);
* previous section: the node's previous sibling, else its parent;
* next / previous chapter: the same from the node's top-level ancestor (a child of the root).
"""

from __future__ import annotations

import re
from typing import Literal

Way = Literal["next", "previous"]
Level = Literal["section", "chapter"]

# fmt: off
#: language -> (phrase, way, level). English phrases are matched case-insensitively as
#: whole words and never as a plural ("the following sections" lists, it does not point).
PHRASES: dict[str, tuple[tuple[str, Way, Level], ...]] = {
    "en": (
        ("the next section", "next", "section"), ("the following section", "next", "section"),
        ("the next subsection", "next", "section"),
        ("the following subsection", "next", "section"),
        ("the previous section", "previous", "section"),
        ("the preceding section", "previous", "section"),
        ("the previous subsection", "previous", "section"),
        ("the next chapter", "next", "chapter"), ("the following chapter", "next", "chapter"),
        ("the previous chapter", "previous", "chapter"),
        ("the preceding chapter", "previous", "chapter"),
    ),
    "ja": (
        ("次のセクション", "next", "section"), ("次の節", "next", "section"),
        ("次節", "next", "section"), ("前のセクション", "previous", "section"),
        ("前の節", "previous", "section"), ("前節", "previous", "section"),
        ("次の章", "next", "chapter"), ("次章", "next", "chapter"),
        ("前の章", "previous", "chapter"), ("前章", "previous", "chapter"),
    ),
    "zh": (
        ("下一节", "next", "section"), ("下一部分", "next", "section"),
        ("上一节", "previous", "section"), ("上一部分", "previous", "section"),
        ("下一章", "next", "chapter"), ("上一章", "previous", "chapter"),
    ),
    "ko": (
        ("다음 섹션", "next", "section"), ("이전 섹션", "previous", "section"),
        ("다음 장", "next", "chapter"), ("이전 장", "previous", "chapter"),
    ),
}
# fmt: on
_MEANING = {p.lower(): (way, level) for rows in PHRASES.values() for p, way, level in rows}
PATTERN = re.compile(
    "|".join(
        rf"(?<![\w]){re.escape(p)}(?![\w])" if p.isascii() else re.escape(p)
        for p in sorted(_MEANING, key=len, reverse=True)
    ),
    re.IGNORECASE,
)
#: A literal every phrase holds (lowercased), so most texts are passed over by `in` tests.
_LITERALS = ("section", "chapter", "セクション", "節", "章", "一节", "部分", "섹션", "장")
#: How far before a literal a phrase can start (the longest phrase).
_REACH = max(map(len, _MEANING))


def relative(text: str) -> list[tuple[str, Level, Way]]:
    """(phrase as written, level, way) of each relative reference in `text`, in order.

    The pattern is tried only around the occurrences of `_LITERALS` (C-speed `find`), so a
    long text with no "section" costs one search per literal."""
    low = text.lower()
    hits: dict[int, re.Match[str]] = {}
    for literal in _LITERALS:
        at = low.find(literal)
        while at >= 0:
            end = min(len(text), at + len(literal) + 1)
            for m in PATTERN.finditer(text, max(0, at - _REACH), end):
                hits.setdefault(m.start(), m)
            at = low.find(literal, at + 1)
    return [(m.group(0), *_MEANING[m.group(0).lower()][::-1]) for _, m in sorted(hits.items())]


def neighbour(
    node_id: str,
    way: Way,
    level: Level,
    parent: dict[str, str],
    children: dict[str, list[str]],
) -> str | None:
    """The node that "the `way` `level`" names, said in `node_id` (None when there is none)."""
    if level == "chapter":
        while node_id in parent and parent[node_id] in parent:
            node_id = parent[node_id]  # (up to the root's child)
    if way == "next" and level == "section" and children.get(node_id):
        return children[node_id][0]
    at = node_id
    while at in parent:
        kids = children[parent[at]]
        i = kids.index(at) + (1 if way == "next" else -1)
        if 0 <= i < len(kids):
            return kids[i]
        if way == "previous":
            return parent[at] if level == "section" else None
        at = parent[at]
    return None
