"""ReasoningPass: keyword -> weighted node postings, section map, summary shortcut."""

from __future__ import annotations

from vectorless_assets.ir.indexes import ReasoningIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, summary: str, env: PassEnv) -> ReasoningIndex:
    """Keyword -> weighted node postings, section map, summary shortcut.

    STUB: to be implemented (issue 3).
    """
    return ReasoningIndex()
