"""Concurrent CLI compiles do each document once; a killed compile's runs do not stay STARTED
(issue 11, items 1 and 9).

Deterministic: both processes pass a barrier and every plan is followed by a pause, so
without the per-document lock both would plan (and run) every document.
"""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import dagster as dg

from tests.support.processes import kill_once_started
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.batch import document_runs, pool
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.storage.instance import open_instance

DOCS = {
    f"doc{i}.md": f"# Document {i}\n\nText of document {i}.\n\n## Part\n\nMore text {i}.\n"
    for i in range(3)
}


def _docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in DOCS.items():
        (docs / name).write_text(text)
    return docs


def _compile_after_barrier(tmp: str, barrier, out: str) -> None:  # noqa: ANN001
    plan = document_runs.select_assets

    def slow_plan(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        result = plan(*args, **kwargs)
        time.sleep(0.3)  # the window in which another process would plan the same document
        return result

    document_runs.select_assets = slow_plan
    with open_instance(Path(tmp) / "home") as instance:
        barrier.wait()
        results = compile_paths(
            sorted(Path(tmp, "docs").iterdir()),
            docs_root=Path(tmp) / "docs",
            ir_dir=Path(tmp) / "ir",
            instance=instance,
        )
    Path(out).write_text(" ".join(r.status for r in results))


def test_two_processes_compile_each_document_once(tmp_path: Path) -> None:
    _docs(tmp_path)
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(2)
    outs = [tmp_path / f"out{i}.txt" for i in range(2)]
    procs = [
        ctx.Process(target=_compile_after_barrier, args=(str(tmp_path), barrier, str(o)))
        for o in outs
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    statuses = " ".join(o.read_text() for o in outs).split()
    assert sorted(statuses) == ["compiled"] * 3 + ["skipped"] * 3
    with dg.DagsterInstance.from_config(str(tmp_path / "home")) as instance:
        assert len(instance.get_runs()) == 2  # one run per process
    assert len([load_ir(p) for p in (tmp_path / "ir").glob("*.bin")]) == len(DOCS)


def _compile_and_hang(tmp: str) -> None:
    def hang(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        Path(tmp, "started").touch()
        time.sleep(120)

    pool.compute = hang
    with open_instance(Path(tmp) / "home") as instance:
        compile_paths(
            [Path(tmp) / "docs" / "doc0.md"],
            docs_root=Path(tmp) / "docs",
            ir_dir=Path(tmp) / "ir",
            instance=instance,
        )


def test_a_killed_cli_compile_is_marked_failed_at_the_next_start(tmp_path: Path) -> None:
    _docs(tmp_path)
    kill_once_started(_compile_and_hang, (str(tmp_path),), tmp_path / "started")
    with open_instance(tmp_path / "home") as instance:
        [run] = instance.get_runs()
        assert run.status == dg.DagsterRunStatus.STARTED
        [res] = compile_paths(
            [tmp_path / "docs" / "doc0.md"],
            docs_root=tmp_path / "docs",
            ir_dir=tmp_path / "ir",
            instance=instance,
        )
        assert res.status == "compiled"
        killed = instance.get_run_by_id(run.run_id)
        assert killed.status == dg.DagsterRunStatus.FAILURE
        assert {r.status for r in instance.get_runs()} == {
            dg.DagsterRunStatus.FAILURE,
            dg.DagsterRunStatus.SUCCESS,
        }
