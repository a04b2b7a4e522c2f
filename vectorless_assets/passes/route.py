"""RoutePass: intent routes from question hints, concept routes from tags."""

from __future__ import annotations

from vectorless_assets.ir.indexes import NavigationIndex, QueryRoutingTable
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, nav_index: NavigationIndex, env: PassEnv) -> QueryRoutingTable:
    """Intent routes from question hints, concept routes from tags.

    STUB: to be implemented (issue 3).
    """
    return QueryRoutingTable()
