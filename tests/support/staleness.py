"""Dagster's own verdict on what a test compiled: `CachingStaleStatusResolver`, partition by
partition."""

from __future__ import annotations

import dagster as dg
from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
from dagster._core.loader import LoadingContextForTest

from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR
from vectorless_assets.orchestration.base.names import Names
from vectorless_assets.orchestration.base.settings import Settings


def assert_all_fresh(
    instance: dg.DagsterInstance,
    defs: dg.Definitions,
    settings: Settings,
    names: Names,
    documents: int,
) -> None:
    """Dagster's own resolver over the code location's graph: every asset of every partition is
    FRESH (not "has a new code version"), and `document_ir` says which mode built it."""
    resolver = CachingStaleStatusResolver(
        instance, defs.resolve_asset_graph(), LoadingContextForTest(instance)
    )
    partitions = instance.get_dynamic_partitions(names.partitions.name)
    assert len(partitions) == documents
    for pk in partitions:
        for name in AssetGraph(settings.table, settings.options, names).produced:
            key = names.key(name)
            assert resolver.get_status(key, pk) == StaleStatus.FRESH, (
                name,
                pk,
                resolver.get_stale_causes(key, pk),
            )
        record = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=names.key(DOCUMENT_IR), asset_partitions=[pk]), limit=1
        ).records[0]
        assert record.asset_materialization.metadata["mode"].value == settings.options.mode
