"""A run whose worker process was killed does not stay STARTED (issue 11, item 9).

The daemon's default run launcher has no worker health check, so Dagster's run monitoring
never notices a killed run worker. The compile step tags its run with its process, and the
documents sensor marks the runs of dead processes of this host failed at its next tick.
"""

from __future__ import annotations

import time
from pathlib import Path

import dagster as dg

from tests.support.automation import QUIET, Harness
from tests.support.processes import kill_once_started
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME
from vectorless_assets.orchestration.batch import pool


def _run_and_hang(tmp: str) -> None:
    def hang(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        Path(tmp, "started").touch()
        time.sleep(120)

    pool.compute = hang
    h = Harness(Path(tmp), instance=dg.DagsterInstance.from_config(str(Path(tmp) / "home")))
    h.defs.resolve_job_def(COMPILE_JOB).execute_in_process(
        instance=h.instance, partition_key="doc.md", run_config=QUIET, raise_on_error=False
    )


def test_the_sensor_marks_a_killed_run_failed(tmp_path: Path) -> None:
    h = Harness(tmp_path, on_disk=True)
    h.write("doc.md", "# Doc\n\nText.\n")
    h.instance.add_dynamic_partitions(PARTITIONS_NAME, ["doc.md"])
    pid = kill_once_started(_run_and_hang, (str(tmp_path),), tmp_path / "started")
    [run] = h.instance.get_runs()
    assert (
        run.status == dg.DagsterRunStatus.STARTED and f":{pid}:" in run.tags["vectorless/process"]
    )
    h.tick()
    assert h.instance.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.FAILURE


def test_runs_of_live_processes_are_left_alone(tmp_path: Path) -> None:
    from vectorless_assets.orchestration.storage.orphans import fail_orphaned_runs, process_tags

    h = Harness(tmp_path, on_disk=True)
    run = h.instance.create_run_for_job(h.defs.resolve_job_def(COMPILE_JOB), tags=process_tags())
    h.instance.handle_run_event(
        run.run_id, dg.DagsterEvent(dg.DagsterEventType.RUN_START.value, job_name=run.job_name)
    )
    assert h.instance.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.STARTED
    assert fail_orphaned_runs(h.instance) == []
