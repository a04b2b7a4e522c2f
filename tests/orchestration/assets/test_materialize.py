"""Materializing the graph on a real Dagster instance: versions, staleness, checks, storage."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.definitions.observe import observe  # no public `dg.observe` in 1.13
from dagster._utils.test.data_versions import get_stale_status_resolver

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.pipeline.table import TABLE

A, B = "a~index.md", "b~index.md"
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


@dataclasses.dataclass
class Env:
    root: Path
    settings: Settings
    defs: dg.Definitions
    instance: dg.DagsterInstance

    def write(self, rel: str, text: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        key = rel.replace("/", "~")
        fp = content_fingerprint(path.read_bytes())
        self.instance.report_runless_asset_event(
            dg.AssetObservation("source", partition=key, tags={"dagster/data_version": fp})
        )

    def run(
        self, key: str, select: list[str] | None = None, defs: dg.Definitions | None = None
    ) -> dg.ExecuteInProcessResult:
        job = (defs or self.defs).resolve_job_def(COMPILE_JOB)
        selection = [dg.AssetKey(s) for s in select] if select else None
        return job.execute_in_process(
            instance=self.instance,
            partition_key=key,
            asset_selection=selection,
            run_config=QUIET,
            raise_on_error=False,
        )

    def status(
        self, key: str, names: list[str], defs: dg.Definitions | None = None
    ) -> dict[str, str]:
        resolver = get_stale_status_resolver(self.instance, list((defs or self.defs).assets))
        return {n: resolver.get_status(dg.AssetKey(n), key).value for n in names}

    def data_version(self, name: str, key: str) -> str:
        rec = self.instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey(name), asset_partitions=[key]), limit=1
        ).records[0]
        return rec.asset_materialization.tags["dagster/data_version"]


@pytest.fixture
def env(tmp_path: Path) -> Env:
    instance = dg.DagsterInstance.ephemeral()  # in-memory SQLite; the runner tests use files
    settings = Settings.create(docs_dir=tmp_path / "docs", ir_dir=tmp_path / "ir")
    e = Env(tmp_path / "docs", settings, build_defs(settings), instance)
    instance.add_dynamic_partitions(PARTITIONS_NAME, [A, B])
    e.write(
        "a/index.md", "# Alpha\n\nThe first document.\n\n## Details\n\nSome details about alpha.\n"
    )
    e.write("b/index.md", "# Beta\n\nThe second document.\n")
    assert e.run(A).success and e.run(B).success
    return e


ALL = [*TABLE.producer, "document_ir"]


def test_full_run_materializes_every_field_with_hash_data_versions(env: Env) -> None:
    for name in ALL:
        dv = env.data_version(name, A)
        assert len(dv) == 32 and int(dv, 16) >= 0
    assert env.status(A, ALL) == dict.fromkeys(ALL, "FRESH")
    assert env.data_version("parsed", A) != env.data_version("parsed", B)


def test_io_manager_files_are_json_at_documented_paths(env: Env) -> None:
    base = Path(env.settings.fields_dir)
    assert base == Path(env.settings.ir_dir) / ".fields"
    for name in ALL:
        path = base / name / f"{A}.json"
        json.loads(path.read_text(encoding="utf-8"))  # JSON, not pickle
    tree = FieldStore(str(base)).read("tree", A)
    assert isinstance(tree, DocumentTree) and any(n.title == "Details" for n in tree.nodes)
    loaded = env.defs.load_asset_value("tree", partition_key=A, instance=env.instance)
    assert loaded == tree


def test_ir_file_is_written_as_doc_id_bin(env: Env) -> None:
    path = Path(env.settings.ir_dir) / f"{key_to_doc_id(A)}.bin"
    doc = load_ir(path)
    assert (
        doc.doc_id == key_to_doc_id(A)
        and doc.document_key == "a/index.md"
        and doc.source_path == str(env.root / "a/index.md")
    )
    rec = env.instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("document_ir"), asset_partitions=[A]), limit=1
    ).records[0]
    meta = rec.asset_materialization.metadata
    assert meta["nodes"].value == len(doc.tree.nodes) and "Details" in meta["outline"].value
    assert meta["ir_path"].value == str(path)
    # issue 28: the lone title is the root (no "Alpha > Alpha"); a first compile adds every node
    assert meta["outline"].value.splitlines()[:2] == [
        "- `0001` Alpha _(lines 1-7)_",
        "  - `0002` 1 Details _(lines 5-7)_",
    ]
    assert meta["changes"].value == "new document (2 sections)"
    assert meta["changed_nodes"].value == {"added": ["0001 Alpha", "0002 Details"]}


def test_document_ir_metadata_shows_what_an_edit_changed(env: Env) -> None:
    env.write(
        "a/index.md",
        "# Alpha\n\nThe first document.\n\n## Details\n\nOther details.\n\n## More\n\nNew.\n",
    )
    assert env.run(A).success
    filt = dg.AssetRecordsFilter(asset_key=dg.AssetKey("document_ir"), asset_partitions=[A])
    meta = (
        env.instance.fetch_materializations(filt, limit=1).records[0].asset_materialization.metadata
    )
    assert meta["changes"].value == "1 section modified, 1 added"
    assert meta["changed_nodes"].value == {"modified": ["0002 Details"], "added": ["0003 More"]}


def test_changed_document_makes_only_its_partition_stale(env: Env) -> None:
    env.write("a/index.md", "# Alpha\n\nThe first document, edited.\n")
    assert env.status(A, ["parsed"]) == {"parsed": "STALE"}
    assert env.status(B, ALL) == dict.fromkeys(ALL, "FRESH")
    assert env.run(A).success
    assert env.status(A, ALL) == dict.fromkeys(ALL, "FRESH")


def test_identical_output_leaves_downstream_fresh(env: Env) -> None:
    before = env.data_version("parsed", A)
    # same bytes, new observation
    env.write("a/index.md", (env.root / "a/index.md").read_text(encoding="utf-8"))
    assert env.run(A, ["parsed"]).success
    assert env.data_version("parsed", A) == before
    assert env.status(A, ["tree_built", "tree", "document_ir"]) == dict.fromkeys(
        ["tree_built", "tree", "document_ir"], "FRESH"
    )


def test_new_output_makes_direct_consumers_stale(env: Env) -> None:
    env.write("a/index.md", "# Alpha renamed\n\nThe first document.\n")
    assert env.run(A, ["parsed"]).success
    assert env.status(A, ["tree_built"]) == {"tree_built": "STALE"}
    assert env.run(A, ["tree_built"]).success  # subset run reads `parsed` from its JSON file
    assert env.status(A, ["tree_built"]) == {"tree_built": "FRESH"}


def test_bumped_pass_version_makes_that_asset_stale(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    defs = build_defs(
        dataclasses.replace(env.settings, table=TABLE.replaced("chain", version="99"))
    )
    status = env.status(A, ALL, defs=defs)
    assert status["chain_index"] == "STALE"
    assert {k for k, v in status.items() if v != "FRESH"} == {"chain_index"}
    assert TABLE.by_name["chain"].version != "99"


def test_verify_failure_blocks_document_ir(env: Env) -> None:
    ir_path = Path(env.settings.ir_dir) / f"{key_to_doc_id(A)}.bin"
    ir_path.unlink()
    FieldStore(env.settings.fields_dir).write("tree", A, DocumentTree())  # an empty final tree
    result = env.run(A, ["verification", "document_ir"])
    assert not result.success
    evals = [
        e.asset_check_evaluation_data
        for e in result.all_events
        if e.event_type_value == "ASSET_CHECK_EVALUATION"
    ]
    assert [(ev.check_name, ev.passed) for ev in evals] == [("verify", False)]
    mats = {
        e.asset_key.to_user_string()
        for e in result.all_events
        if e.event_type_value == "ASSET_MATERIALIZATION"
    }
    assert mats == {"verification"}
    assert not ir_path.exists()


def test_unreadable_document_fails_only_its_run(env: Env) -> None:
    env.instance.add_dynamic_partitions(PARTITIONS_NAME, ["bad.pdf"])
    (env.root / "bad.pdf").write_bytes(b"%PDF-1.4 not really a pdf")
    result = env.run("bad.pdf")
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "bad.pdf [parse]" in failure.step_failure_data.user_failure_data.description
    assert env.status(A, ALL) == dict.fromkeys(ALL, "FRESH")


def test_observing_the_source_records_content_fingerprints(env: Env) -> None:
    source = next(
        a
        for a in env.defs.assets
        if isinstance(a, dg.SourceAsset) or getattr(a, "is_observable", False)
    )
    (env.root / "a/index.md").write_text(
        "# Alpha\n\nEdited behind Dagster's back.\n", encoding="utf-8"
    )
    result = observe(
        [source], instance=env.instance, resources={"documents": env.defs.resources["documents"]}
    )
    assert result.success
    rec = env.instance.fetch_observations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("source"), asset_partitions=[A]), limit=1
    ).records[0]
    assert rec.asset_observation.tags["dagster/data_version"] == content_fingerprint(
        (env.root / "a/index.md").read_bytes()
    )
    assert env.status(A, ["parsed"]) == {"parsed": "STALE"}
    assert env.status(B, ["parsed"]) == {"parsed": "FRESH"}


def test_subset_run_refuses_fields_of_another_mode(env: Env) -> None:
    ir_path = Path(env.settings.ir_dir) / f"{key_to_doc_id(A)}.bin"
    before = ir_path.read_bytes()
    deep = build_defs(
        dataclasses.replace(env.settings, options=env.settings.options.with_mode("deep"))
    )
    result = env.run(A, ["document_ir"], defs=deep)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "other compile options" in failure.step_failure_data.user_failure_data.description
    assert ir_path.read_bytes() == before and load_ir(ir_path).meta.mode == "fast"
    assert env.run(A, ["tree"], defs=deep).success is False  # tree_enhanced is from fast mode too
    # parse does not depend on the mode: its value is shared
    assert env.run(A, ["tree_built"], defs=deep).success
    assert env.run(A, defs=deep).success  # the whole document in the new mode is fine
    assert load_ir(ir_path).meta.mode == "deep"
