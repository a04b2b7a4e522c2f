"""Dagster's own backfill daemon over the compile asset: ranges of documents per run.

A "Materialize selected" backfill over scattered partitions (how the UI launches it:
a `PartitionBackfill` of every compile asset) is turned by the backfill daemon into one run
per contiguous key range under `BackfillPolicy.multi_run`; the runs record every targeted
partition, so the backfill ends `COMPLETED_SUCCESS` (a targeted partition a successful run
left unmaterialized would make it `COMPLETED_FAILED`). Runs execute in this process
(Dagster's test launcher) against the code location loaded as `workspace.yaml` loads it.
"""

from __future__ import annotations

import time
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.execution.backfill import BulkActionStatus, PartitionBackfill
from dagster._core.test_utils import create_test_daemon_workspace_context, instance_for_test
from dagster._core.workspace.load_target import ModuleTarget
from dagster._daemon.backfill import execute_backfill_iteration

from vectorless_assets.orchestration.base.keys import CORPUS, PARTITIONS_NAME, SOURCE
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs

IN_PROCESS = {
    "run_coordinator": {
        "module": "dagster._core.run_coordinator",
        "class": "DefaultRunCoordinator",
    },
    "run_launcher": {
        "module": "dagster._core.launcher.sync_in_memory_run_launcher",
        "class": "SyncInMemoryRunLauncher",
    },
}
START, END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"


def test_a_scattered_selection_runs_one_range_per_run_and_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    keys = [f"d{i:02d}.md" for i in range(12)]
    for i, key in enumerate(keys):
        (docs / key).write_text(
            f"# Document {i}\n\nBody {i}.\n\n## Part\n\nMore {i}.\n", encoding="utf-8"
        )
    monkeypatch.setenv("VECTORLESS_DOCS_DIR", str(docs))
    monkeypatch.setenv("VECTORLESS_IR_DIR", str(tmp_path / "ir"))
    chosen = ["d00.md", "d01.md", "d02.md", "d05.md", "d08.md", "d09.md"]
    with instance_for_test(overrides=IN_PROCESS) as instance:
        instance.add_dynamic_partitions(PARTITIONS_NAME, keys)
        target = ModuleTarget(
            module_name="vectorless_assets.orchestration.definitions",
            attribute="defs",
            working_directory=None,
            location_name="vectorless",
        )
        with create_test_daemon_workspace_context(
            workspace_load_target=target, instance=instance
        ) as workspace:
            graph = build_defs(Settings.from_env()).resolve_asset_graph()
            selection = [
                k
                for k in graph.get_all_asset_keys()
                if k.to_user_string() not in (SOURCE, CORPUS)  # the documents' assets
            ]
            backfill = PartitionBackfill.from_asset_partitions(
                backfill_id="scattered",
                asset_graph=graph,
                partition_names=chosen,
                asset_selection=selection,
                backfill_timestamp=time.time(),
                tags={},
                dynamic_partitions_store=instance,
                all_partitions=False,
                title=None,
                description=None,
                run_config=None,
            )
            instance.add_backfill(backfill)
            for _ in range(10):
                list(execute_backfill_iteration(workspace, dg.get_dagster_logger()))
                if instance.get_backfill("scattered").status != BulkActionStatus.REQUESTED:
                    break
            runs = instance.get_runs()
            assert sorted((r.tags.get(START), r.tags.get(END)) for r in runs) == [
                ("d00.md", "d02.md"),
                ("d05.md", "d05.md"),
                ("d08.md", "d09.md"),
            ]
            assert {r.status for r in runs} == {dg.DagsterRunStatus.SUCCESS}
            assert instance.get_backfill("scattered").status == BulkActionStatus.COMPLETED_SUCCESS
            records = instance.fetch_materializations(dg.AssetKey("document_ir"), limit=50).records
            assert sorted(r.partition_key for r in records) == chosen
            assert len(list((tmp_path / "ir").glob("*.bin"))) == len(chosen)
