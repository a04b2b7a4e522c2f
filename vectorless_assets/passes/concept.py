"""ConceptPass: key concepts with their sections (LLM, or top keywords without one)."""

from __future__ import annotations

from vectorless_assets.ir.indexes import Concept, ReasoningIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, reasoning_index: ReasoningIndex, env: PassEnv) -> list[Concept]:
    """Key concepts with their sections (LLM, or top keywords without one).

    STUB: to be implemented (issue 3).
    """
    return []
