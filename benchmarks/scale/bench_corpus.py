"""The cost of the `corpus` table: one refresh over N documents (time, size of its event).

Run by hand, e.g.::

    python benchmarks/scale/bench_corpus.py --docs 10000 [--refreshes 3] [--compile 20]

A fresh instance with the project's instance class (the batching SQLite event log) is given
N document partitions with what a compile leaves in it: `--compile` small generated Markdown
documents are compiled for real by one `recompile_documents` run (their IRs, their
`document_ir` materializations); the remaining N - compile partitions get copies of those
materializations (metadata of the same shape, their own keys, doc_ids and IR paths: the
refresh reads only the instance, never the files), a source observation each, and 1 % of them a
failed per-partition `verify` evaluation. Then the refresh the batched job ends with
(`assets.corpus.corpus_event`, stored) runs cold (no `rows.json` yet), `--refreshes` times with
nothing new, and once after 100 new `document_ir` materializations; then the size of the
stored `corpus` materialization event (serialized, as the event log keeps it) and of the CSV.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=10_000)
    ap.add_argument("--compile", type=int, default=20, help="documents compiled for real")
    ap.add_argument("--refreshes", type=int, default=3)
    args = ap.parse_args()

    import dagster as dg
    from dagster._serdes import serialize_value

    from vectorless_assets.orchestration.assets import corpus
    from vectorless_assets.orchestration.base.keys import DOCUMENT_IR, PARTITIONS_NAME, SOURCE
    from vectorless_assets.orchestration.base.settings import Settings
    from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for
    from vectorless_assets.orchestration.jobs.local_run import run_recompile
    from vectorless_assets.orchestration.storage.batching import document_transaction
    from vectorless_assets.orchestration.storage.instance import open_instance
    from vectorless_assets.orchestration.storage.resources import IRStore

    work = Path(tempfile.mkdtemp(prefix="bench-corpus-"))
    docs, ir = work / "docs", work / "ir"
    docs.mkdir()
    for i in range(args.compile):
        body = "\n\n".join(f"## Part {j}\n\nStep {i}.{j} tightens bolt {j}." for j in range(6))
        (docs / f"doc{i:06}.md").write_text(f"# Document {i}\n\nIntro.\n\n{body}\n")
    instance = open_instance(work / "home")
    settings = Settings.create(docs_dir=docs, ir_dir=ir, workers=1)
    t0 = time.perf_counter()
    compiled = [partition_key_for(f"doc{i:06}.md") for i in range(args.compile)]
    run_recompile(settings, instance, compiled, force=False, on_report=lambda *_: None)
    print(f"compiled {args.compile} documents in {time.perf_counter() - t0:.1f} s")
    models = [
        r.asset_materialization
        for r in instance.fetch_materializations(dg.AssetKey(DOCUMENT_IR), limit=1000).records
    ]
    keys = [partition_key_for(f"gen/doc{i:06}.md") for i in range(args.docs - args.compile)]
    instance.add_dynamic_partitions(PARTITIONS_NAME, keys)
    t0 = time.perf_counter()
    for start in range(0, len(keys), 500):
        with document_transaction(instance):
            for i, pk in enumerate(keys[start : start + 500], start=start):
                model = models[i % len(models)]
                meta = dict(model.metadata)
                meta["doc_id"] = dg.MetadataValue.text(key_to_doc_id(pk))
                meta["ir_path"] = dg.MetadataValue.path(str(ir / f"{key_to_doc_id(pk)}.bin"))
                tags = dict(model.tags or {})
                instance.report_runless_asset_event(
                    dg.AssetMaterialization(model.asset_key, partition=pk, metadata=meta, tags=tags)
                )
                fingerprint = str(meta["content_fingerprint"].value)
                instance.report_runless_asset_event(
                    dg.AssetObservation(
                        SOURCE, partition=pk, tags={"dagster/data_version": fingerprint}
                    )
                )
                if i % 100 == 99:
                    instance.report_runless_asset_event(
                        dg.AssetCheckEvaluation(
                            asset_key=dg.AssetKey("verification"),
                            check_name="verify",
                            passed=False,
                            partition=pk,
                        )
                    )
    print(f"recorded {len(keys)} more documents in {time.perf_counter() - t0:.1f} s")
    store = IRStore(path=settings.ir_dir)

    def refresh(label: str) -> None:
        t0 = time.perf_counter()
        instance.report_runless_asset_event(corpus.corpus_event(instance, settings, store))
        print(f"{label}: {time.perf_counter() - t0:.2f} s")

    refresh("refresh, cold (no rows.json: every event decoded)")
    for i in range(args.refreshes):
        refresh(f"refresh {i + 1}, nothing new")
    with document_transaction(instance):
        for pk in keys[:100]:
            instance.report_runless_asset_event(
                dg.AssetMaterialization(models[0].asset_key, partition=pk, metadata=meta, tags=tags)
            )
    refresh("refresh after a run over 100 documents")
    [record] = instance.fetch_materializations(dg.AssetKey("corpus"), limit=1).records
    size = len(serialize_value(record.event_log_entry))
    stored = record.asset_materialization.metadata
    shown = len(stored["preview"].value.records)
    print(f"documents: {stored['documents'].value}; preview rows: {shown}")
    path = str(Path(settings.fields_dir) / "corpus" / "corpus.csv")
    csv_mb = Path(path).stat().st_size / 1e6
    print(f"corpus event: {size / 1000:.1f} kB serialized; CSV {csv_mb:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
