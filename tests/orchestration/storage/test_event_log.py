"""`BatchingSqliteEventLogStorage`: the same events, data versions and staleness as Dagster's
SQLite event log, with one transaction per document (storage/event_log.py)."""

from __future__ import annotations

import inspect
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
from dagster._core.loader import LoadingContextForTest

from tests.orchestration.automation import test_schedules
from tests.support.automation import QUIET, Harness
from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage.event_log import BatchingSqliteEventLogStorage
from vectorless_assets.orchestration.storage.instance_class import INSTANCE_CLASS_YAML

DOCS = {
    "a.md": "# A\n\nAlpha text.\n\n## A1\n\nMore alpha.\n",
    "b.md": "# B\n\nBeta.\n",
    "c/d.md": "# D\n\nDelta.\n",
}


def batching_instance(home: Path) -> dg.DagsterInstance:
    home.mkdir(parents=True, exist_ok=True)
    (home / "dagster.yaml").write_text(
        "telemetry:\n  enabled: false\n" + INSTANCE_CLASS_YAML, encoding="utf-8"
    )
    instance = dg.DagsterInstance.from_config(str(home))
    assert isinstance(instance.event_log_storage, BatchingSqliteEventLogStorage)
    return instance


def _materializations(instance: dg.DagsterInstance) -> list[tuple[str, str, str]]:
    """(asset, partition, data version) of every stored materialization, sorted."""
    out = []
    for key in instance.get_asset_keys():
        if key.path[-1] == "corpus":  # the run's table, not a document's
            continue
        records = instance.fetch_materializations(key, limit=1000).records
        out += [
            (
                key.path[-1],
                r.partition_key or "",
                r.asset_materialization.tags["dagster/data_version"],
            )
            for r in records
        ]
    return sorted(out)


def _statuses(h: Harness) -> dict[tuple[str, str], StaleStatus]:
    resolver = CachingStaleStatusResolver(
        h.instance, h.defs.resolve_asset_graph(), LoadingContextForTest(h.instance)
    )
    names = [
        k.path[-1] for k in h.instance.get_asset_keys() if k.path[-1] not in ("source", "corpus")
    ]
    return {
        (n, pk): resolver.get_status(dg.AssetKey(n), pk)
        for pk in h.instance.get_dynamic_partitions("documents")
        for n in names
    }


def _batched(tmp_path: Path, instance: dg.DagsterInstance) -> Harness:
    tmp_path.mkdir(exist_ok=True)
    h = Harness(tmp_path, instance=instance)
    for rel, text in DOCS.items():
        h.write(rel, text)
    config = batch_request(list(DOCS), run_key=None).run_config
    assert (
        h.defs.resolve_job_def(RECOMPILE_JOB)
        .execute_in_process(instance=instance, run_config={**QUIET, **config})
        .success
    )
    return h


def test_batched_run_stores_what_the_default_event_log_stores(tmp_path: Path) -> None:
    (tmp_path / "default-home").mkdir()
    default = _batched(
        tmp_path / "default", dg.DagsterInstance.local_temp(str(tmp_path / "default-home"))
    )
    batching = _batched(tmp_path / "batching", batching_instance(tmp_path / "batching-home"))
    stored = _materializations(batching.instance)
    assert len(stored) >= 3 * 15
    assert stored == _materializations(default.instance)
    assert set(_statuses(batching).values()) == {StaleStatus.FRESH}
    # then the sensor's observation of the new source
    batching.write("b.md", "# B\n\nBeta, edited.\n")
    batching.instance.report_runless_asset_event(
        dg.AssetObservation("source", partition="b.md", tags={"dagster/data_version": "edited"})
    )
    stale = {k for k, v in _statuses(batching).items() if v != StaleStatus.FRESH}
    assert stale and {pk for _, pk in stale} == {"b.md"}


def test_per_document_runs_on_the_batching_event_log(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for rel, text in DOCS.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    results = {}
    (tmp_path / "d").mkdir()
    for name, instance in (
        ("default", dg.DagsterInstance.local_temp(str(tmp_path / "d"))),
        ("batching", batching_instance(tmp_path / "b")),
    ):
        out = compile_paths(
            sorted(docs.rglob("*.md")),
            docs_root=docs,
            ir_dir=tmp_path / f"ir-{name}",
            instance=instance,
        )
        assert [r.status for r in out] == ["compiled"] * 3, [r.error for r in out]
        assert [
            r.status
            for r in compile_paths(
                sorted(docs.rglob("*.md")),
                docs_root=docs,
                ir_dir=tmp_path / f"ir-{name}",
                instance=instance,
            )
        ] == ["skipped"] * 3
        results[name] = _materializations(instance)
        assert len(instance.get_runs()) == 2  # one run per invocation
    assert results["batching"] == results["default"]


def test_a_failed_transaction_stores_nothing(tmp_path: Path) -> None:
    instance = batching_instance(tmp_path / "home")
    storage = instance.event_log_storage
    assert isinstance(storage, BatchingSqliteEventLogStorage)
    with pytest.raises(RuntimeError), storage.transaction():
        instance.report_runless_asset_event(dg.AssetMaterialization("tree", partition="a.md"))
        # visible inside
        assert instance.fetch_materializations(dg.AssetKey("tree"), limit=5).records
        raise RuntimeError("document failed")
    assert not instance.fetch_materializations(dg.AssetKey("tree"), limit=5).records
    with storage.transaction():
        instance.report_runless_asset_event(dg.AssetMaterialization("tree", partition="a.md"))
    assert len(instance.fetch_materializations(dg.AssetKey("tree"), limit=5).records) == 1


_ON_DISK = [
    name
    for name, fn in inspect.getmembers(test_schedules, inspect.isfunction)
    if name.startswith("test_") and "tmp_path" in inspect.signature(fn).parameters
]


@pytest.mark.parametrize("name", _ON_DISK)
def test_stale_status_tests_on_the_batching_event_log(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The schedule/stale-status tests, with their on-disk instance on this storage."""
    opened: list[dg.DagsterInstance] = []

    def local_temp(tempdir: str, overrides: object = None) -> dg.DagsterInstance:
        opened.append(batching_instance(Path(tempdir)))
        return opened[-1]

    monkeypatch.setattr(dg.DagsterInstance, "local_temp", staticmethod(local_temp))
    getattr(test_schedules, name)(tmp_path)
    assert opened and all(
        isinstance(i.event_log_storage, BatchingSqliteEventLogStorage) for i in opened
    )
