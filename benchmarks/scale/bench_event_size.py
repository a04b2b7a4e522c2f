"""What Dagster's bookkeeping costs on disk per compiled document, and what fills it.

Run by hand (about a minute), before and after a change, with the same command::

    python benchmarks/scale/bench_event_size.py       # the 101 ch*.md chapters of the Rust book
    python benchmarks/scale/bench_event_size.py --limit 20 --json

Steps: the chapters are copied to a temporary folder; a fresh DAGSTER_HOME gets the shipped
`dagster.yaml`; the empty instance is opened once (its databases created: the baseline);
`vectorless compile <folder>` runs as a user runs it (a subprocess, fast mode); then:

* instance growth (every file under DAGSTER_HOME) per document, and after `VACUUM` of each
  SQLite file (what free pages cost);
* the IR folder's size per document (the compiled data itself, for scale);
* SQLite space per table and index (the `dbstat` virtual table, when SQLite has it);
* event rows per document (run shards and the index shard separately: SQLite's storage copies
  every asset and check event into the index shard) and bytes per event kind, with what fills
  a materialization (its tags, split into provenance inputs and the rest; its metadata, per
  label) and an evaluation (its metadata).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import RUST_BOOK, require  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
INPUT_TAGS = ("dagster/input_data_version/", "dagster/input_event_pointer/")


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _dbs(home: Path) -> list[Path]:
    return sorted(p for p in home.rglob("*.db") if p.is_file())


def _table_bytes(dbs: list[Path]) -> dict[str, int]:
    """Bytes per table/index over all SQLite files (pages in use, from `dbstat`)."""
    out: Counter[str] = Counter()
    for db in dbs:
        with sqlite3.connect(db) as conn:
            try:
                rows = conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
            except sqlite3.OperationalError:  # SQLite without dbstat
                return {}
        for name, size in rows:
            out[name] += size
    return dict(out.most_common())


def _size(value: object) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def _event_kinds(dbs: list[Path]) -> dict[str, object]:
    """Rows and bytes of the `event` column per shard kind and event type, and what fills
    materializations, observations and check evaluations."""
    rows: Counter[str] = Counter()
    size: Counter[str] = Counter()
    parts: dict[str, Counter[str]] = defaultdict(Counter)
    for db in dbs:
        shard = "index" if db.name == "index.db" else "run"
        with sqlite3.connect(db) as conn:
            try:
                found = conn.execute("SELECT dagster_event_type, event FROM event_logs").fetchall()
            except sqlite3.OperationalError:
                continue
        for kind, text in found:
            kind = kind or "log message"
            rows[f"{shard}:{kind}"] += 1
            size[f"{shard}:{kind}"] += len(text)
            if shard != "run":
                continue
            data = (json.loads(text).get("dagster_event") or {}).get("event_specific_data") or {}
            event = data.get("materialization") or data.get("asset_observation") or data
            tags = event.get("tags") or {}
            inputs = {k: v for k, v in tags.items() if k.startswith(INPUT_TAGS)}
            counter = parts[kind]
            counter["event"] += len(text)
            counter["tags: provenance inputs"] += _size(inputs) if inputs else 0
            counter["tags: other"] += _size({k: v for k, v in tags.items() if k not in inputs})
            metadata = event.get("metadata") or event.get("metadata_entries") or {}
            if isinstance(metadata, list):  # Dagster's stored form: a list of labelled entries
                metadata = {entry["label"]: entry for entry in metadata}
            counter["metadata"] += _size(metadata)
            for label, value in metadata.items():
                counter[f"metadata[{label}]"] += _size(value)
            envelope = json.loads(text).get("dagster_event") or {}
            for part in ("logging_tags", "step_handle", "solid_handle", "message"):
                counter[f"envelope: {part}"] += _size(envelope.get(part))
    return {
        "rows": dict(rows.most_common()),
        "bytes": dict(size.most_common()),
        "inside": {k: dict(v.most_common()) for k, v in parts.items()},
    }


def _vacuumed(dbs: list[Path]) -> int:
    for db in dbs:
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("VACUUM")
    return sum(db.stat().st_size for db in dbs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=RUST_BOOK)
    ap.add_argument("--glob", default="ch*.md")
    ap.add_argument("--limit", type=int, default=0, help="only the first N chapters (0 = all)")
    ap.add_argument("--mode", default="fast")
    ap.add_argument("--json", action="store_true", help="the full measurement as JSON")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args(argv)
    files = sorted(require(args.corpus).glob(args.glob))
    files = files[: args.limit] if args.limit else files
    work = Path(tempfile.mkdtemp(prefix="vl-event-size-"))
    try:
        docs, home, ir = work / "docs", work / "home", work / "ir"
        docs.mkdir()
        home.mkdir()
        for f in files:
            shutil.copy(f, docs / f.name)
        shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
        env = {**os.environ, "DAGSTER_HOME": str(home), "VECTORLESS_MODE": args.mode}
        open_instance = "import dagster as dg; dg.DagsterInstance.get().dispose()"
        subprocess.run([sys.executable, "-c", open_instance], env=env, check=True)
        before = _du(home)
        cmd = [sys.executable, "-c", "from vectorless_assets.cli import main; main()", "compile"]
        cmd.append(str(docs))
        t0 = time.perf_counter()
        subprocess.run(
            [*cmd, "--out", str(ir), "-q"], env=env, check=True, cwd=work, stdout=subprocess.DEVNULL
        )
        secs = time.perf_counter() - t0
        n = len(files)
        dbs = _dbs(home)
        grown = _du(home) - before
        kinds = _event_kinds(dbs)
        tables = _table_bytes(dbs)
        vacuumed = _vacuumed(dbs) - before
        run_rows = sum(v for k, v in kinds["rows"].items() if k.startswith("run:"))
        index_rows = sum(v for k, v in kinds["rows"].items() if k.startswith("index:"))
        result = {
            "documents": n,
            "compile_s": round(secs, 1),
            "instance_growth_kb_per_doc": round(grown / n / 1024, 1),
            "after_vacuum_kb_per_doc": round(vacuumed / n / 1024, 1),
            "ir_kb_per_doc": round(_du(ir) / n / 1024, 1),
            "run_event_rows_per_doc": round(run_rows / n, 1),
            "index_event_rows_per_doc": round(index_rows / n, 1),
            "tables_kb": {k: round(v / 1024) for k, v in tables.items()},
            **kinds,
        }
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}", file=sys.stderr)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for key in list(result)[:7]:
        print(f"{key:30} {result[key]}")
    print("\nSQLite space (KB) per table/index:")
    for name, kb in list(result["tables_kb"].items())[:12]:
        print(f"  {name:48} {kb:8}")
    print("\nevent rows and bytes per document, per shard:kind:")
    for kind, count in result["rows"].items():
        print(f"  {kind:48} {count / n:7.1f} rows {result['bytes'][kind] / n / 1024:8.1f} KB")
    print("\ninside run-shard events (KB per document):")
    for kind, counter in result["inside"].items():
        shown = {k: round(v / n / 1024, 2) for k, v in counter.items() if v}
        print(f"  {kind}: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
