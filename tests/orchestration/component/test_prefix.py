"""Two compilers (prefixes `docs`, `contracts`) in one set of definitions, in process.

Every name a compiler gives (assets, groups, partitions, jobs, ops, sensor, schedules,
resource and IO-manager keys) carries its prefix (`base.names`), and so does everything a
run or a tick writes and reads back: materializations, observations, provenance tags,
partitions, run requests. A host project with its own `io_manager` keeps it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import dagster as dg

from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    DOCUMENT_IR,
    INPUT_DATA_VERSION_TAG,
    RECOMPILE_JOB,
    SCHEDULE_NAME,
    SENSOR_NAME,
    SOURCE,
)
from vectorless_assets.orchestration.base.names import names_for
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore

PREFIXES = ("docs", "contracts")
TEXT = {
    "docs": "# Guide\n\nIntro.\n\n## Install\n\nRun it.\n",
    "contracts": "# Contract\n\nParties.\n",
}


def _settings(tmp_path: Path, prefix: str) -> Settings:
    root = tmp_path / "documents" / prefix
    root.mkdir(parents=True, exist_ok=True)
    (root / "a.md").write_text(TEXT[prefix], encoding="utf-8")
    return Settings.create(
        docs_dir=root, ir_dir=tmp_path / ".vectorless" / prefix / "ir", workers=1, prefix=prefix
    )


def _two_compilers(tmp_path: Path) -> tuple[dict[str, Settings], dg.Definitions]:
    settings = {p: _settings(tmp_path, p) for p in PREFIXES}
    defs = dg.Definitions.merge(*(build_defs(s, standalone=False) for s in settings.values()))
    dg.Definitions.validate_loadable(defs)
    return settings, defs


def test_two_compilers_have_distinct_names_and_no_default_io_manager(tmp_path: Path) -> None:
    _, defs = _two_compilers(tmp_path)
    repo = defs.get_repository_def()
    keys = repo.asset_graph.get_all_asset_keys()
    assert {k.path[0] for k in keys} == set(PREFIXES)
    assert len([k for k in keys if k.path[0] == "docs"]) == len(keys) // 2
    assert {j.name for j in repo.get_all_jobs() if not j.name.startswith("__")} == {
        f"{p}__{j}" for p in PREFIXES for j in (COMPILE_JOB, RECOMPILE_JOB)
    }
    resources = set(defs.resources or {})
    assert "io_manager" not in resources and "docs__io_manager" in resources
    assert all(r.startswith(("docs__", "contracts__")) for r in resources)
    for prefix in PREFIXES:
        names = names_for(prefix)
        node = repo.assets_defs_by_key[names.key(DOCUMENT_IR)]
        assert node.partitions_def is not None
        assert node.partitions_def.name == f"{prefix}__documents"
        assert node.group_names_by_key[names.key(DOCUMENT_IR)] == f"{prefix}__document"
    assert defs.executor is None


def test_each_compiler_records_under_its_own_keys_and_partitions(tmp_path: Path) -> None:
    settings, defs = _two_compilers(tmp_path)
    pk = partition_key_for("a.md")
    with dg.DagsterInstance.ephemeral() as instance:
        for prefix in PREFIXES:  # a partition run of the compile job
            names = settings[prefix].names
            instance.add_dynamic_partitions(names.partitions_name, [pk])
            job = defs.resolve_job_def(names.name(COMPILE_JOB))
            assert job.execute_in_process(instance=instance, partition_key=pk).success
            assert (Path(settings[prefix].ir_dir) / f"{key_to_doc_id(pk)}.bin").exists()
            stored = records.stored_ir(instance, pk, names)
            assert stored is not None and stored.content_fingerprint
            tree = records.latest(instance, "tree", pk, names)
            assert tree is not None and tree.asset_materialization is not None
            deps = [
                t for t in tree.asset_materialization.tags if t.startswith(INPUT_DATA_VERSION_TAG)
            ]
            assert deps and all(t.startswith(f"{INPUT_DATA_VERSION_TAG}{prefix}/") for t in deps)
        recorded = instance.get_asset_keys()
        assert recorded and {k.path[0] for k in recorded} == set(PREFIXES)
        assert instance.get_dynamic_partitions("documents") == []

        names = settings["contracts"].names  # a batched, forced run of the recompile job
        request = batch_request([pk], run_key=None, force=True, names=names)
        assert request.job_name == "contracts__recompile_documents"
        job = defs.resolve_job_def(request.job_name)
        before = records.latest(instance, DOCUMENT_IR, pk, names)
        assert job.execute_in_process(run_config=request.run_config, instance=instance).success
        after = records.latest(instance, DOCUMENT_IR, pk, names)
        assert before is not None and after is not None and after.storage_id > before.storage_id
        docs_ir = records.latest(instance, DOCUMENT_IR, pk, settings["docs"].names)
        assert docs_ir is not None and docs_ir.storage_id < before.storage_id  # untouched


def test_the_sensor_adds_its_own_partitions_and_requests_its_own_job(tmp_path: Path) -> None:
    settings, defs = _two_compilers(tmp_path)
    names = settings["docs"].names
    sensor = defs.resolve_sensor_def(names.name(SENSOR_NAME))
    resources = {
        names.documents: DocumentsRoot(path=settings["docs"].docs_dir),
        names.ir_store: IRStore(path=settings["docs"].ir_dir),
    }
    with dg.DagsterInstance.ephemeral() as instance:
        context = dg.build_sensor_context(instance=instance, resources=resources, definitions=defs)
        result = sensor(context)
    assert isinstance(result, dg.SensorResult)
    assert [r.job_name for r in result.run_requests or []] == ["docs__recompile_documents"]
    assert [r.partitions_def_name for r in result.dynamic_partitions_requests or []] == [
        "docs__documents"
    ]
    assert [e.asset_key for e in result.asset_events or []] == [names.key(SOURCE)]


def test_the_schedule_requests_its_own_job(tmp_path: Path) -> None:
    settings, defs = _two_compilers(tmp_path)
    names = settings["contracts"].names
    schedule = defs.resolve_schedule_def(names.name(SCHEDULE_NAME))
    assert schedule.job_name == "contracts__recompile_documents"
    resources = {
        names.documents: DocumentsRoot(path=settings["contracts"].docs_dir),
        names.ir_store: IRStore(path=settings["contracts"].ir_dir),
    }
    with (
        dg.instance_for_test() as instance,  # on disk: the schedule context opens it by its ref
        dg.build_schedule_context(
            instance=instance, resources=resources, scheduled_execution_time=datetime.now(UTC)
        ) as context,
    ):
        requests = schedule(context)
    assert isinstance(requests, list) and [r.job_name for r in requests] == [schedule.job_name]
    assert list(requests[0].run_config["ops"]) == ["contracts__recompile"]


def test_the_standalone_project_keeps_todays_names(tmp_path: Path) -> None:
    settings = Settings.create(docs_dir=tmp_path, ir_dir=tmp_path / "ir")
    defs = build_defs(settings)
    repo = defs.get_repository_def()
    assert set(defs.resources or {}) == {"documents", "ir_store", "llm", "io_manager", "chunk_io"}
    assert {j.name for j in repo.get_all_jobs()} == {
        "__ASSET_JOB",
        "compile_documents",
        "recompile_documents",
    }
    assert [s.name for s in repo.sensor_defs] == ["documents_sensor"]
    assert {s.name for s in repo.schedule_defs} == {
        "recompile_schedule",
        "force_recompile_schedule",
    }
    assert all(len(k.path) == 1 for k in repo.asset_graph.get_all_asset_keys())
    node = repo.assets_defs_by_key[dg.AssetKey(DOCUMENT_IR)]
    assert node.op.name == "compile_document" and node.partitions_def is not None
    assert node.partitions_def.name == "documents"
    assert node.group_names_by_key[dg.AssetKey(DOCUMENT_IR)] == "document"
    recompile = repo.get_job("recompile_documents")
    assert {n.name for n in recompile.nodes} == {"recompile", "recompile_chunk", "refresh_corpus"}
    assert defs.executor is dg.in_process_executor


HOST = dg.Definitions(resources={"io_manager": dg.FilesystemIOManager(base_dir="io")})


def test_a_host_with_its_own_io_manager_loads_with_one_compiler(tmp_path: Path) -> None:
    compiler = build_defs(_settings(tmp_path, "docs"), standalone=False)
    defs = dg.Definitions.merge(HOST, compiler)
    dg.Definitions.validate_loadable(defs)
    assert isinstance((defs.resources or {})["io_manager"], dg.FilesystemIOManager)
