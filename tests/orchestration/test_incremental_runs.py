"""Through Dagster, an edited section costs its node, its ancestors and the document-level
calls: the compile step reuses the partition's previous IR (counted by the fake HTTP server).
The lasting cache is off here, so the saving is the reuse's alone; a second test shows the
cache (a resource) answering a forced rematerialization."""

from __future__ import annotations

import re
from pathlib import Path

import dagster as dg

from tests.support import sections as S
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs

PK = "living.md"
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


def _setup(
    tmp_path: Path, srv: FakeLLMServer, cache: str | None
) -> tuple[Settings, dg.Definitions, dg.DagsterInstance]:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    settings = Settings.create(
        docs_dir=docs,
        ir_dir=tmp_path / "ir",
        options=CompileOptions(mode="deep", llm_model="fake"),
        llm_base_url=srv.base_url,
        llm_cache=cache,
    )
    (tmp_path / "home").mkdir(exist_ok=True)
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
    instance.add_dynamic_partitions(PARTITIONS_NAME, [PK])
    return settings, build_defs(settings), instance


def _materialize(defs: dg.Definitions, instance: dg.DagsterInstance) -> None:
    run = defs.resolve_job_def(COMPILE_JOB).execute_in_process(
        instance=instance, partition_key=PK, run_config=QUIET, raise_on_error=False
    )
    assert run.success, [e.message for e in run.all_events if e.is_failure]


def test_an_edited_section_costs_its_node_ancestors_and_document_calls(tmp_path: Path) -> None:
    with FakeLLMServer() as srv:
        settings, defs, instance = _setup(tmp_path, srv, "off")
        doc = S.generate(20)
        (tmp_path / "docs" / PK).write_bytes(S.render(doc))
        _materialize(defs, instance)
        full = len(srv.prompts)
        srv.prompts.clear()
        # under chapter "Section 0.8"
        (tmp_path / "docs" / PK).write_bytes(S.render(S.edit(doc, 9)))
        _materialize(defs, instance)
        titles = {
            re.search(r"^Title: (.*)$", p, re.M).group(1)
            for p in srv.prompts
            if p.startswith(("Summarize the following", "The section below"))
        }
        assert titles == {"Section 0.9", "Section 0.8", "Living document"}
        # 3 nodes (leaf, chapter, root: the lone h1) + 3 document-level
        assert len(srv.prompts) == 3 + 3 < full
        ir = load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(PK)}.bin")
        assert ir.meta.action == "incremental" and ir.meta.recomputed_nodes == 3
        mat = (
            instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey("document_ir")), limit=1
            )
            .records[0]
            .asset_materialization
        )
        assert mat.metadata["reused_nodes"].value == len(ir.tree.nodes) - 3
        instance.dispose()


def test_the_lasting_cache_resource_answers_a_forced_rematerialization(tmp_path: Path) -> None:
    with FakeLLMServer() as srv:
        settings, defs, instance = _setup(tmp_path, srv, None)
        (tmp_path / "docs" / PK).write_bytes(S.render(S.generate(8)))
        _materialize(defs, instance)
        assert Path(settings.llm_cache_path).is_file() and srv.prompts
        # no previous IR: nothing to reuse
        (Path(settings.ir_dir) / f"{key_to_doc_id(PK)}.bin").unlink()
        srv.prompts.clear()
        _materialize(defs, instance)
        # every usable answer came from the cache; the fake's prose answer to the concepts
        # prompt cannot be parsed, so it was never kept and is asked again (issue 25 item 7)
        assert len(srv.prompts) == 1 and "a name has 2 to 4 words" in srv.prompts[0]
        assert load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(PK)}.bin").meta.llm_cache_hits > 0
        instance.dispose()


def test_batched_recompiles_reuse_the_previous_ir(tmp_path: Path) -> None:
    from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB

    with FakeLLMServer() as srv:
        settings, defs, instance = _setup(tmp_path, srv, "off")
        doc = S.generate(12)
        (tmp_path / "docs" / PK).write_bytes(S.render(doc))
        config = {**QUIET, "ops": {"recompile": {"config": {"documents": [PK]}}}}
        assert (
            defs.resolve_job_def(RECOMPILE_JOB)
            .execute_in_process(instance=instance, run_config=config)
            .success
        )
        srv.prompts.clear()
        (tmp_path / "docs" / PK).write_bytes(S.render(S.edit(doc, 5)))
        assert (
            defs.resolve_job_def(RECOMPILE_JOB)
            .execute_in_process(instance=instance, run_config=config)
            .success
        )
        # the edited leaf, its chapter, the root (the lone h1) + 3 document-level
        assert len(srv.prompts) == 3 + 3
        assert (
            load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(PK)}.bin").meta.action == "incremental"
        )
        instance.dispose()
