"""Automation costs: sensor tick at N documents, pass-version bump over a corpus, dagster dev
latency.

    python benchmarks/scale/bench_automation.py ticks --docs 2000   # tick cost (generated docs
    in /tmp)
    python benchmarks/scale/bench_automation.py bump [--root ../shared/corpus/md/rust-book/src]
    python benchmarks/scale/bench_automation.py dev                 # drop/edit -> IR with
    `dagster dev`

Every mode uses a fresh SQLite instance (Dagster's default storage) in a temporary folder.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime
from pathlib import Path

import dagster as dg

from vectorless_assets.orchestration.base.keys import SCHEDULE_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs import recompile as batch
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import ROOT, RUST_BOOK  # noqa: E402
from bench_scale import tick  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.support.dagster_dev import serve  # noqa: E402

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


def _instance(base: Path) -> dg.DagsterInstance:
    (base / "home").mkdir(parents=True, exist_ok=True)
    return dg.DagsterInstance.local_temp(str(base / "home"))


def ticks(n: int) -> None:
    base = Path(tempfile.mkdtemp(prefix="vl-ticks-"))
    docs = base / "docs"
    for i in range(n):
        path = docs / f"d{i // 100:03}" / f"doc{i:05}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"# Document {i}\n\nSome text about topic {i % 37}.\n\n## Part\n\nMore words {i}.\n",
            encoding="utf-8",
        )
    settings = Settings.create(docs_dir=docs, ir_dir=base / "ir")
    defs, instance = build_defs(settings), _instance(base)
    first, s1 = tick(defs, instance, settings, None)[:2]
    print(
        f"first tick, {n} new documents: {s1:.2f} s, {len(first.run_requests)} "
        f"run requests (batched), cursor {len(first.cursor)} B"
    )
    cursor, count, slowest = first.cursor, 1, s1
    while '"pos":""' not in cursor:  # a chunked first pass: resume until the scan wrapped
        more, seconds = tick(defs, instance, settings, cursor)[:2]
        cursor, count, slowest = more.cursor, count + 1, max(slowest, seconds)
    if count > 1:
        print(f"first full pass: {count} ticks, slowest {slowest:.2f} s")
    quiet, s2 = tick(defs, instance, settings, cursor)[:2]
    print(f"steady tick, nothing changed: {s2:.2f} s, {len(quiet.run_requests)} run requests")
    (docs / "d000" / "doc00000.md").write_text("# Document 0\n\nEdited.\n", encoding="utf-8")
    edited, s3 = tick(defs, instance, settings, quiet.cursor)[:2]
    print(f"tick after one edit: {s3:.2f} s, {len(edited.run_requests)} run request(s)")
    shutil.rmtree(base)


def _schedule(
    defs: dg.Definitions, instance: dg.DagsterInstance, settings: Settings
) -> list[dg.RunRequest]:
    resources = {
        "documents": DocumentsRoot(path=settings.docs_dir),
        "ir_store": IRStore(path=settings.ir_dir),
    }
    with dg.build_schedule_context(
        instance=instance, resources=resources, scheduled_execution_time=datetime.now(UTC)
    ) as context:
        result = defs.resolve_schedule_def(SCHEDULE_NAME)(context)
    return [] if isinstance(result, dg.SkipReason) else list(result)


def _run_all(
    defs: dg.Definitions, instance: dg.DagsterInstance, requests: list[dg.RunRequest]
) -> None:
    job = defs.resolve_job_def(batch.RECOMPILE_JOB)
    for request in requests:
        result = job.execute_in_process(
            instance=instance, run_config={**QUIET, **request.run_config}, raise_on_error=False
        )
        assert result.success


def bump(root: str, pass_name: str) -> None:
    base = Path(tempfile.mkdtemp(prefix="vl-bump-"))
    settings = Settings.create(docs_dir=root, ir_dir=base / "ir")
    defs, instance = build_defs(settings), _instance(base)
    t0 = time.perf_counter()
    requests = _schedule(defs, instance, settings)
    _run_all(defs, instance, requests)
    print(f"initial compile: {len(requests)} run(s), {time.perf_counter() - t0:.1f} s")
    spec = settings.table.by_name[pass_name]
    settings = dataclasses.replace(
        settings, table=settings.table.replaced(pass_name, version=spec.version + ".1")
    )
    defs = build_defs(settings)
    t0 = time.perf_counter()
    requests = _schedule(defs, instance, settings)
    t_plan = time.perf_counter() - t0
    _run_all(defs, instance, requests)
    docs = sum(len(r.run_config["ops"]["recompile"]["config"]["documents"]) for r in requests)
    print(
        f"pass '{pass_name}' bumped: schedule tick {t_plan:.2f} s -> "
        f"{len(requests)} run(s) over {docs} documents; total "
        f"{time.perf_counter() - t0:.1f} s"
    )
    shutil.rmtree(base)


def dev() -> None:
    base = Path(tempfile.mkdtemp(prefix="vl-dev-"))
    docs, home, ir_dir = base / "docs", base / "home", base / "ir"
    docs.mkdir()
    interval = os.environ.get("VECTORLESS_SENSOR_INTERVAL", "10")
    env = {
        "DAGSTER_HOME": str(home),
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(ir_dir),
        "VECTORLESS_SENSOR": "on",
        "VECTORLESS_SENSOR_INTERVAL": interval,
    }
    dagster = str(Path(sys.executable).with_name("dagster"))
    try:
        with serve([dagster, "dev", "-w", "workspace.yaml"], ROOT, base, env, grace=60):
            time.sleep(5)
            ir = ir_dir / f"{key_to_doc_id('dropped.md')}.bin"
            t0 = time.monotonic()
            (docs / "dropped.md").write_text("# Dropped\n\nText.\n", encoding="utf-8")
            _until(ir.exists)
            drop = time.monotonic() - t0
            mtime = ir.stat().st_mtime_ns
            t0 = time.monotonic()
            (docs / "dropped.md").write_text("# Dropped\n\nText, edited.\n", encoding="utf-8")
            _until(lambda: ir.stat().st_mtime_ns != mtime)
            edit = time.monotonic() - t0
            time.sleep(10)  # any further run would show up now
            with dg.DagsterInstance.from_config(str(home)) as instance:
                runs = len(instance.get_run_records())
        print(
            f"dagster dev, sensor interval {interval} s: drop->IR {drop:.1f} s, "
            f"edit->IR {edit:.1f} s, runs created {runs} (one per change)"
        )
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _until(predicate, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except Exception:  # noqa: BLE001 - retried until the deadline
            pass
        time.sleep(0.2)
    raise TimeoutError


def main() -> None:
    warnings.simplefilter("ignore")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    sub.add_parser("ticks").add_argument("--docs", type=int, default=2000)
    b = sub.add_parser("bump")
    b.add_argument("--root", default=str(RUST_BOOK))
    b.add_argument("--pass-name", default="split")
    sub.add_parser("dev")
    args = parser.parse_args()
    if args.mode == "ticks":
        ticks(args.docs)
    elif args.mode == "bump":
        bump(args.root, args.pass_name)
    else:
        dev()


if __name__ == "__main__":
    main()
