"""ChainPass: typed reasoning chains from resolved references."""

from __future__ import annotations

from vectorless_assets.ir.indexes import ChainIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, env: PassEnv) -> ChainIndex:
    """Typed reasoning chains from resolved references.

    STUB: to be implemented (issue 3).
    """
    return ChainIndex()
