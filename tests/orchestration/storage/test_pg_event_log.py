"""`BatchingPostgresEventLogStorage` against a real PostgreSQL server: the same
materializations, data versions, provenance and stale statuses (before and after an edit) as
dagster-postgres's event log, with slim events (`storage.slim`: no logging tags nor asset
event step handles stored), one transaction per document (rolled back on an error). Skipped
without the server binaries."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.definitions.data_version import (
    CachingStaleStatusResolver,
    StaleStatus,
)
from dagster._core.loader import LoadingContextForTest

from tests.orchestration.storage.test_event_log import _batched, _materializations, _statuses
from tests.orchestration.storage.test_postgres import postgres_url  # noqa: F401 - the throwaway server fixture
from tests.support.staleness import provenance

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


def _provenance(instance: dg.DagsterInstance) -> dict[tuple[str, str], tuple[object, ...]]:
    return provenance(
        instance, instance.get_asset_keys(), instance.get_dynamic_partitions("documents")
    )


def _edited(h) -> dict:  # noqa: ANN001 - the test harness
    """Stale statuses after the sensor's observation of an edited `b.md`."""
    h.write("b.md", "# B\n\nBeta, edited.\n")
    h.instance.report_runless_asset_event(
        dg.AssetObservation("source", partition="b.md", tags={"dagster/data_version": "edited"})
    )
    return _statuses(h)


def _stored_asset_events(instance: dg.DagsterInstance) -> list[dict]:
    from sqlalchemy import text

    with instance.event_log_storage._engine.connect() as conn:
        rows = conn.execute(
            text("SELECT event FROM event_logs WHERE dagster_event_type = 'ASSET_MATERIALIZATION'")
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def test_batching_postgres_event_log_stores_what_dagster_postgres_stores(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    from vectorless_assets.orchestration.storage.pg_event_log import BatchingPostgresEventLogStorage

    with _instance(tmp_path / "plain-home", postgres_url, batching=False) as plain:
        h = _batched(tmp_path / "plain", plain)
        expected = _materializations(plain)
        provenance = _provenance(plain)
        stale = _edited(h)
    with _instance(tmp_path / "home", postgres_url, batching=True) as instance:
        storage = instance.event_log_storage
        assert isinstance(storage, BatchingPostgresEventLogStorage)
        h = _batched(tmp_path / "batching", instance)
        assert len(expected) >= 45 and _materializations(instance) == expected
        assert _provenance(instance) == provenance
        events = _stored_asset_events(instance)
        assert len(events) == len(expected) + 1  # and the run's corpus table
        for event in events:  # slim: what nothing reads is not stored
            assert not event["dagster_event"]["logging_tags"]
            assert event["dagster_event"]["step_handle"] is None
        resolver = CachingStaleStatusResolver(
            instance, h.defs.resolve_asset_graph(), LoadingContextForTest(instance)
        )
        assert {
            resolver.get_status(dg.AssetKey(n), pk)
            for n in ("tree", "summary", "document_ir")
            for pk in instance.get_dynamic_partitions("documents")
        } == {StaleStatus.FRESH}
        assert _edited(h) == stale and {pk for (_, pk), v in stale.items() if v.value != "FRESH"}
        with pytest.raises(RuntimeError), storage.transaction():
            instance.report_runless_asset_event(dg.AssetMaterialization("extra", partition="a.md"))
            # visible inside
            assert instance.fetch_materializations(dg.AssetKey("extra"), limit=5).records
            raise RuntimeError("document failed")
        assert not instance.fetch_materializations(dg.AssetKey("extra"), limit=5).records
