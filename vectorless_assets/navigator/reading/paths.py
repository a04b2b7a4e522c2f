"""Finding a node by title or by title path ("Maintenance > Oil change").

A title matches exactly, else by prefix, else by substring (case-insensitively), tried on
pools of nodes from nearest to farthest; the first pool and test with exactly one match
wins, and several matches are refused with the candidates (id and title) so the caller can
pick a node id. A title path resolves step by step, each step below the previous node
(its children first, then deeper), starting at the root.
"""

from __future__ import annotations

from collections.abc import Sequence

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.views import NavigationError

#: Separator of the steps of a title path (as citations print `path`).
PATH_SEP = ">"
#: Candidates named when a title is ambiguous.
CANDIDATES = 8


def match_title(text: str, pools: Sequence[Sequence[TreeNode]]) -> TreeNode | None:
    """The one node of the nearest pool whose title equals, starts with or contains `text`.

    Returns None when no pool has a match; raises `NavigationError` naming the candidates
    when the first matching pool and test match several nodes.
    """
    want = text.strip().casefold()
    tests = (lambda t: t == want, lambda t: t.startswith(want), lambda t: want in t)
    for pool in pools:
        for test in tests:
            found = [n for n in pool if test(n.title.strip().casefold())]
            if len(found) == 1:
                return found[0]
            if found:
                names = ", ".join(f"{n.node_id} {n.title!r}" for n in found[:CANDIDATES])
                more = f" (+{len(found) - CANDIDATES} more)" if len(found) > CANDIDATES else ""
                raise NavigationError(
                    f"{text.strip()!r} is ambiguous: {names}{more}; use a node id"
                )
    return None


def is_path(text: str) -> bool:
    """Whether `text` reads as a title path of two or more steps."""
    return len([s for s in text.split(PATH_SEP) if s.strip()]) > 1


def by_path(doc: Document, text: str) -> TreeNode:
    """The node at the end of a title path such as ``"Field Guide > Maintenance > Oil change"``.

    Steps may skip levels ("Maintenance > Oil change"); a first step naming the root itself
    is allowed. Raises `NavigationError` for a step that does not resolve or is ambiguous.
    """
    tree = doc.tree
    steps = [s.strip() for s in text.split(PATH_SEP) if s.strip()]
    if not steps:
        raise NavigationError("empty title path")
    node = tree.root
    for i, step in enumerate(steps):
        below = [n for n in tree.preorder(node.node_id) if n.node_id != node.node_id]
        found = match_title(step, (tree.children_of(node.node_id), below))
        if found is None and i == 0 and node.title.strip().casefold() == step.casefold():
            continue
        if found is None:
            where = " > ".join(steps[:i]) or "the root"
            raise NavigationError(f"no node {step!r} below {where} (path {text.strip()!r})")
        node = found
    return node
