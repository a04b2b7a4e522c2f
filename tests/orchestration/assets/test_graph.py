"""The Dagster definitions: they load, and their graph is the pass table's."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import COMPILE_JOB
from vectorless_assets.orchestration.base.settings import DEFAULT_BACKFILL_CHUNK, Settings
from vectorless_assets.orchestration.batch.partitions import (
    document_key_for,
    key_to_doc_id,
    partition_key_for,
)
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.pipeline.fields import FIELDS
from vectorless_assets.pipeline.table import TABLE


@pytest.fixture(scope="module")
def defs(tmp_path_factory: pytest.TempPathFactory) -> dg.Definitions:
    tmp = tmp_path_factory.mktemp("graph")
    return build_defs(Settings.create(docs_dir=tmp / "docs", ir_dir=tmp / "ir"))


def test_definitions_load_with_job_and_resources(defs: dg.Definitions) -> None:
    dg.Definitions.validate_loadable(defs)
    repo = defs.get_repository_def()
    assert COMPILE_JOB in repo.job_names
    assert {"documents", "ir_store", "io_manager", "llm"} <= set(repo.get_top_level_resources())


def test_asset_keys_and_deps_equal_the_pass_table(defs: dg.Definitions) -> None:
    asset_graph = defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in asset_graph.get_all_asset_keys()}
    assert keys == set(TABLE.producer) | {"source", "document_ir", "corpus"}
    for p in TABLE.passes:
        for field in p.writes:
            parents = {k.to_user_string() for k in asset_graph.get(dg.AssetKey(field)).parent_keys}
            assert parents == set(p.reads) | set(p.optional_reads), field
    ir_parents = {
        k.to_user_string() for k in asset_graph.get(dg.AssetKey("document_ir")).parent_keys
    }
    assert {name for name, spec in FIELDS.items() if spec.in_ir} <= ir_parents
    assert "source" in ir_parents


def test_groups_descriptions_kinds_and_code_versions(defs: dg.Definitions) -> None:
    asset_graph = defs.resolve_asset_graph()
    for p in TABLE.passes:
        for field in p.writes:
            node = asset_graph.get(dg.AssetKey(field))
            assert node.group_name == p.phase
            assert node.code_version == TABLE.code_version(
                p, CompileOptions()
            ) and node.code_version.startswith(f"{p.version}:")
            assert p.description in (node.description or "")
            assert ("llm" in node.kinds) == p.llm
            assert node.partitions_def is not None


def test_backfills_run_many_documents_per_run(defs: dg.Definitions) -> None:
    policy = defs.resolve_assets_def(dg.AssetKey("tree")).backfill_policy
    assert policy is not None and policy.max_partitions_per_run == DEFAULT_BACKFILL_CHUNK > 1


def test_checks_validate_warns_and_verify_blocks(defs: dg.Definitions) -> None:
    specs = {s.name: s for s in defs.resolve_assets_def(dg.AssetKey("tree")).check_specs}
    assert specs["verify"].asset_key == dg.AssetKey("verification") and specs["verify"].blocking
    assert (
        specs["validate"].asset_key == dg.AssetKey("validation") and not specs["validate"].blocking
    )


def test_the_mode_is_in_the_code_version_of_every_asset_it_affects() -> None:
    fast = AssetGraph(TABLE, CompileOptions(mode="fast")).code_versions
    deep = AssetGraph(TABLE, CompileOptions(mode="deep")).code_versions
    assert fast.keys() == deep.keys()
    # parse, build and split work the same in every mode; everything else runs or reads the mode
    assert {k for k in fast if fast[k] == deep[k]} == {
        "parsed",
        "tree_built",
        "tree_split",
        "tree",
        "description",
        "toc",
        "validation",
        "nav_index",
    }
    assert {
        "tree_optimized",
        "tree_enhanced",
        "summary",
        "verification",
        "document_ir",
        "chain_index",
    } <= {k for k in fast if fast[k] != deep[k]}
    assert (
        AssetGraph(TABLE, CompileOptions()).fingerprint
        == AssetGraph(TABLE, CompileOptions()).fingerprint
    )
    assert (
        AssetGraph(TABLE, CompileOptions()).fingerprint
        != AssetGraph(TABLE, CompileOptions(mode="deep")).fingerprint
    )


@pytest.mark.parametrize(
    "path",
    [
        "a/index.md",
        "b/index.md",
        "x y/a~b%c.md",
        "dots/.../v1..2.md",
        "日本/テスト.md",
        "a,b[1]/q:z.pdf",
    ],
)
def test_partition_keys_are_safe_unique_and_reversible(path: str) -> None:
    key = partition_key_for(path)
    assert (
        "/" not in key
        and "\\" not in key
        and "..." not in key
        and "," not in key
        and "[" not in key
    )
    assert document_key_for(key) == path
    assert key_to_doc_id(key) == doc_id_for(path)
    assert key != partition_key_for(path.replace("/", "_"))


def test_index_files_in_different_folders_get_different_keys() -> None:
    assert partition_key_for("a/index.md") != partition_key_for("b/index.md")
    assert partition_key_for("./a/index.md") == partition_key_for("a/index.md") == "a~index.md"


def test_importing_the_package_reads_no_environment(tmp_path) -> None:
    """Importing the orchestration modules builds nothing: a bad VECTORLESS_MODE only fails on
    load."""
    code = (
        "import vectorless_assets.orchestration.definitions as d, "
        "vectorless_assets.orchestration.compile_paths; print('ok')"
    )
    env = {**os.environ, "VECTORLESS_MODE": "nonsense"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr
    with pytest.raises(ValueError, match="VECTORLESS_MODE"):
        Settings.from_env({"VECTORLESS_MODE": "nonsense"})


def test_defs_entry_point_builds_from_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("VECTORLESS_DOCS_DIR", str(tmp_path / "docs"))
    monkeypatch.setenv("VECTORLESS_IR_DIR", str(tmp_path / "ir"))
    monkeypatch.setenv("VECTORLESS_MODE", "deep")
    module = importlib.import_module("vectorless_assets.orchestration.definitions")
    loaded = module.defs()
    docs = loaded.resources["documents"]
    assert docs.path == str(tmp_path / "docs")
    node = loaded.resolve_asset_graph().get(dg.AssetKey("tree"))
    assert node.code_version == TABLE.code_version(
        TABLE.by_name["enrich"], CompileOptions(mode="deep")
    )
    assert (
        loaded.resolve_asset_graph()
        .get(dg.AssetKey("document_ir"))
        .code_version.endswith(CompileOptions(mode="deep").logic_fingerprint())
    )


def test_settings_defaults_and_fields_inside_the_ir_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    default = Settings.from_env({})
    assert (
        Path(default.docs_dir).name == "samples"
        and Path(default.docs_dir).parent.name == "vectorless_assets"
    )
    assert default.ir_dir == str(tmp_path / ".vectorless" / "ir")
    assert default.fields_dir == str(tmp_path / ".vectorless" / "ir" / ".fields")
    custom = Settings.from_env(
        {"VECTORLESS_IR_DIR": str(tmp_path / "out" / "ir"), "VECTORLESS_MODE": "standard"}
    )
    assert (
        custom.fields_dir == str(tmp_path / "out" / "ir" / ".fields")
        and custom.options.mode == "standard"
    )
    remote = Settings.create(docs_dir="memory://bucket/docs", ir_dir="memory://bucket/ir")
    assert (
        remote.docs_dir == "memory://bucket/docs"
        and remote.fields_dir == "memory://bucket/ir/.fields"
    )
