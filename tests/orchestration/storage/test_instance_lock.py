"""Two processes opening a new instance at once cannot break it (issue 11, item 1).

Before: with a `DAGSTER_HOME` that did not exist, two `vectorless compile` started together
could leave `runs.db` with two alembic heads or crash one ("table snapshots already
exists"). Reproduced deterministically: both processes pass a barrier, then open the
instance; the run storage's creation is slowed down so that, without the instance lock,
the two creations always overlap.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import time
from pathlib import Path

import dagster as dg
from dagster._core.storage.runs.sqlite.sqlite_run_storage import SqliteRunStorage

from vectorless_assets.orchestration.storage import instance as instance_mod


def _open_after_barrier(home: str, barrier, log: str) -> None:  # noqa: ANN001 - multiprocessing proxies
    original = SqliteRunStorage.from_local.__func__

    def slow_from_local(cls, *args, **kwargs):  # noqa: ANN001, ANN202
        start = time.monotonic()
        time.sleep(0.4)  # widen the window two creations share
        storage = original(cls, *args, **kwargs)
        with open(log, "a") as fh:
            fh.write(f"{start} {time.monotonic()}\n")
        return storage

    SqliteRunStorage.from_local = classmethod(slow_from_local)
    barrier.wait()
    with instance_mod.open_instance(Path(home)) as instance:
        instance.add_dynamic_partitions("documents", ["a.md"])


def test_concurrent_first_opens_are_serialised_and_leave_one_alembic_head(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    home, log = tmp_path / "new-home", tmp_path / "intervals.txt"
    barrier = ctx.Barrier(2)
    procs = [
        ctx.Process(target=_open_after_barrier, args=(str(home), barrier, str(log)))
        for _ in range(2)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    (a0, a1), (b0, b1) = sorted(
        tuple(map(float, line.split())) for line in log.read_text().splitlines()
    )
    assert a1 <= b0, "the two instance creations overlapped"
    with sqlite3.connect(home / "history" / "runs.db") as db:
        assert db.execute("SELECT count(*) FROM alembic_version").fetchone()[0] == 1
    with dg.DagsterInstance.from_config(str(home)) as instance:
        assert instance.get_dynamic_partitions("documents") == ["a.md"]
        assert list(instance.get_runs()) == []
