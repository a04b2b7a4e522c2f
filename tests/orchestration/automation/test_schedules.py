"""Stale set, recompile schedule, batched runs, pass-version bump, force, processing version."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import dagster as dg
from dagster._core.definitions.data_version import CachingStaleStatusResolver, StaleStatus
from dagster._core.loader import LoadingContextForTest

from tests.support.automation import Harness, bumped, materialized
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import FORCE_SCHEDULE_NAME, SCHEDULE_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore
from vectorless_assets.pipeline.table import TABLE
from vectorless_assets.version import PROCESSING_VERSION

DOCS = {
    "a.md": "# A\n\nAlpha text.\n\n## A1\n\nMore alpha.\n",
    "b.md": "# B\n\nBeta.\n",
    "c/d.md": "# D\n\nDelta.\n",
}


def _compiled(tmp_path: Path) -> Harness:
    h = Harness(tmp_path, on_disk=True)
    for rel, text in DOCS.items():
        h.write(rel, text)
    [request] = _schedule(h)  # every document is missing: one batched run compiles them
    h.launch(request)
    return h


def _schedule(h: Harness, name: str = SCHEDULE_NAME) -> list[dg.RunRequest] | dg.SkipReason:
    schedule = h.defs.resolve_schedule_def(name)
    resources = {
        "documents": DocumentsRoot(path=h.settings.docs_dir),
        "ir_store": IRStore(path=h.settings.ir_dir),
    }
    # as a context manager: the context opens its own instance and must close it again, or
    # Dagster's current defs-state storage keeps pointing at a collected instance
    with dg.build_schedule_context(
        instance=h.instance, resources=resources, scheduled_execution_time=datetime.now(UTC)
    ) as context:
        result = schedule(context)
    return result if isinstance(result, dg.SkipReason) else list(result)


def _keys(requests: list[dg.RunRequest]) -> list[str]:
    return sorted(
        k for r in requests for k in r.run_config["ops"]["recompile"]["config"]["documents"]
    )


def _all_fresh(h: Harness) -> None:
    """Dagster's own stale-status resolver agrees: every asset of every partition is FRESH."""
    resolver = CachingStaleStatusResolver(
        h.instance, h.defs.resolve_asset_graph(), LoadingContextForTest(h.instance)
    )
    for pk in h.instance.get_dynamic_partitions("documents"):
        for name in AssetGraph(TABLE, CompileOptions()).produced:
            assert resolver.get_status(dg.AssetKey(name), pk) == StaleStatus.FRESH, (
                name,
                pk,
                resolver.get_stale_causes(dg.AssetKey(name), pk),
            )


def test_schedule_requests_exactly_the_stale_and_missing_documents(tmp_path: Path) -> None:
    h = _compiled(tmp_path)
    assert isinstance(_schedule(h), dg.SkipReason)  # everything current
    h.write("b.md", "# B\n\nBeta, edited (no sensor running).\n")
    h.write("new.md", "# New\n\nNever seen.\n")
    (h.ir / f"{key_to_doc_id('c~d.md')}.bin").unlink()
    requests = _schedule(h)
    assert _keys(requests) == ["b.md", "c~d.md", "new.md"]
    run = h.launch(requests[0])
    assert set(materialized(run)) == {"b.md", "c~d.md", "new.md"}
    assert "new.md" in h.instance.get_dynamic_partitions("documents")
    assert (h.ir / f"{key_to_doc_id('new.md')}.bin").exists()
    assert isinstance(_schedule(h), dg.SkipReason)
    _all_fresh(h)


def test_batches_hold_at_most_batch_size_documents(tmp_path: Path) -> None:
    h = Harness(tmp_path, on_disk=True)
    for i in range(5):
        h.write(f"x{i}.md", f"# X{i}\n\nText.\n")
    from vectorless_assets.orchestration.automation.schedules import build_recompile_schedule

    small = build_recompile_schedule(h.settings, batch_size=2)  # the built-in schedules use 200
    with dg.build_schedule_context(
        instance=h.instance, resources=h.resources(), scheduled_execution_time=datetime.now(UTC)
    ) as context:
        requests = list(small(context))
    assert [len(r.run_config["ops"]["recompile"]["config"]["documents"]) for r in requests] == [
        2,
        2,
        1,
    ]


