"""Which detected headings the detector accepted by a narrow margin, and undoing a heading.

The detector (`pdf_headings`) accepts a line as a heading on a few signals: a larger font,
bold type at body size, capitals, numbering, a keyword ("Chapter 3", "Item 7."). A heading
with one weak signal - bold or capitals alone, numbering alone at body size, or a font only
slightly larger than body text (a level-only size difference) - is *uncertain*: in unseen
layouts these are the body lines most often taken for headings (lead-ins, table labels,
list items). The frontend marks the raw nodes of such headings (`RawNode.uncertain`), so a
later step may ask a model to confirm them; the frontend itself never asks (it stays pure).

`demote(parsed, index)` undoes one heading: its title line goes back into the text of the
section before it, exactly as if the detector had not accepted it.

Points per signal (first line of the heading): size >= 1.25 x body: 2, >= 1.12 x body: 1;
bold at body weight: 1; numbering ("2.3 "): 1; a keyword: 2; capitals: 1. Uncertain: at
most one point.
"""

from __future__ import annotations

import re

from vectorless_assets.frontends.pdf.heading_candidates import Heading, all_caps
from vectorless_assets.frontends.pdf.sections import Placed
from vectorless_assets.frontends.pdf.text import Line
from vectorless_assets.ir.pages import PagedText, join
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.text.llm_tokens import estimate_tokens

_NUMBERED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5}|[A-Z](?:\.\d{1,2})+)\.?\s+\S")
_KEYWORD = re.compile(
    r"^(part|item|note|chapter|section|appendix|annex|article|schedule|exhibit|anhang|kapitel|teil)\s+\S",
    re.I,
)
STRONG_RATIO = 1.25
LARGER_RATIO = 1.12
MAX_POINTS = 1  # at most this many points: uncertain


def points(ln: Line, body: float, body_bold: bool) -> int:
    """How strongly the style and text of heading line `ln` say "heading" (see the module)."""
    text = ln.text.strip()
    ratio = ln.size / body if body else 1.0
    score = 2 if ratio >= STRONG_RATIO else 1 if ratio >= LARGER_RATIO else 0
    score += 1 if ln.bold and not body_bold else 0
    score += 2 if _KEYWORD.match(text) else 1 if _NUMBERED.match(text) else 0
    score += 1 if all_caps(text) else 0
    return score


def uncertain_starts(detected: list[Heading], lines: list[Line], body: float) -> dict[int, str]:
    """Start line index -> title of the detected headings accepted by a narrow margin."""
    total = max(1, sum(len(ln.text) for ln in lines))
    body_bold = sum(len(ln.text) for ln in lines if ln.bold) > 0.6 * total
    return {
        h.start: h.title
        for h in detected
        if h.start < len(lines) and points(lines[h.start], body, body_bold) <= MAX_POINTS
    }


def mark_uncertain(
    nodes: list[RawNode], placed: list[Placed], starts: dict[int, str], lines: list[Line]
) -> list[RawNode]:
    """`nodes` (from `build_raw_nodes(placed, lines, ...)`) with the nodes of the headings in
    `starts` (start line and title: outline entries are never marked) marked uncertain, each
    with its title lines as extracted (`RawNode.heading_text`, what `demote` puts back).
    Nodes follow `placed` sorted by position, after an optional level-0 preamble."""
    if not starts:
        return nodes
    offset = len(nodes) - len(placed)
    order = sorted(placed, key=lambda p: (p.start, p.end))
    out = list(nodes)
    for i, p in enumerate(order):
        if starts.get(p.start) == p.title and 0 <= offset + i < len(out):
            text = "\n".join(ln.text for ln in lines[p.start : p.end])
            update = {"uncertain": True, "heading_text": text}
            out[offset + i] = out[offset + i].model_copy(update=update)
    return out


def demote(parsed: ParsedDocument, index: int) -> ParsedDocument:
    """`parsed` without the heading of raw node `index`: its title lines (as extracted,
    `RawNode.heading_text`, else its title) and text join the node before it (or become the
    level-0 preamble when it is the first node)."""
    nodes = list(parsed.raw_nodes)
    node = nodes[index]
    heading = node.heading_text if node.heading_text is not None else node.title
    body = "\n".join(t for t in (heading, node.content) if t)
    paged = join([PagedText.heading(heading, node.start_page), _paged(node)], "\n")
    if index == 0:
        nodes[0] = node.model_copy(
            update={
                "title": "",
                "level": 0,
                "content": body,
                "page_breaks": paged.breaks,
                "uncertain": False,
                "heading_text": None,
                "token_count": estimate_tokens(body),
            }
        )
        return parsed.model_copy(update={"raw_nodes": nodes})
    prev = nodes[index - 1]
    content = "\n".join(t for t in (prev.content, body) if t)
    last = max(
        (n for n in (prev, node) if n.end_page is not None),
        key=lambda n: n.end_page or 0,
        default=prev,
    )
    joined = join([_paged(prev), paged], "\n")
    exact = joined.known and (joined.start, joined.end) == (prev.start_page, last.end_page)
    nodes[index - 1] = prev.model_copy(
        update={
            "content": content,
            "page_breaks": joined.breaks if exact else [],
            "token_count": estimate_tokens(content),
            "end_page": last.end_page,
            "end_page_label": last.end_page_label,
        }
    )
    del nodes[index]
    return parsed.model_copy(update={"raw_nodes": nodes})


def _paged(node: RawNode) -> PagedText:
    return PagedText(node.content, node.start_page, node.end_page, node.page_breaks)
