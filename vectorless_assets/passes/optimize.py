"""OptimizePass: merge tiny sibling leaves, collapse empty single-child chains."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree_split: DocumentTree, env: PassEnv) -> DocumentTree:
    """Merge tiny sibling leaves, collapse empty single-child chains.

    STUB: to be implemented (issue 3).
    """
    return tree_split
