"""Orchestration cost: the Rust book's chapters through Dagster vs. in-process `compile_document`.

Run by hand (minutes), e.g.::

    python benchmarks/speed/bench_dagster.py                    # 112 chapters, Dagster's SQLite
    defaults
    python benchmarks/speed/bench_dagster.py --sqlite-sync OFF  # same, fsync-free SQLite
    connections
    python benchmarks/speed/bench_dagster.py --limit 20 --profile 10
    python benchmarks/speed/bench_dagster.py --event-log batching --batched  # the shipped event
    log, + one batched run
    python benchmarks/speed/bench_dagster.py --postgres postgresql+psycopg2://u@host/db --batched

Steps, each on a fresh SQLite instance in a temporary DAGSTER_HOME and a temporary copy of
the chapters (so one can be edited):

1. in process: `compile_document` on every chapter (no Dagster), total seconds;
2. Dagster: `compile_paths` on every chapter (what `vectorless compile` runs:
   register partitions, then ONE in-process `recompile_documents` run over all of them,
   computed by `--workers` processes), total seconds and the ratio to step 1;
3. the same call again with nothing changed (every document skipped);
4. one chapter edited, the same call again (one run);
5. `--batched`: one `recompile_documents` run over every chapter on another fresh instance
   (the sensor's bulk path, built from the whole code location), total seconds and event
   rows per document;

`--workers 1,2` repeats steps 2-5 for each worker count (fresh instances), so one and two
processes are compared in the same run on the same files.
6. `--profile N`: cProfile of N more document runs on a fresh instance, time grouped by
   where it goes (SQLite, Dagster/SQLAlchemy Python, the compiler's passes, JSON files).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import RUST_BOOK as DEFAULT_CORPUS  # noqa: E402

#: CPU seconds of the last `_timed` call (this process and its finished children) and the
#: SQLite write transactions committed during it (`--count-commits`)
LAST = {"cpu": 0.0, "commits": 0}
COMMITS = [0]


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _timed(fn):
    t0, c0, n0 = time.perf_counter(), _cpu(), COMMITS[0]
    out = fn()
    wall = time.perf_counter() - t0
    LAST["cpu"], LAST["commits"] = _cpu() - c0, COMMITS[0] - n0
    return out, wall


def _count_commits() -> None:
    """Count every SQLite COMMIT (a write transaction's end: a read-only one issues none) of
    every SQLAlchemy connection from now on (`COMMITS`)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def traced(stmt: str) -> None:
        if stmt.startswith("COMMIT"):
            COMMITS[0] += 1

    def on_connect(dbapi_connection, _record) -> None:
        if hasattr(dbapi_connection, "set_trace_callback"):
            dbapi_connection.set_trace_callback(traced)

    event.listen(Engine, "connect", on_connect)


NOOP_COMPUTE_LOGS = (
    "compute_logs:\n  module: "
    "dagster._core.storage.noop_compute_log_manager\n  class: "
    "NoOpComputeLogManager\n"
)


BATCHING_EVENT_LOG = (
    "instance_class:\n  module: "
    "vectorless_assets.orchestration.storage.instance_class\n  class: "
    "VectorlessInstance\n"
)
POSTGRES = "storage:\n  postgres:\n    postgres_url: {url}\n"


def _instance(
    home: Path, compute_logs: bool = True, event_log: str = "default", postgres: str = ""
):
    """A fresh instance in `home`: Dagster's SQLite storage (`event_log` "default") or the
    shipped `VectorlessInstance` with `BatchingSqliteEventLogStorage` ("batching"), or PostgreSQL at
    `postgres` (its
    tables are wiped first; "batching": `BatchingPostgresEventLogStorage`)."""
    import dagster as dg

    home.mkdir(parents=True, exist_ok=True)
    extra = "" if compute_logs else NOOP_COMPUTE_LOGS
    if postgres and event_log == "batching":
        from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

        extra += postgres_storage_yaml(postgres)
    elif postgres:
        extra += POSTGRES.format(url=postgres)
    elif event_log == "batching":
        extra += BATCHING_EVENT_LOG
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n" + extra, encoding="utf-8")
    instance = dg.DagsterInstance.from_config(str(home))
    if postgres:
        instance.wipe()
        instance.event_log_storage.wipe()
    return instance


def _batched(
    files: list[Path], docs: Path, work: Path, options, instance, workers: int = 1
) -> tuple[float, int, bool]:
    """One `recompile_documents` run over `files`: seconds, event rows of the run, success."""
    from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB, RECOMPILE_OP
    from vectorless_assets.orchestration.base.settings import Settings
    from vectorless_assets.orchestration.batch.partitions import partition_key_for
    from vectorless_assets.orchestration.compile_paths import relative_key
    from vectorless_assets.orchestration.definitions import build_defs
    from vectorless_assets.orchestration.jobs.local_run import QUIET

    settings = Settings.create(
        docs_dir=docs, ir_dir=work / f"ir-batched-{workers}", options=options, workers=workers
    )
    job = build_defs(settings).resolve_job_def(RECOMPILE_JOB)
    keys = [partition_key_for(relative_key(f, str(docs))) for f in files]
    config = {**QUIET, "ops": {RECOMPILE_OP: {"config": {"documents": keys}}}}
    result, secs = _timed(
        lambda: job.execute_in_process(instance=instance, run_config=config, raise_on_error=False)
    )
    rows = len(instance.all_logs(result.run_id))
    return secs, rows, result.success


def _profile_groups(stats: pstats.Stats) -> dict[str, float]:
    """Own time (tottime) grouped by the kind of work."""
    groups = {
        "sqlite (commit/close/execute/connect)": 0.0,
        "sqlalchemy": 0.0,
        "dagster": 0.0,
        "compiler passes + frontends": 0.0,
        "pydantic / json": 0.0,
        "other": 0.0,
    }
    for (filename, _line, func), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "sqlite3" in func or "sqlite3" in filename:
            key = "sqlite (commit/close/execute/connect)"
        elif "sqlalchemy" in filename:
            key = "sqlalchemy"
        elif "dagster" in filename:
            key = "dagster"
        elif (
            "vectorless_assets/passes" in filename
            or "vectorless_assets/frontends" in filename
            or "vectorless_assets/text/" in filename
            or "markdown_it" in filename
        ):
            key = "compiler passes + frontends"
        elif "pydantic" in filename or "json" in filename:
            key = "pydantic / json"
        else:
            key = "other"
        groups[key] += tottime
    return groups


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=0, help="only the first N chapters (0 = all)")
    ap.add_argument("--sqlite-sync", choices=["FULL", "NORMAL", "OFF"], default="FULL")
    ap.add_argument("--profile", type=int, default=0, help="profile N extra document runs")
    ap.add_argument("--mode", default="fast")
    ap.add_argument(
        "--event-log",
        choices=["default", "batching"],
        default="default",
        help="SQLite event log: Dagster's or BatchingSqliteEventLogStorage",
    )
    ap.add_argument(
        "--postgres",
        default="",
        help="PostgreSQL URL instead of SQLite (its Dagster tables are wiped)",
    )
    ap.add_argument(
        "--batched",
        action="store_true",
        help="also time one recompile_documents run over all documents",
    )
    ap.add_argument(
        "--skip-per-document", action="store_true", help="skip steps 2-4 (one run per document)"
    )
    ap.add_argument("--glob", default="*.md", help="which files of the corpus (e.g. '*.pdf')")
    ap.add_argument(
        "--workers",
        default="1",
        help="worker processes of a run; a comma list compares them (e.g. 1,2)",
    )
    ap.add_argument(
        "--count-commits",
        action="store_true",
        help="count SQLite commits per document (a trace callback: costs some CPU)",
    )
    ap.add_argument(
        "--no-compute-logs",
        action="store_true",
        help="instance without stdout/stderr capture (NoOpComputeLogManager)",
    )
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2

    from vectorless_assets.options import CompileOptions
    from vectorless_assets.orchestration.compile_paths import compile_paths
    from vectorless_assets.pipeline.compile import compile_document

    options = CompileOptions(mode=args.mode)
    if args.count_commits:
        _count_commits()
    work = Path(tempfile.mkdtemp(prefix="bench_dagster_"))
    docs = work / "docs"
    shutil.copytree(args.corpus, docs)
    files = sorted(p for p in docs.rglob(args.glob) if p.is_file())
    if args.limit:
        files = files[: args.limit]
    sync = None if args.sqlite_sync == "FULL" else args.sqlite_sync
    storage = (
        f"PostgreSQL, event log {args.event_log}"
        if args.postgres
        else f"SQLite, event log {args.event_log}, synchronous={args.sqlite_sync}"
    )
    print(
        f"{len(files)} documents from {args.corpus} (mode {args.mode}, "
        f"{storage}, compute logs {'off' if args.no_compute_logs else 'on'}), "
        f"work dir {work}"
    )
    kind = {
        "compute_logs": not args.no_compute_logs,
        "event_log": args.event_log,
        "postgres": args.postgres,
    }

    _, t_inproc = _timed(lambda: [compile_document(f, root=docs, options=options) for f in files])
    n = len(files)
    rows = [("in process `compile_document`", t_inproc, n, "", LAST["cpu"], LAST["commits"])]
    original = {f: f.read_bytes() for f in files}
    for workers in [int(w) for w in args.workers.split(",")]:
        for f, data in original.items():
            f.write_bytes(data)
        if args.batched:
            secs, events, ok = _batched(
                files,
                docs,
                work,
                options,
                _instance(work / f"home-batched-{workers}", **kind),
                workers,
            )
            rows.append(
                (
                    f"batched job, {workers} worker(s)",
                    secs,
                    n,
                    f"{events / n:.1f} event rows per document, success {ok}",
                    LAST["cpu"],
                    LAST["commits"],
                )
            )
        if args.skip_per_document:
            continue
        instance = _instance(work / f"home-{workers}", **kind)

        def run(instance=instance, workers=workers):
            return compile_paths(
                files,
                docs_root=docs,
                ir_dir=work / f"ir-{workers}",
                options=options,
                instance=instance,
                sqlite_synchronous=sync,
                workers=workers,
            )

        first, t_first = _timed(run)
        cost_first = (LAST["cpu"], LAST["commits"])
        second, t_second = _timed(run)
        cost_second = (LAST["cpu"], LAST["commits"])
        edited = files[len(files) // 2]
        edited.write_bytes(original[edited] + b"\n\nOne more paragraph.\n")
        third, t_third = _timed(run)
        cost_third = (LAST["cpu"], LAST["commits"])

        def count(results, status):
            return sum(1 for r in results if r.status == status)

        runs = len(instance.get_run_records())
        rows += [
            (
                f"CLI through Dagster, {workers} worker(s), fresh instance",
                t_first,
                n,
                (
                    f"{count(first, 'compiled')} compiled, {count(first, 'failed')} failed; "
                    f"{runs} runs in all 3 calls"
                ),
                *cost_first,
            ),
            (
                f"CLI through Dagster, {workers} worker(s), nothing changed",
                t_second,
                n,
                f"{count(second, 'skipped')} skipped",
                *cost_second,
            ),
            (
                f"CLI through Dagster, {workers} worker(s), one document changed",
                t_third,
                n,
                f"{count(third, 'compiled')} compiled, {count(third, 'skipped')} skipped",
                *cost_third,
            ),
        ]
        for r in [r for r in first if r.status == "failed"][:5]:
            print(f"failed: {r.document_key}: {r.error}")
    cpu_inproc = rows[0][4]
    print(
        "\n| run | total s | per document ms | ratio to in-process | CPU s | CPU ratio "
        "| commits per document | result |\n|---|---|---|---|---|---|---|---|"
    )
    for name, secs, docs_n, note, cpu, commits in rows:
        counted = f"{commits / docs_n:.1f}" if args.count_commits else "-"
        print(
            f"| {name} | {secs:.2f} | {secs / docs_n * 1000:.1f} | "
            f"{secs / t_inproc:.1f}x | {cpu:.2f} | {cpu / cpu_inproc:.1f}x | {counted} | {note} |"
        )

    if args.profile:
        sample = files[: args.profile]
        home2 = work / "home-profile"
        instance2 = _instance(home2, **kind)
        warm = compile_paths(
            sample[:1],
            docs_root=docs,
            ir_dir=work / "ir2",
            options=options,
            instance=instance2,
            sqlite_synchronous=sync,
        )
        assert warm[0].status == "compiled", warm[0].error
        prof = cProfile.Profile()
        t0 = time.perf_counter()
        prof.enable()
        compile_paths(
            sample[1:],
            docs_root=docs,
            ir_dir=work / "ir2",
            options=options,
            instance=instance2,
            sqlite_synchronous=sync,
        )
        prof.disable()
        wall = time.perf_counter() - t0
        stats = pstats.Stats(prof)
        total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
        print(
            f"\nprofile of {len(sample) - 1} document runs: {wall:.2f} s wall "
            f"({wall / max(1, len(sample) - 1) * 1000:.0f} ms per document)"
        )
        print("| where | own time s | share |\n|---|---|---|")
        for key, secs in sorted(_profile_groups(stats).items(), key=lambda kv: -kv[1]):
            print(f"| {key} | {secs:.2f} | {secs / total:.0%} |")
        print("\ntop functions by own time:")
        stats.sort_stats("tottime").print_stats(12)
    if os.environ.get("BENCH_KEEP") != "1":
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
