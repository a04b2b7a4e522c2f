"""EnhancePass: summaries, question hints and routing tags (LLM or extractive fallback)."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree_optimized: DocumentTree, env: PassEnv) -> tuple[DocumentTree, str]:
    """Summaries, question hints and routing tags (LLM or extractive fallback).

    STUB: to be implemented (issue 3).
    """
    return tree_optimized, ""
