"""The UI's paths at scale: a "Materialize all" backfill vs. the batched job, on `dagster dev`.

Run by hand (minutes), e.g.::

    python benchmarks/scale/bench_backfill.py --docs 200,1000

For each document count N: N generated Markdown documents (about `--kb` KB each), a fresh
`DAGSTER_HOME` with the shipped `dagster.yaml`, the partitions registered and the sources
observed as the documents sensor does, then one `dagster dev -w workspace.yaml` per path:

1. backfill: "Materialize all" over every partition, launched the way the UI launches it
   (GraphQL `launchPartitionBackfill` with every partition and every compile asset); the
   backfill daemon launches one run per chunk of `VECTORLESS_BACKFILL_CHUNK` documents;
2. batched: the `recompile_documents` job launched from the Launchpad (GraphQL `launchRun`,
   empty config: every document under the root).

Each is timed from the launch to the last IR file written (and every run finished); the
table gives both, their ratio, the runs each created and the per-partition data versions
of `tree` (distinct per document).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from _ui_queries import post

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.support.dagster_dev import serve, wait_for  # noqa: E402

FINISHED = {"SUCCESS", "FAILURE", "CANCELED"}


def _documents(folder: Path, n: int, kb: int) -> list[str]:
    folder.mkdir(parents=True)
    names = []
    for i in range(n):
        parts = [f"# Document {i}\n\nAbout topic {i % 97} and item {i}.\n"]
        for s in range(max(1, kb // 2)):
            words = " ".join(f"word{(i * 7 + s * 13 + k) % 503}" for k in range(60))
            parts.append(
                f"\n## Section {s}\n\nSection {s} of document {i}: {words}.\n\n{words} and more.\n"
            )
        name = f"d{i // 100:02d}/doc{i:05d}.md"
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text("".join(parts), encoding="utf-8")
        names.append(name)
    return names


def _prepare(work: Path, names: list[str]):  # noqa: ANN202
    import dagster as dg

    from vectorless_assets.ir.identity import content_fingerprint
    from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
    from vectorless_assets.orchestration.batch.partitions import partition_key_for

    home = work / "home"
    home.mkdir()
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    instance = dg.DagsterInstance.from_config(str(home))
    keys = [partition_key_for(n) for n in names]
    instance.add_dynamic_partitions(PARTITIONS_NAME, keys)
    for name, key in zip(names, keys, strict=True):
        fingerprint = content_fingerprint((work.parent / "docs" / name).read_bytes())
        instance.report_runless_asset_event(
            dg.AssetObservation("source", partition=key, tags={"dagster/data_version": fingerprint})
        )
    return instance, keys


@contextmanager
def _serve(work: Path, docs: Path, env: dict[str, str]) -> Iterator[int]:
    """`dagster dev` on the prepared instance; its port once the code location has loaded."""
    full = {
        "DAGSTER_HOME": str(work / "home"),
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(work / "ir"),
        **env,
    }
    dagster = str(Path(sys.executable).with_name("dagster"))
    with serve([dagster, "dev", "-w", "workspace.yaml"], ROOT, work, full) as port:
        wait_for(
            lambda: post(port, REPOSITORIES, {})["data"]["repositoriesOrError"].get("nodes"),
            180,
            "the code location",
        )
        yield port


REPOSITORIES = "{ repositoriesOrError { ... on RepositoryConnection { nodes { name } } } }"


def _wait(instance, work: Path, n: int, timeout: float) -> float:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        runs = instance.get_runs()
        irs = len(list((work / "ir").glob("*.bin"))) if (work / "ir").exists() else 0
        if irs >= n and runs and all(r.status.value in FINISHED for r in runs):
            return time.monotonic()
        time.sleep(0.5)
    raise RuntimeError(f"timed out: {irs} of {n} IRs")


BACKFILL = """mutation($p: LaunchBackfillParams!) { launchPartitionBackfill(backfillParams: $p) {
  __typename ... on LaunchBackfillSuccess { backfillId } ... on PythonError { message } } }"""
RUN = """mutation($p: ExecutionParams!) { launchRun(executionParams: $p) {
  __typename ... on LaunchRunSuccess { run { runId } } ... on PythonError { message } } }"""


def _one(path: str, base: Path, docs: Path, names: list[str], chunk: int, timeout: float) -> dict:
    from vectorless_assets.options import CompileOptions
    from vectorless_assets.orchestration.base.graph import AssetGraph
    from vectorless_assets.pipeline.table import TABLE

    work = base / path
    work.mkdir()
    instance, keys = _prepare(work, names)
    try:
        with _serve(work, docs, {"VECTORLESS_BACKFILL_CHUNK": str(chunk)}) as port:
            t0 = time.monotonic()
            if path == "backfill":
                assets = [{"path": [a]} for a in AssetGraph(TABLE, CompileOptions()).produced]
                out = post(
                    port,
                    BACKFILL,
                    {"p": {"partitionNames": keys, "assetSelection": assets, "fromFailure": False}},
                )
                assert (
                    out["data"]["launchPartitionBackfill"]["__typename"] == "LaunchBackfillSuccess"
                ), out
            else:
                selector = {
                    "repositoryLocationName": "vectorless",
                    "repositoryName": "__repository__",
                    "jobName": "recompile_documents",
                }
                out = post(
                    port, RUN, {"p": {"selector": selector, "runConfigData": {}, "mode": "default"}}
                )
                assert out["data"]["launchRun"]["__typename"] == "LaunchRunSuccess", out
            t1 = _wait(instance, work, len(names), timeout)
            runs = instance.get_runs()
            import dagster as dg

            versions = set()
            for key in keys[:: max(1, len(keys) // 50)]:
                rec = instance.fetch_materializations(
                    dg.AssetRecordsFilter(asset_key=dg.AssetKey("tree"), asset_partitions=[key]),
                    limit=1,
                ).records
                versions.add(
                    rec[0].asset_materialization.tags.get("dagster/data_version") if rec else None
                )
            return {
                "seconds": t1 - t0,
                "runs": len(runs),
                "failed": sum(r.status.value != "SUCCESS" for r in runs),
                "sampled": len(keys[:: max(1, len(keys) // 50)]),
                "versions": len(versions - {None}),
            }
    finally:
        instance.dispose()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", default="200", help="document counts, comma-separated")
    ap.add_argument("--kb", type=int, default=6, help="approximate size of a generated document")
    ap.add_argument("--chunk", type=int, default=50, help="VECTORLESS_BACKFILL_CHUNK")
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--paths", default="backfill,batched", help="which paths to time")
    args = ap.parse_args(argv)
    print(
        "| documents | path | seconds (launch to last IR) | runs | failed runs "
        "| distinct tree versions (sampled) |\n|---|---|---|---|---|---|"
    )
    for n in (int(x) for x in args.docs.split(",")):
        base = Path(tempfile.mkdtemp(prefix="bench_backfill_"))
        docs = base / "docs"
        names = _documents(docs, n, args.kb)
        results = {}
        for path in args.paths.split(","):
            results[path] = r = _one(path, base, docs, names, args.chunk, args.timeout)
            print(
                (
                    f"| {n} | {path} | {r['seconds']:.1f} | {r['runs']} | {r['failed']} | "
                    f"{r['versions']} of {r['sampled']} |"
                ),
                flush=True,
            )
        if len(results) < 2:
            continue
        b, j = results["backfill"]["seconds"], results["batched"]["seconds"]
        print(
            (
                f"| {n} | backfill / batched | {b / j:.2f}x (aim: at most 1.5x + 40 s = "
                f"{1.5 * j + 40:.0f} s) | | | |"
            ),
            flush=True,
        )
        if os.environ.get("BENCH_KEEP") != "1":
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
