"""OverlapPass: Jaccard overlap between leaves (duplicate / subset / summary)."""

from __future__ import annotations

from vectorless_assets.ir.indexes import ContentOverlapMap
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, env: PassEnv) -> ContentOverlapMap:
    """Jaccard overlap between leaves (duplicate / subset / summary).

    STUB: to be implemented (issue 3).
    """
    return ContentOverlapMap()
