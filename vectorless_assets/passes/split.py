"""SplitPass: oversized leaves -> children at natural split points."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree_built: DocumentTree, env: PassEnv) -> DocumentTree:
    """Oversized leaves -> children at natural split points.

    STUB: to be implemented (issue 3).
    """
    return tree_built
