"""`BatchingPostgresEventLogStorage` against a real PostgreSQL server: the same
materializations, data versions and stale statuses as dagster-postgres's event log, one
transaction per document (rolled back on an error). Skipped without the server binaries."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest
from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
from dagster._core.loader import LoadingContextForTest

from tests.orchestration.storage.test_event_log import _batched, _materializations
from tests.orchestration.storage.test_postgres import postgres_url  # noqa: F401 - the throwaway server fixture

pytest.importorskip("dagster_postgres")


def _instance(home: Path, url: str, batching: bool) -> dg.DagsterInstance:
    from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

    home.mkdir(parents=True)
    storage = (
        postgres_storage_yaml(url)
        if batching
        else f"storage:\n  postgres:\n    postgres_url: {url}\n"
    )
    (home / "dagster.yaml").write_text(storage + "telemetry:\n  enabled: false\n", encoding="utf-8")
    instance = dg.DagsterInstance.from_config(str(home))
    instance.wipe()
    instance.event_log_storage.wipe()
    return instance


def test_batching_postgres_event_log_stores_what_dagster_postgres_stores(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    from vectorless_assets.orchestration.storage.pg_event_log import BatchingPostgresEventLogStorage

    with _instance(tmp_path / "plain-home", postgres_url, batching=False) as plain:
        expected = _materializations(_batched(tmp_path / "plain", plain).instance)
    with _instance(tmp_path / "home", postgres_url, batching=True) as instance:
        storage = instance.event_log_storage
        assert isinstance(storage, BatchingPostgresEventLogStorage)
        h = _batched(tmp_path / "batching", instance)
        assert len(expected) >= 45 and _materializations(instance) == expected
        resolver = CachingStaleStatusResolver(
            instance, h.defs.resolve_asset_graph(), LoadingContextForTest(instance)
        )
        assert {
            resolver.get_status(dg.AssetKey(n), pk)
            for n in ("tree", "summary", "document_ir")
            for pk in instance.get_dynamic_partitions("documents")
        } == {StaleStatus.FRESH}
        with pytest.raises(RuntimeError), storage.transaction():
            instance.report_runless_asset_event(dg.AssetMaterialization("extra", partition="a.md"))
            # visible inside
            assert instance.fetch_materializations(dg.AssetKey("extra"), limit=5).records
            raise RuntimeError("document failed")
        assert not instance.fetch_materializations(dg.AssetKey("extra"), limit=5).records
