"""Dagster's own verdict on what a test compiled: `CachingStaleStatusResolver`, partition by
partition."""

from __future__ import annotations

from collections.abc import Iterable

import dagster as dg
from dagster._core.definitions.data_version import (
    CachingStaleStatusResolver,
    DataProvenance,
    StaleStatus,
)
from dagster._core.loader import LoadingContextForTest

from vectorless_assets.orchestration.base.graph import AssetGraph
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


def provenance(
    instance: dg.DagsterInstance, keys: Iterable[dg.AssetKey], partitions: Iterable[str]
) -> dict[tuple[str, str], tuple[object, ...]]:
    """Per asset and partition, the provenance Dagster reads from the latest record (code
    version, input data versions, which inputs have event pointers, user-provided)."""
    partitions = list(partitions)
    out: dict[tuple[str, str], tuple[object, ...]] = {}
    for key in keys:
        for pk in partitions:
            record = instance.get_latest_data_version_record(key, False, pk)
            mat = record.asset_materialization if record else None
            p = DataProvenance.from_tags(mat.tags or {}) if mat else None
            out[(key.to_user_string(), pk)] = p and (
                p.code_version,
                dict(p.input_data_versions),
                sorted(k.to_user_string() for k, v in p.input_storage_ids.items() if v),
                p.is_user_provided,
            )
    return out
