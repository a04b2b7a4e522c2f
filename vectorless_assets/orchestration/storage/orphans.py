"""Runs of a process that died (`kill -9`, a crash, a power cut) are marked failed at the next
start.

The CLI's runs execute in its own process (`execute_in_process`), so no daemon watches them:
a killed `vectorless compile` leaves its run STARTED forever. Each CLI run is tagged with its
process (`vectorless/process = <host>:<pid>:<start time>`); when `compile_paths` starts, every
STARTED or STARTING run tagged from this host whose process no longer exists (or whose pid
now belongs to a process started at another time) is reported failed. Runs launched by the
daemon are tagged by their own step (`tag_run_with_process`), and the documents sensor looks
for orphans at every tick: Dagster's run monitoring cannot see a killed run worker of the
default run launcher (it has no worker health check).
"""

from __future__ import annotations

import os
import socket

import dagster as dg

PROCESS_TAG = "vectorless/process"
HOST_TAG = "vectorless/host"


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux), "" elsewhere, None if gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[19]
    except FileNotFoundError:
        return None
    except (OSError, IndexError):
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return ""


def process_tags() -> dict[str, str]:
    """Tags naming this process, for the runs it executes itself."""
    host = socket.gethostname()
    return {HOST_TAG: host, PROCESS_TAG: f"{host}:{os.getpid()}:{_start_time(os.getpid()) or ''}"}


def _alive(tag: str) -> bool:
    _, pid, started = tag.rsplit(":", 2)
    now = _start_time(int(pid))
    return now is not None and (not started or not now or now == started)


def tag_run_with_process(instance: dg.DagsterInstance, run_id: str) -> None:
    """Tag a run with the process executing it (from inside its step), so that if the process
    dies the run can be marked failed: daemon-launched runs have no such tag at creation."""
    run = instance.get_run_by_id(run_id)
    if run is not None and PROCESS_TAG not in run.tags:
        instance.add_run_tags(run_id, process_tags())


def fail_orphaned_runs(instance: dg.DagsterInstance) -> list[str]:
    """Report failed every started run of a process of this host that is gone; their ids."""
    runs = instance.get_runs(
        filters=dg.RunsFilter(
            statuses=[dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.STARTING],
            tags={HOST_TAG: socket.gethostname()},
        )
    )
    failed = []
    for run in runs:
        tag = run.tags.get(PROCESS_TAG, "")
        if tag.count(":") >= 2 and not _alive(tag):
            instance.report_run_failed(
                run,
                message=(
                    f"the process that ran it ({tag}) is gone (killed?); marked failed by a "
                    "later vectorless start or sensor tick"
                ),
            )
            failed.append(run.run_id)
    return failed
