"""A hundred thousand documents on PostgreSQL: Dagster's bookkeeping per step (issue 40).

Run by hand (about 3 hours at 100,000 documents on 2 quiet cores: docs/deployment.md)::

    python benchmarks/scale/bench_100k.py --dir /data/bench100k           # 100,000 documents
    python benchmarks/scale/bench_100k.py --dir /tmp/b5k --docs 5000      # a check
    python benchmarks/scale/bench_100k.py --dir /data/bench100k           # after a kill: resumes

One configuration: a PostgreSQL server started from the work folder (`<dir>/pg`, Debian's
binaries as `bench_distributed.postgres` starts them; `fsync=off`), the batching event log
(`pg_event_log.postgres_storage_yaml`), mode fast. `<dir>/state.json` records each finished
step and the progress of the one under way (`_resume`): a rerun skips what finished and
resumes a step where it stopped (the sensor's cursor, the next run to execute). Stop it with
`kill` (a PostgreSQL server left running is stopped at the next start): a Ctrl-C during a run
only fails that run (Dagster turns the interrupt into a failed run) and the step goes on;
failed runs are executed once more at the end of their step. Steps:

1. `generate`: N documents, texts of the shared Markdown corpus (`bench_scale.generate`:
   sizes follow the corpus, median ≈ 1 KB);
2. `sense`: documents-sensor ticks (`bench_scale.tick`: partitions and observations applied
   as the daemon applies them) until the first full pass completes;
3. `compile`: the batched runs it requested, executed one after another in process;
4. `tick_unchanged`: two ticks over the unchanged files (the first reads the new IR records);
5. `edit_write`, `edit_sense`, `edit_compile`: 1% of the documents edited, found by ticks
   and recompiled by their runs (end to end = the two times added);
6. `graphql`, `backfill` on `dagster dev` (webserver + daemon, same instance): the asset
   page's partition queries over HTTP (`_ui_queries`), then "Materialize all" over every
   partition launched as the UI launches it (`launchPartitionBackfill`, every partition key,
   every materializable asset), the backfill daemon watched `--watch` seconds, cancelled.

Each step reports its time, the instance's size (database + `$DAGSTER_HOME`) and event rows,
and what broke; the table at the end gives them per document.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import MD, ROOT, require  # noqa: E402
from _resume import RunState, run_step  # noqa: E402
from _steps import Bench  # noqa: E402

sys.path[:0] = [str(ROOT)]


def _report(state: RunState, n: int) -> None:
    """The table of the finished steps: time, growth and rows per document of the step."""
    print(
        "\n| step | documents | seconds | s/doc | instance MB | KB/doc | event rows | rows/doc "
        "| notes |\n|---|---|---|---|---|---|---|---|---|"
    )
    before = {"instance_bytes": 0, "event_rows": 0}
    for step, r in state.finished():
        docs = r.get("documents") or 0
        seconds = r.get("seconds")
        grow = r.get("instance_bytes", before["instance_bytes"]) - before["instance_bytes"]
        rows = r.get("event_rows", before["event_rows"]) - before["event_rows"]
        per = lambda v, d=docs: f"{v / d:.1f}" if d else ""  # noqa: E731
        skip = {"documents", "seconds", "instance_bytes", "event_rows", "cursor", "next"}
        notes = "; ".join(
            f"{k} {round(v, 2) if isinstance(v, float) else v}"
            for k, v in r.items()
            if k not in skip
        )
        print(
            f"| {step} | {docs} | {seconds if seconds is not None else ''} | "
            f"{f'{seconds / docs:.4f}' if docs and seconds else ''} | "
            f"{r.get('instance_bytes', 0) / 1e6:.1f} | {per(grow / 1e3)} | "
            f"{r.get('event_rows', '')} | {per(rows)} | {notes[:400]} |"
        )
        if "instance_bytes" in r:
            before = {"instance_bytes": r["instance_bytes"], "event_rows": r["event_rows"]}
    print(f"\n{n} documents; state in {state.path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", type=Path, required=True, help="work folder (state, PostgreSQL)")
    ap.add_argument("--docs", type=int, default=100_000)
    ap.add_argument("--watch", type=float, default=300, help="seconds to watch the backfill")
    ap.add_argument(
        "--cancel-wait", type=float, default=600, help="seconds to wait for the cancellation"
    )
    ap.add_argument("--asset", default="document_ir", help="asset whose page is queried")
    ap.add_argument(
        "--compile-limit",
        type=int,
        default=0,
        help="compile only the first runs covering this many documents (0: all); the later "
        "steps then run over every partition with that many compiled",
    )
    args = ap.parse_args(argv)
    require(MD)
    warnings.simplefilter("ignore")
    work = args.dir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    os.chmod(work, 0o755)  # the server runs as `nobody` when this runs as root
    config = {"docs": args.docs, "mode": "fast"}
    if args.compile_limit:
        config["compile_limit"] = args.compile_limit
    state = RunState(work / "state.json", config)
    with Bench(work, args.docs, state) as bench:
        run_step(state, "generate", bench.generate)
        run_step(state, "sense", lambda p: bench.sense("sense", p))
        run_step(
            state, "compile", lambda p: bench.compile("compile", "sense", p, args.compile_limit)
        )
        run_step(state, "tick_unchanged", bench.tick_unchanged)
        run_step(state, "edit_write", bench.edit)
        run_step(state, "edit_sense", lambda p: bench.sense("edit_sense", p))
        run_step(state, "edit_compile", lambda p: bench.compile("edit_compile", "edit_sense", p))
        edit = state.result("edit_sense")["seconds"] + state.result("edit_compile")["seconds"]
        print(f"1% edited -> recompiled end to end: {edit:.1f} s", flush=True)
        if not (state.done("graphql") and state.done("backfill")):
            with bench.dagster_dev() as port:
                run_step(state, "graphql", lambda p: bench.graphql(port, args.asset))
                run_step(
                    state, "backfill", lambda p: bench.backfill(port, args.watch, args.cancel_wait)
                )
    _report(state, args.docs)
    print(json.dumps({"edit_end_to_end_s": round(edit, 1)}))
    return 0


if __name__ == "__main__":
    t0 = time.perf_counter()
    code = main()
    print(f"this invocation: {time.perf_counter() - t0:.0f} s")
    sys.exit(code)