def test_pass_bump_with_identical_output_recomputes_that_asset_only(tmp_path: Path) -> None:
    h = _compiled(tmp_path)
    h.settings = bumped(h.settings, "split")
    h.defs = build_defs(h.settings)  # the redeployed code location
    requests = _schedule(h)
    # one batched run
    assert _keys(requests) == sorted(["a.md", "b.md", "c~d.md"]) and len(requests) == 1
    run = h.launch(requests[0])
    # early cutoff: the bumped asset, then document_ir re-assembled to record the new graph
    # fingerprint
    assert materialized(run) == {
        pk: {"tree_split", "document_ir"} for pk in ("a.md", "b.md", "c~d.md")
    }
    _all_fresh(h)
    assert isinstance(_schedule(h), dg.SkipReason)


def test_pass_bump_with_new_output_recomputes_its_downstream_where_it_changed(
    tmp_path: Path,
) -> None:
    original = TABLE.by_name["enrich"].run

    def enrich(**kwargs):  # a new enrich: same tree, another description
        tree, description, toc = original(**kwargs)
        return tree, (description or "") + " (enriched v2)", toc

    h = _compiled(tmp_path)
    h.settings = bumped(h.settings, "enrich", enrich)
    h.defs = build_defs(h.settings)
    run = h.launch(_schedule(h)[0])
    deps = AssetGraph(TABLE, CompileOptions()).deps
    for pk, names in materialized(run).items():
        assert {"tree", "description", "toc", "document_ir"} <= names, pk  # enrich's outputs
        # they read the unchanged tree only
        assert "validation" not in names and "verification" not in names
        for name in names - {"tree", "description", "toc", "document_ir"}:
            # recomputed only below a changed output
            assert set(deps[name]) & (names - {"tree"}), (pk, name)
    _all_fresh(h)


def test_force_recompiles_everything(tmp_path: Path) -> None:
    h = _compiled(tmp_path)
    requests = _schedule(h, FORCE_SCHEDULE_NAME)
    assert _keys(requests) == ["a.md", "b.md", "c~d.md"]
    assert requests[0].run_config["ops"]["recompile"]["config"]["force"] is True
    run = h.launch(requests[0])
    assert materialized(run) == {
        pk: set(AssetGraph(TABLE, CompileOptions()).produced) for pk in ("a.md", "b.md", "c~d.md")
    }
    _all_fresh(h)


def test_raised_processing_version_recompiles_every_document_completely(tmp_path: Path) -> None:
    h = _compiled(tmp_path)
    raised = Settings.create(
        docs_dir=h.docs,
        ir_dir=h.ir,
        options=CompileOptions(processing_version=PROCESSING_VERSION + 1),
    )
    assert (
        AssetGraph(TABLE, raised.options).fingerprint
        != AssetGraph(TABLE, h.settings.options).fingerprint
    )
    h.settings, h.defs = raised, build_defs(raised)
    requests = _schedule(h)
    assert _keys(requests) == ["a.md", "b.md", "c~d.md"]
    run = h.launch(requests[0])
    assert materialized(run) == {
        pk: set(AssetGraph(TABLE, CompileOptions()).produced) for pk in ("a.md", "b.md", "c~d.md")
    }
    _all_fresh(h)


def test_a_failing_document_does_not_stop_the_batch(tmp_path: Path) -> None:
    h = Harness(tmp_path, on_disk=True)
    h.write("good.md", "# Good\n\nFine.\n")
    (h.docs / "broken.pdf").write_bytes(b"%PDF-1.4 not really a pdf")
    [request] = _schedule(h)
    job = h.defs.resolve_job_def(request.job_name)
    run = job.execute_in_process(
        instance=h.instance, run_config=request.run_config, raise_on_error=False
    )
    assert not run.success
    assert set(materialized(run)) == {"good.md"}
    assert (h.ir / f"{key_to_doc_id('good.md')}.bin").exists()
    assert _keys(_schedule(h)) == ["broken.pdf"]  # still missing: the next tick asks again
