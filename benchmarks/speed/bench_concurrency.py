"""The concurrency probe (issue 11, item 1): two `vectorless compile` started together.

    python benchmarks/speed/bench_concurrency.py [--trials 20] [--docs 6]

Each trial uses a `DAGSTER_HOME` that does not exist yet, starts `vectorless compile docs
--out ir` twice at the same moment (real subprocesses) and then checks the instance: one
alembic head in `runs.db`, it opens, both commands exited 0, and how many runs were made
(one per document when each document is compiled once). A broken instance is one that
fails any of the first two checks. Prints one line per trial and a summary.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXE = str(Path(sys.executable).with_name("vectorless"))


def _docs(folder: Path, n: int) -> None:
    folder.mkdir()
    for i in range(n):
        (folder / f"doc{i}.md").write_text(
            f"# Document {i}\n\nText {i}.\n\n## Part\n\nMore text {i}.\n"
        )


def _check(home: Path) -> tuple[bool, int, str]:
    """(instance healthy, runs, problem)."""
    try:
        with sqlite3.connect(home / "history" / "runs.db") as db:
            heads = db.execute("SELECT count(*) FROM alembic_version").fetchone()[0]
    except sqlite3.Error as exc:
        return False, 0, f"runs.db: {exc}"
    if heads != 1:
        return False, 0, f"{heads} alembic heads"
    code = (
        "import dagster as dg, sys; i = "
        "dg.DagsterInstance.from_config(sys.argv[1]); print(len(i.get_runs()))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(home)], capture_output=True, text=True)
    if out.returncode != 0:
        return False, 0, out.stderr.strip().splitlines()[-1]
    return True, int(out.stdout.strip().splitlines()[-1]), ""


def trial(base: Path, docs: int) -> dict[str, object]:
    work = Path(tempfile.mkdtemp(dir=base))
    _docs(work / "docs", docs)
    env = {**os.environ, "DAGSTER_HOME": str(work / "home")}
    t0 = time.perf_counter()
    procs = [
        subprocess.Popen(
            [EXE, "compile", "-q", "docs", "--out", "ir"],
            cwd=work,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [p.communicate() for p in procs]
    seconds = time.perf_counter() - t0
    healthy, runs, problem = _check(work / "home")
    codes = [p.returncode for p in procs]
    if not all(c == 0 for c in codes):
        lines = next(
            (err.strip().splitlines() for (_, err), c in zip(outs, codes, strict=True) if c != 0),
            [],
        )
        problem = f"{problem}; command: {lines[-1] if lines else 'no output'}".lstrip("; ")
    shutil.rmtree(work, ignore_errors=True)
    return {"healthy": healthy, "exit": codes, "runs": runs, "seconds": seconds, "problem": problem}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--docs", type=int, default=6)
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="bench-concurrency-"))
    results = []
    for i in range(args.trials):
        r = trial(base, args.docs)
        results.append(r)
        print(
            (
                f"trial {i + 1:2d}: healthy={r['healthy']} exit={r['exit']} "
                f"runs={r['runs']} ({r['seconds']:.1f} s) {r['problem']}"
            ),
            flush=True,
        )
    shutil.rmtree(base, ignore_errors=True)
    broken = sum(not r["healthy"] for r in results)
    failed = sum(any(c != 0 for c in r["exit"]) for r in results)
    extra = sum(max(0, int(r["runs"]) - args.docs) for r in results)
    print(
        f"{args.trials} trials, {args.docs} documents each: {broken} broken "
        f"instances, {failed} trials with a failed command, {extra} runs beyond "
        "one per document"
    )


if __name__ == "__main__":
    main()
