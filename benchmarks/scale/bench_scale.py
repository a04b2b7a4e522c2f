"""Dagster at scale: N generated documents found by the documents sensor and compiled by the
batched runs it requests, on SQLite (the shipped dagster.yaml) or PostgreSQL.

    python benchmarks/scale/bench_scale.py --docs 10000                 # SQLite, mode fast
    python benchmarks/scale/bench_scale.py --docs 10000 --postgres postgresql+psycopg2://u@h:5432/db
        # PostgreSQL: wipes its Dagster tables
    python benchmarks/scale/bench_scale.py --docs 300 --keep        # small check, keep the folder

Documents: the text of a Markdown file of the shared corpus picked at random (seeded; files up
to 1 MB, so sizes follow the corpus: median ≈ 1 KB, p90 ≈ 17 KB) under a heading naming the
document, 500 per folder. Steps, timed: sensor ticks until the scan is complete (its
partitions and observations applied as the daemon applies them), then every requested run
executed in process, one after another (what the daemon's run queue would start; with the
shipped limits at most 2 batched runs at once). Reported: total time, s/doc, runs created,
instance size on disk, IR size, and the GraphQL queries behind the asset page and its
partitions view (timed in process against the same instance and definitions).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import MD, ROOT, require  # noqa: E402

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
ASSET_PAGE = """query AssetPage($key: AssetKeyInput!) { assetNodeOrError(assetKey: $key) { ... on
  AssetNode {
  id partitionKeysByDimension { name partitionKeys } partitionStats { numMaterialized numPartitions
  numFailed numMaterializing }
  assetMaterializations(limit: 1) { runId partition timestamp } } } }"""
PARTITIONS_VIEW = """query Partitions($key: AssetKeyInput!) { assetNodeOrError(assetKey: $key) { ...
  on AssetNode {
  id assetPartitionStatuses { ... on DefaultPartitionStatuses { materializedPartitions
  failedPartitions unmaterializedPartitions materializingPartitions } } } } }"""


def generate(docs: Path, n: int, seed: int = 12) -> int:
    """`n` documents under `docs` (texts of the corpus, headed by their number); total bytes."""
    pool = sorted(
        p for p in MD.rglob("*.md") if "large" not in p.parts and p.stat().st_size <= 1_000_000
    )
    rng = random.Random(seed)
    total = 0
    for i in range(n):
        text = f"# Document {i}\n\n" + rng.choice(pool).read_text(
            encoding="utf-8", errors="replace"
        )
        path = docs / f"part{i // 500:03}" / f"doc{i:05}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        total += path.write_text(text, encoding="utf-8")
    return total


def _home(base: Path, postgres: str) -> Path:
    home = base / "home"
    home.mkdir()
    config = (ROOT / "dagster.yaml").read_text(encoding="utf-8")
    if postgres:  # as docs/dagster.md deploys: PostgreSQL with the batching event log
        from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

        config += postgres_storage_yaml(postgres)
    (home / "dagster.yaml").write_text(config, encoding="utf-8")
    return home


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def tick(defs, instance, settings, cursor: str | None):  # noqa: ANN001, ANN201
    """One documents-sensor tick, its partitions and observations applied as the daemon
    applies them: (the `SensorResult`, seconds evaluating it, seconds applying it)."""
    import dagster as dg

    from vectorless_assets.orchestration.base.keys import SENSOR_NAME
    from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore

    resources = {
        "documents": DocumentsRoot(path=settings.docs_dir),
        "ir_store": IRStore(path=settings.ir_dir),
    }
    context = dg.build_sensor_context(
        instance=instance, cursor=cursor, resources=resources, definitions=defs
    )
    t0 = time.perf_counter()
    result = defs.resolve_sensor_def(SENSOR_NAME)(context)
    t1 = time.perf_counter()
    for request in result.dynamic_partitions_requests or []:  # as the daemon applies them
        instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
    for event in result.asset_events or []:
        instance.report_runless_asset_event(event)
    return result, t1 - t0, time.perf_counter() - t1


def sense(defs, instance, settings) -> tuple[list, int, float]:
    """Sensor ticks until a complete scan finds nothing new: run requests, ticks, seconds."""
    cursor, requests, ticks, t0 = None, [], 0, time.perf_counter()
    while True:
        result, _, _ = tick(defs, instance, settings, cursor)
        ticks += 1
        requests += result.run_requests or []
        done = cursor == result.cursor or not (result.run_requests or result.asset_events)
        cursor = result.cursor
        print(
            (
                f"  tick {ticks}: {len(result.run_requests or [])} run requests, "
                f"{len(result.asset_events or [])} observations, "
                f"{time.perf_counter() - t0:.1f} s"
            ),
            flush=True,
        )
        if done and ticks > 1:
            return requests, ticks, time.perf_counter() - t0


def graphql_times(instance, env: dict[str, str], repeats: int = 3) -> dict[str, float]:
    """Best of `repeats` seconds of the asset page and partitions view queries (asset `tree`)."""
    from dagster._core.workspace.context import WorkspaceProcessContext
    from dagster._core.workspace.load_target import ModuleTarget
    from dagster_graphql.test.utils import execute_dagster_graphql

    os.environ.update(env)
    target = ModuleTarget(
        module_name="vectorless_assets.orchestration.definitions",
        attribute="defs",
        working_directory=str(ROOT),
        location_name="vectorless",
    )
    out: dict[str, float] = {}
    with WorkspaceProcessContext(instance, target) as process_context:
        context = process_context.create_request_context()
        for name, query in (("asset page", ASSET_PAGE), ("partitions view", PARTITIONS_VIEW)):
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                result = execute_dagster_graphql(context, query, {"key": {"path": ["tree"]}})
                times.append(time.perf_counter() - t0)
                assert not result.errors, result.errors
            out[name] = min(times)
        node = execute_dagster_graphql(context, PARTITIONS_VIEW, {"key": {"path": ["tree"]}}).data[
            "assetNodeOrError"
        ]
        out["materialized partitions"] = len(
            node["assetPartitionStatuses"]["materializedPartitions"]
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=10000)
    ap.add_argument(
        "--postgres", default="", help="PostgreSQL URL (its Dagster tables are wiped first)"
    )
    ap.add_argument("--mode", default="fast")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args(argv)
    require(MD)
    warnings.simplefilter("ignore")
    import dagster as dg

    from vectorless_assets.options import CompileOptions
    from vectorless_assets.orchestration.base.settings import Settings
    from vectorless_assets.orchestration.definitions import build_defs

    base = Path(tempfile.mkdtemp(prefix="bench_scale_"))
    docs, ir_dir = base / "docs", base / "ir"
    size = generate(docs, args.docs)
    print(
        f"{args.docs} documents, {size / 1e6:.1f} MB, in {docs}; storage "
        f"{'PostgreSQL' if args.postgres else 'SQLite (shipped dagster.yaml)'}, "
        f"mode {args.mode}"
    )
    home = _home(base, args.postgres)
    env = {
        "DAGSTER_HOME": str(home),
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(ir_dir),
        "VECTORLESS_MODE": args.mode,
    }
    os.environ.update(env)
    settings = Settings.create(docs_dir=docs, ir_dir=ir_dir, options=CompileOptions(mode=args.mode))
    defs = build_defs(settings)
    with dg.DagsterInstance.from_config(str(home)) as instance:
        if args.postgres:
            instance.wipe()
            instance.event_log_storage.wipe()
        t_start = time.perf_counter()
        requests, ticks, t_sense = sense(defs, instance, settings)
        docs_requested = sum(int(r.tags.get("vectorless/documents", "1")) for r in requests)
        print(
            f"sensor: {ticks} ticks, {t_sense:.1f} s, {len(requests)} run requests "
            f"for {docs_requested} documents"
        )
        t0 = time.perf_counter()
        failed = 0
        for i, request in enumerate(requests):
            job = defs.resolve_job_def(request.job_name)
            kw = (
                {
                    "partition_key": request.partition_key,
                    "asset_selection": list(request.asset_selection or []),
                }
                if request.partition_key
                else {}
            )
            result = job.execute_in_process(
                instance=instance,
                run_config={**QUIET, **(request.run_config or {})},
                tags=dict(request.tags),
                raise_on_error=False,
                **kw,
            )
            failed += not result.success
            done = time.perf_counter() - t0
            print(
                (
                    f"  run {i + 1}/{len(requests)}: "
                    f"{'ok' if result.success else 'FAILED'}, {done:.0f} s so far"
                ),
                flush=True,
            )
        t_runs = time.perf_counter() - t0
        total = time.perf_counter() - t_start
        irs = len(list(ir_dir.glob("*.bin")))
        runs = instance.get_runs_count()
        disk = _du(home)
        if args.postgres:
            from sqlalchemy import create_engine, text

            with create_engine(args.postgres).connect() as conn:
                disk += conn.execute(
                    text("select pg_database_size(current_database())")
                ).scalar_one()
        gql = graphql_times(instance, env)
    print(f"\n| what | result |\n|---|---|\n| documents | {args.docs} ({size / 1e6:.1f} MB) |")
    print(f"| sensor ticks until the scan completed | {ticks}, {t_sense:.1f} s |")
    print(f"| runs created | {runs} ({failed} failed) |")
    print(f"| compile runs | {t_runs:.1f} s ({t_runs / args.docs:.3f} s/doc) |")
    print(
        f"| total (ticks + runs) | {total:.1f} s ({total / args.docs:.3f} "
        f"s/doc, {total / 60:.1f} min) |"
    )
    print(f"| IR files | {irs} ({_du(ir_dir) / 1e6:.1f} MB with the field values) |")
    print(
        f"| instance size on disk | {disk / 1e6:.1f} "
        f"MB{' (home + PostgreSQL database)' if args.postgres else ''} |"
    )
    print(f"| GraphQL asset page (`tree`) | {gql['asset page']:.2f} s |")
    print(
        f"| GraphQL partitions view (`tree`) | {gql['partitions view']:.2f} s "
        f"({gql['materialized partitions']} materialized partitions) |"
    )
    if args.keep:
        print(f"kept {base}")
    else:
        shutil.rmtree(base, ignore_errors=True)
    return 0 if failed == 0 and irs == args.docs else 1


if __name__ == "__main__":
    sys.exit(main())
