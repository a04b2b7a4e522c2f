"""Runs tagged the way Dagster's backfills tag them compile and store every field.

The UI's "Materialize all" -> "Launch backfill" creates runs tagged
`dagster/asset_partition_range_start/end` (one partition per run under the compile asset's
`BackfillPolicy.multi_run(1)`), never `dagster/partition`; the JSON IO manager must find the
partition from the asset partition keys. Executed on a real SQLite instance in a temp dir.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from tests.support.two_documents import A, B, two_documents
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.base.keys import COMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.io_manager import FieldStore

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
START, END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Settings, dg.Definitions, dg.DagsterInstance]:
    settings, instance = two_documents(tmp_path)
    yield settings, build_defs(settings), instance
    instance.dispose()


def _run(
    defs: dg.Definitions,
    instance: dg.DagsterInstance,
    tags: dict[str, str],
    select: list[str] | None = None,
) -> dg.ExecuteInProcessResult:
    job = defs.resolve_job_def(COMPILE_JOB)
    selection = [dg.AssetKey(s) for s in select] if select else None
    return job.execute_in_process(
        instance=instance,
        tags=tags,
        asset_selection=selection,
        run_config=QUIET,
        raise_on_error=False,
    )


def _materialized(instance: dg.DagsterInstance, name: str) -> set[str]:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(name)), limit=100
    ).records
    return {r.partition_key for r in records}


def test_backfill_run_of_one_partition_writes_fields_and_ir(
    setup: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = setup
    result = _run(defs, instance, {START: A, END: A, "dagster/backfill": "abcdefgh"})
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    store = FieldStore(settings.fields_dir)
    assert store.exists("parsed", A) and store.exists("tree", A) and not store.exists("parsed", B)
    doc = load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(A)}.bin")
    assert any(n.title == "Details" for n in doc.tree.nodes)
    assert _materialized(instance, "document_ir") == {A}


def test_backfill_run_of_one_field_reads_the_stored_upstream(
    setup: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = setup
    assert _run(defs, instance, {START: B, END: B}).success
    before = FieldStore(settings.fields_dir).location("tree", B).stat().st_mtime_ns
    result = _run(defs, instance, {START: B, END: B}, select=["tree"])
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    assert FieldStore(settings.fields_dir).location("tree", B).stat().st_mtime_ns > before


def test_range_run_over_two_documents_writes_each_partition(
    setup: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = setup
    result = _run(defs, instance, {START: A, END: B})
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    store = FieldStore(settings.fields_dir)
    assert store.read("tree", A) != store.read("tree", B)
    titles = {
        key: {
            n.title for n in load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(key)}.bin").tree.nodes
        }
        for key in (A, B)
    }
    assert "Details" in titles[A] and "Details" not in titles[B]
    assert _materialized(instance, "document_ir") == {A, B}
    checks = {(e.check_name, e.passed) for e in result.get_asset_check_evaluations()}
    assert ("verify", True) in checks
    record = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("document_ir"), asset_partitions=[B]), limit=1
    ).records[0]
    # per-partition metadata
    assert record.asset_materialization.metadata["doc_id"].value == key_to_doc_id(B)
