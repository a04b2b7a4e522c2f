"""NavigationPass: NavEntry per non-leaf, ChildRoute per child, DocCard."""

from __future__ import annotations

from vectorless_assets.ir.indexes import NavigationIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, description: str, summary: str, env: PassEnv) -> NavigationIndex:
    """NavEntry per non-leaf, ChildRoute per child, DocCard.

    STUB: to be implemented (issue 3).
    """
    return NavigationIndex()
