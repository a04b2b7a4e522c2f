"""The `corpus` asset: one row per document from the instance, refreshed once at the end of
every batched run (and on its own from the UI), shown as table metadata with its schema."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pandas as pd

from tests.support.automation import QUIET
from vectorless_assets.ir import load_ir
from vectorless_assets.ir.corpus import columns, row_of
from vectorless_assets.orchestration.assets.corpus import ATTENTION_ROWS, PREVIEW_ROWS
from vectorless_assets.orchestration.assets.corpus_frame import corpus_frame
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    CORPUS,
    PARTITIONS_NAME,
    RECOMPILE_JOB,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage.resources import IRStore

TEXTS = {
    f"d{i}.md": f"# Doc {i}\n\nIntro {i}.\n\n## Part {i}\n\nDetails of {i}.\n" for i in range(4)
}
TEXTS["empty.md"] = ""  # unreadable: its compile fails, it has no IR
KEYS = sorted(partition_key_for(rel) for rel in TEXTS)


def _setup(tmp_path: Path) -> tuple[Settings, dg.Definitions, dg.DagsterInstance]:
    docs = tmp_path / "docs"
    docs.mkdir()
    for rel, text in TEXTS.items():
        (docs / rel).write_text(text, encoding="utf-8")
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
    settings = Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir", workers=1)
    return settings, build_defs(settings), instance


def _corpus_events(instance: dg.DagsterInstance) -> list[dg.EventLogRecord]:
    return list(instance.fetch_materializations(dg.AssetKey(CORPUS), limit=100).records)


def test_a_batched_run_ends_with_one_corpus_refresh_whose_rows_are_the_irs(
    tmp_path: Path,
) -> None:
    settings, defs, instance = _setup(tmp_path)
    request = batch_request(KEYS, run_key=None)
    config = {**QUIET, **request.run_config}
    config["ops"]["recompile"]["config"]["chunk_size"] = 2  # three chunks, one refresh
    result = defs.resolve_job_def(RECOMPILE_JOB).execute_in_process(
        instance=instance, run_config=config, raise_on_error=False
    )
    # the unreadable document fails the run at its end, after the corpus was refreshed
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert failure.step_key == "refresh_corpus"
    named = failure.step_failure_data.user_failure_data
    assert named.description == "1 of 5 documents failed" and list(named.metadata) == ["empty.md"]
    [event] = _corpus_events(instance)
    meta = event.asset_materialization.metadata
    schema = meta["dagster/column_schema"].value
    assert [c.name for c in schema.columns] == [name for name, _, _ in columns(True)]
    assert meta["documents"].value == meta["dagster/row_count"].value == len(TEXTS)
    assert meta["stale"].value == 1 and meta["failed_checks"].value == 0
    assert meta["freshness"].value == {"current": 4, "new": 1}
    preview = meta["preview"].value
    assert len(preview.records) == len(TEXTS) and meta["not_shown"].value == 0
    assert preview.schema == schema
    # the frame, its CSV and one row against the IR
    frame = pd.read_csv(meta["path"].value)
    assert list(frame.columns) == [name for name, _, _ in columns(True)]
    built = corpus_frame(
        instance, AssetGraph(settings.table, settings.options), IRStore(path=settings.ir_dir)
    )
    assert built["document_key"].tolist() == frame["document_key"].tolist() == sorted(TEXTS)
    row = built.set_index("document_key").loc["d1.md"]
    ir_path = Path(settings.ir_dir) / f"{key_to_doc_id('d1.md')}.bin"
    expected = row_of(load_ir(ir_path), str(ir_path))
    for name in ("doc_id", "name", "format", "pages", "sections", "depth", "tokens", "mode"):
        assert row[name] == expected[name], name
    assert (row["llm_calls"], row["llm_tokens"], row["ir_path"]) == (0, 0, str(ir_path))
    assert (
        abs((row["last_compiled"] - pd.Timestamp(expected["last_compiled"])).total_seconds()) < 60
    )
    assert (row["freshness"], row["checks"]) == ("current", "passed")  # the run evaluated them
    bad = built.set_index("document_key").loc["empty.md"]
    assert bad["freshness"] == "new" and pd.isna(bad["sections"]) and pd.isna(bad["ir_path"])


def test_freshness_and_checks_come_from_the_instance(tmp_path: Path) -> None:
    settings, defs, instance = _setup(tmp_path)
    run = defs.resolve_job_def(RECOMPILE_JOB).execute_in_process(
        instance=instance,
        run_config={**QUIET, **batch_request(KEYS, run_key=None).run_config},
        raise_on_error=False,
    )
    assert len(_corpus_events(instance)) == 1 and run.dagster_run is not None
    # an edit the sensor observed, a deleted IR file, per-partition check evaluations
    instance.report_runless_asset_event(
        dg.AssetObservation("source", partition="d0.md", tags={"dagster/data_version": "other"})
    )
    (Path(settings.ir_dir) / f"{key_to_doc_id('d2.md')}.bin").unlink()
    for pk, passed in (("d1.md", False), ("d3.md", True)):
        instance.report_runless_asset_event(
            dg.AssetCheckEvaluation(
                asset_key=dg.AssetKey("verification"),
                check_name="verify",
                passed=passed,
                partition=pk,
            )
        )
    # "Materialize" on the corpus asset alone, as from its page in the UI
    result = dg.materialize(
        [defs.resolve_assets_def(dg.AssetKey(CORPUS))],
        instance=instance,
        run_config=QUIET,
    )
    assert result.success
    meta = _corpus_events(instance)[0].asset_materialization.metadata
    rows = {r.data["document_key"]: r.data for r in meta["preview"].value.records}
    assert rows["d0.md"]["freshness"] == "source changed"
    assert rows["d2.md"]["freshness"] == "IR missing"
    assert rows["d1.md"]["checks"] == "failed: verify" and rows["d3.md"]["checks"] == "passed"
    assert meta["failed_checks"].value == 1 and meta["stale"].value == 3
    # what refreshes keep of the instance (rows.json) gives the frame a cold read gives
    cache = Path(settings.fields_dir) / "corpus" / "rows.json"
    assert cache.is_file()
    graph, store = AssetGraph(settings.table, settings.options), IRStore(path=settings.ir_dir)
    instance.report_runless_asset_event(
        dg.AssetObservation("source", partition="d3.md", tags={"dagster/data_version": "new"})
    )
    warm = corpus_frame(instance, graph, store, cache_path=str(cache))
    pd.testing.assert_frame_equal(warm, corpus_frame(instance, graph, store))
    assert warm.set_index("document_key").loc["d3.md", "freshness"] == "source changed"


def test_the_preview_stays_bounded_and_keeps_the_failing_documents(tmp_path: Path) -> None:
    from vectorless_assets.ir.corpus import to_frame
    from vectorless_assets.orchestration.assets.corpus import corpus_metadata

    n = 2_000
    rows = [
        {
            "document_key": f"doc{i:05}.md",
            "pages": 1,
            "llm_tokens": 10,
            "freshness": "current",
            "checks": "failed: verify" if i % 400 == 399 else "passed",
        }
        for i in range(n)
    ]
    meta = corpus_metadata(to_frame(rows, with_instance=True), str(tmp_path / "c.csv"))
    shown = [r.data["document_key"] for r in meta["preview"].value.records]
    failing = [f"doc{i:05}.md" for i in range(n) if i % 400 == 399]
    assert shown[:PREVIEW_ROWS] == [f"doc{i:05}.md" for i in range(PREVIEW_ROWS)]
    assert shown[PREVIEW_ROWS:] == failing and len(failing) <= ATTENTION_ROWS
    assert meta["not_shown"] == n - len(shown)
    assert (meta["documents"], meta["pages"], meta["llm_tokens"]) == (
        n,
        n,
        10 * n,
    )
    assert meta["failed_checks"] == len(failing)


def test_a_ranged_backfill_run_leaves_the_corpus_to_its_own_step(tmp_path: Path) -> None:
    """The compile asset's ranged runs do not refresh it; the asset is downstream of every
    document, so "Materialize all" runs it after them."""
    _, defs, instance = _setup(tmp_path)
    good = [k for k in KEYS if k != "empty.md"]
    instance.add_dynamic_partitions(PARTITIONS_NAME, good)
    result = defs.resolve_job_def(COMPILE_JOB).execute_in_process(
        instance=instance,
        tags={
            "dagster/asset_partition_range_start": good[0],
            "dagster/asset_partition_range_end": good[-1],
        },
        run_config=QUIET,
    )
    assert result.success and _corpus_events(instance) == []
    graph = defs.resolve_asset_graph()
    assert dg.AssetKey("document_ir") in graph.get(dg.AssetKey(CORPUS)).parent_keys
    assert graph.get(dg.AssetKey(CORPUS)).partitions_def is None
