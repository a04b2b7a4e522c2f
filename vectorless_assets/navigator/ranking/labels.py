"""Structural references in a question ("Chapter 8", "Section 2.1", "Appendix E", "Listing 3-5").

`locate`'s **label** signal. A reference points at a node when

* a node's title starts with it ("Appendix E: Editions", "Item 7. Management's ...") or,
  for a numbered chapter, section or part, with its number ("2.1 Scope"), or the node's
  structure is that number (sections): the node scores 1.0;
* nothing is titled so and the reference is a **chapter number**: the chapter-level nodes
  (a depth holding at least `MIN_CHAPTERS` nodes, in document order) are
  numbered by their ordinal plus an offset learned from the document's own cross
  references: a quoted title followed shortly by "Chapter N" (`“Cargo Workspaces” in
  Chapter 14`) whose node is unique votes for offset = ordinal of the chapter holding it (or being
  it) - N. The
  offset skips unnumbered front matter (a title page, a foreword, an introduction). The
  chapter scores 1.0 and the nodes inside it `IN_CHAPTER` per level down (its sections
  0.5, their subsections 0.25), so the question's other words pick a section within it. No agreed
  offset (too few votes), no chapter numbers;
* nothing is titled so and the reference is a **caption kind** (table, figure, listing,
  exhibit): the first node whose own text mentions it scores 1.0 (a caption, or the text
  that introduces it: "looks like the code in Listing 3-5"), later mentions `LATER_MENTION`.
"""

from __future__ import annotations

import re
from collections import Counter

from vectorless_assets.ir.tree import DocumentTree, TreeNode

LABEL_RE = re.compile(
    r"\b(chapter|section|appendix|part|item|table|figure|listing|note|schedule|exhibit)\s+"
    r"([a-z]\b|\d+(?:[.-]\d+)*[a-z]?\b)",
    re.IGNORECASE,
)
#: A quoted title, then within a few words "Chapter N" (cross references of books).
XREF_RE = re.compile(r"[“\"]([^”\"\n]{3,80})[”\"][^.“”\"]{0,60}?\bchapter\s+(\d+)\b", re.IGNORECASE)
#: Markup left around a quoted title by Markdown links and comments ("][label]<!-- x -->").
XREF_MARKUP_RE = re.compile(r"\]\[[^\]]*\]|<!--.*?-->|[`*_\[\]]")
CAPTION_KINDS = frozenset({"table", "figure", "listing", "exhibit"})
#: Depth holding the chapters: the shallowest with at least this many nodes.
MIN_CHAPTERS = 3
#: Cross references needed, and the share of them that must agree, to number chapters.
MIN_VOTES, MIN_AGREEMENT = 3, 0.6
#: Label score of a chapter's sections (named by number); each level further down, again.
IN_CHAPTER = 0.5
#: Label score of a caption kind's mentions after the first.
LATER_MENTION = 0.5


def _norm(title: str) -> str:
    return " ".join(XREF_MARKUP_RE.sub("", title).lower().split())


def chapter_numbers(tree: DocumentTree) -> dict[int, str]:
    """Chapter number -> node id, when the document's cross references agree on an offset.

    Each depth holding at least `MIN_CHAPTERS` nodes is tried as the chapters' level (a book
    in parts has its chapters below the parts); the level whose offset most references
    agree on wins (the shallower on a tie).
    """
    depths = Counter(n.depth for n in tree.nodes)
    levels = sorted(d for d, c in depths.items() if c >= MIN_CHAPTERS and d > 0)
    ordinal = {
        level: {n.node_id: k for k, n in enumerate(_at(tree, level), start=1)} for level in levels
    }
    titled = Counter(_norm(n.title) for n in tree.nodes)
    by_title = {_norm(n.title): n for n in tree.nodes}
    votes: Counter[tuple[int, int]] = Counter()  # (level, offset)
    for node in tree.nodes:
        if "hapter" not in node.content:
            continue
        for m in XREF_RE.finditer(" ".join(node.content.split())):
            title = _norm(m.group(1))
            target = by_title.get(title)
            if target is None or titled[title] > 1:
                continue
            # the chapter holds the section, or is the node named ("“Error Handling” in Chapter 9")
            for line in [*tree.ancestors(target.node_id), target]:
                if line.node_id in ordinal.get(line.depth, {}):
                    votes[line.depth, ordinal[line.depth][line.node_id] - int(m.group(2))] += 1
    if not votes:
        return {}
    (level, offset), count = min(votes.items(), key=lambda v: (-v[1], v[0][0]))
    cast = sum(v for (d, _), v in votes.items() if d == level)
    if count < MIN_VOTES or count < MIN_AGREEMENT * cast:
        return {}
    return {k - offset: nid for nid, k in ordinal[level].items() if k - offset >= 1}


def _at(tree: DocumentTree, depth: int) -> list[TreeNode]:
    return [n for n in tree.nodes if n.depth == depth]


def label_scores(
    tree: DocumentTree, query: str, chapters: dict[int, str]
) -> tuple[dict[str, float], set[str]]:
    """Node id -> label score for the structural references `query` makes (module docstring),
    and the kinds ("chapter", "listing") of the references that point somewhere."""
    out: dict[str, float] = {}
    kinds: set[str] = set()
    for m in LABEL_RE.finditer(query):
        kind, label = m.group(1).lower(), m.group(2).lower()
        found = _titled(tree, kind, label)
        if not found and kind == "chapter" and label.isdigit() and int(label) in chapters:
            found = _in_chapter(tree, chapters[int(label)])
        elif not found and kind in CAPTION_KINDS:
            found = _mentioned(tree, kind, label)
        for nid, value in found.items():
            out[nid] = max(out.get(nid, 0.0), value)
        if found:
            kinds.add(kind)
    return out, kinds


def _in_chapter(tree: DocumentTree, head: str) -> dict[str, float]:
    """A chapter (1.0) and the nodes inside it, `IN_CHAPTER` per level down."""
    base = tree.get(head).depth
    return {n.node_id: IN_CHAPTER ** (n.depth - base) for n in tree.preorder(head)}


def _titled(tree: DocumentTree, kind: str, label: str) -> dict[str, float]:
    """Nodes titled by the reference, or numbered so (the original label rule)."""
    named = re.compile(rf"^\W*{kind}\s+{re.escape(label)}\b", re.IGNORECASE)
    numbered = kind in ("chapter", "section", "part") and label[:1].isdigit()
    bare = re.compile(rf"^\W*{re.escape(label)}(?:[.:)]|\s)", re.IGNORECASE) if numbered else None
    out: dict[str, float] = {}
    for node in tree.nodes:
        title = node.title.strip()
        if (
            named.search(title)
            or (bare and bare.search(title))
            or (bare and kind == "section" and node.structure == label)
        ):
            out[node.node_id] = 1.0
    return out


def _mentioned(tree: DocumentTree, kind: str, label: str) -> dict[str, float]:
    """Nodes whose own text mentions a caption label: the first 1.0, later ones less."""
    pattern = re.compile(rf"\b{kind}\s+{re.escape(label)}(?![\w.-]\w)", re.IGNORECASE)
    out: dict[str, float] = {}
    for node in tree.nodes:
        if pattern.search(node.content):
            out[node.node_id] = LATER_MENTION if out else 1.0
    return out
