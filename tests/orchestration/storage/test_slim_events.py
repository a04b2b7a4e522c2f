"""What the shipped event log stores of an event: no logging tags, no repeated message, no
step handle on an asset event, compact JSON, in 16 KB pages (`storage.slim`,
`sqlite_tuning`); read back, the event is what Dagster wrote (same message, tags, metadata,
step key and op), and the asset's row holds the same latest materialization."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import dagster as dg
from dagster._core.definitions.dependency import NodeHandle
from dagster._core.execution.plan.handle import StepHandle

from vectorless_assets.orchestration.storage.instance import open_instance
from vectorless_assets.orchestration.storage.sqlite_tuning import PAGE_SIZE, WAL_BYTES

TAGS = {"dagster/code_version": "1", "dagster/data_version": "abc"}


@dg.op
def record_two(context) -> None:  # noqa: ANN001 (Dagster reads the hint at run time)
    for name in ("a", "b"):
        context.log_event(
            dg.AssetMaterialization(name, tags=TAGS, metadata={"nodes": 3}, description=None)
        )


def _rows(home: Path) -> list[tuple[str, str]]:
    rows = []
    for db in sorted((home / "history" / "runs").glob("*.db")):
        with sqlite3.connect(db) as conn:
            rows += conn.execute("SELECT dagster_event_type, event FROM event_logs").fetchall()
    return rows


def test_stored_events_carry_no_logging_tags_nor_a_repeated_message(tmp_path: Path) -> None:
    home = tmp_path / "home"
    instance = open_instance(home)
    result = (
        dg.GraphDefinition("g", node_defs=[record_two])
        .to_job()
        .execute_in_process(instance=instance)
    )
    assert result.success
    rows = _rows(home)
    materializations = [text for kind, text in rows if kind == "ASSET_MATERIALIZATION"]
    assert len(materializations) == 4  # the run's shard and the index shard, two each
    for _, text in rows:
        event = json.loads(text)
        assert text == json.dumps(event, separators=(",", ":"))  # no spaces after , and :
        dagster_event = event["dagster_event"]
        if dagster_event is None:
            continue
        assert not dagster_event["logging_tags"]
        assert dagster_event["message"] != event["user_message"]
        if dagster_event["step_key"]:  # a step's event: its handle unless an asset event
            kind = dagster_event["event_type_value"]
            assert (dagster_event["step_handle"] is None) == (kind == "ASSET_MATERIALIZATION")
    [record] = instance.fetch_materializations(dg.AssetKey("a"), limit=1).records
    entry = record.event_log_entry
    assert entry.message == "Materialized value a."  # the UI's line, from user_message
    assert entry.asset_materialization.tags == TAGS
    assert entry.asset_materialization.metadata["nodes"].value == 3
    assert entry.step_key == "record_two"
    assert entry.dagster_event.node_handle == NodeHandle("record_two", None)
    assert entry.dagster_event.step_handle == StepHandle(NodeHandle("record_two", None))
    [asset] = instance.get_asset_records([dg.AssetKey("a")])
    assert asset.asset_entry.last_materialization_record == record


def test_event_log_files_have_large_pages_and_a_bounded_log(tmp_path: Path) -> None:
    home = tmp_path / "home"
    instance = open_instance(home)
    for _ in range(3):
        dg.GraphDefinition("g", node_defs=[record_two]).to_job().execute_in_process(
            instance=instance
        )
    files = sorted((home / "history" / "runs").glob("*.db"))
    assert len(files) == 4  # the index shard, three runs
    for db in files:
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE
    for wal in (home / "history" / "runs").glob("*.db-wal"):
        assert wal.stat().st_size <= WAL_BYTES + PAGE_SIZE + 32


@dg.op(out=dg.DynamicOut(int))
def fan_out():  # noqa: ANN201
    for n in (1, 2):
        yield dg.DynamicOutput(n, mapping_key=f"k{n}")


@dg.op(config_schema={"flag": str})
def record_one(context, n: int) -> None:  # noqa: ANN001 (Dagster reads the hint at run time)
    context.log_event(dg.AssetMaterialization(f"m{n}", tags=TAGS))
    if n == 2 and not Path(context.op_config["flag"]).exists():
        raise RuntimeError("fails the first time")


@dg.job
def fanned() -> None:
    fan_out().map(record_one)


def test_reexecution_from_failure_reads_the_step_events_of_slim_runs(tmp_path: Path) -> None:
    """Asset events are stored without their step handle (a dynamic step's here); Dagster's
    re-execution from failure reads the handles of the step events (kept) and reruns the
    failed mapped step only."""
    instance = open_instance(tmp_path / "home")
    flag = tmp_path / "flag"
    config = {"ops": {"record_one": {"config": {"flag": str(flag)}}}}
    job = dg.reconstructable(fanned)
    with dg.execute_job(job, instance, run_config=config) as first:
        assert not first.success
    flag.touch()
    options = dg.ReexecutionOptions.from_failure(first.run_id, instance)
    with dg.execute_job(job, instance, run_config=config, reexecution_options=options) as again:
        assert again.success
        started = {e.step_key for e in again.all_events if e.event_type_value == "STEP_START"}
    assert started == {"record_one[k2]"}
    [record] = instance.fetch_materializations(dg.AssetKey("m2"), limit=5).records[:1]
    assert record.event_log_entry.step_key == "record_one[k2]"
