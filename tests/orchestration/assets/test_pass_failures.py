"""Through Dagster, an optional pass that fails is skipped, not fatal: the document's other
fields and its IR are materialized, the failed pass's fields are not, and the step fails
naming document and pass, so Dagster's partition status shows that field's partition FAILED
(Dagster 1.13 OSS stores no failure events: a partition is failed when a failed run planned
it and did not materialize it) and its staleness is not FRESH. A required pass that fails
fails its document alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dagster as dg
import pytest
from dagster._core.definitions.data_version import CachingStaleStatusResolver
from dagster._core.loader import LoadingContextForTest
from dagster._core.storage.partition_status_cache import get_and_update_asset_status_cache_value

from tests.support.automation import QUIET
from tests.support.two_documents import TEXTS, A, B
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.pipeline.passfailure import PASS_FAILED
from vectorless_assets.pipeline.table import TABLE

OPTIONAL = [p.name for p in TABLE.passes if not p.required]
REQUIRED = [p.name for p in TABLE.passes if p.required]
RANGE = {"dagster/asset_partition_range_start": A, "dagster/asset_partition_range_end": B}


def _raising_on_alpha(name: str):
    """The table with pass `name` raising for document a (its inputs mention "Alpha") only."""
    original = TABLE.by_name[name].run

    def boom(**kwargs: Any) -> Any:
        if "alpha" in repr({k: v for k, v in kwargs.items() if k != "ctx"}).lower():
            raise ValueError(f"{name} exploded")
        return original(**kwargs)

    return TABLE.replaced(name, run=boom)


def _compile(tmp_path: Path, name: str) -> tuple[dg.ExecuteInProcessResult, Settings, Any, Any]:
    docs = tmp_path / "docs"
    instance = dg.DagsterInstance.ephemeral()  # in memory: 15 runs stay cheap
    instance.add_dynamic_partitions(PARTITIONS_NAME, [A, B])
    for pk, (rel, text) in zip((A, B), TEXTS.items(), strict=True):
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
        instance.report_runless_asset_event(
            dg.AssetObservation(
                "source",
                partition=pk,
                tags={"dagster/data_version": content_fingerprint(text.encode())},
            )
        )
    settings = Settings.create(
        docs_dir=docs,
        ir_dir=tmp_path / "ir",
        options=CompileOptions(mode="deep"),
        workers=1,
        table=_raising_on_alpha(name),
    )
    defs = build_defs(settings)
    result = defs.resolve_job_def(COMPILE_JOB).execute_in_process(
        instance=instance, tags=RANGE, run_config=QUIET, raise_on_error=False
    )
    return result, settings, defs, instance


def _materialized(instance: dg.DagsterInstance, field: str, pk: str) -> bool:
    return bool(
        instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey(field), asset_partitions=[pk]), limit=1
        ).records
    )


def _failed_partitions(instance: dg.DagsterInstance, defs: dg.Definitions, field: str) -> set:
    key = dg.AssetKey(field)
    partitions = defs.resolve_asset_graph().get(key).partitions_def
    value = get_and_update_asset_status_cache_value(instance, key, partitions)
    assert value is not None
    return set(value.deserialize_failed_partition_subsets(partitions).get_partition_keys())


@pytest.mark.parametrize("name", OPTIONAL)
def test_a_failing_optional_pass_is_recorded_failed_and_the_ir_materialized(
    name: str, tmp_path: Path
) -> None:
    result, settings, defs, instance = _compile(tmp_path, name)
    assert not result.success  # the run says something failed, naming document and pass
    failure = result.get_step_failure_events()[0].step_failure_data.user_failure_data
    assert any(
        k == f"{A} [{name}]" and f"ValueError: {name} exploded" in str(v.value)
        for k, v in failure.metadata.items()
    ), failure.metadata
    doc = load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(A)}.bin")
    (diag,) = [d for d in doc.diagnostics if d.code == PASS_FAILED]
    assert diag.source == name and f"ValueError: {name} exploded" in diag.message
    assert not [
        d
        for d in load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(B)}.bin").diagnostics
        if d.code == PASS_FAILED
    ]
    writes = set(TABLE.by_name[name].writes)
    fields = [w for p in TABLE.passes for w in p.writes] + ["document_ir"]
    for field in fields:
        assert _materialized(instance, field, A) == (field not in writes), field
        assert _materialized(instance, field, B), field
    resolver = CachingStaleStatusResolver(
        instance, defs.resolve_asset_graph(), LoadingContextForTest(instance)
    )
    for field in writes:
        assert _failed_partitions(instance, defs, field) == {A}
        assert resolver.get_status(dg.AssetKey(field), A).value != "FRESH"
        assert resolver.get_status(dg.AssetKey(field), B).value == "FRESH"
    assert _failed_partitions(instance, defs, "document_ir") == set()


@pytest.mark.parametrize("name", REQUIRED)
def test_a_failing_required_pass_fails_its_document_alone(name: str, tmp_path: Path) -> None:
    result, settings, defs, instance = _compile(tmp_path, name)
    assert not result.success
    assert not (Path(settings.ir_dir) / f"{key_to_doc_id(A)}.bin").exists()
    assert (Path(settings.ir_dir) / f"{key_to_doc_id(B)}.bin").exists()
    assert not _materialized(instance, "document_ir", A)
    assert _failed_partitions(instance, defs, "document_ir") == {A}
    resolver = CachingStaleStatusResolver(
        instance, defs.resolve_asset_graph(), LoadingContextForTest(instance)
    )
    assert resolver.get_status(dg.AssetKey("document_ir"), B).value == "FRESH"


def test_the_batched_job_records_the_other_fields_and_leaves_the_failed_one_unsynced(
    tmp_path: Path,
) -> None:
    """`recompile_documents` (the CLI's and the sensor's job) plans no asset partitions, so
    Dagster cannot mark one failed: the failed field is not recorded (MISSING on a first
    compile), the run fails naming it, and the IR is written."""
    docs = tmp_path / "docs"
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(PARTITIONS_NAME, [A, B])
    for rel, text in TEXTS.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    settings = Settings.create(
        docs_dir=docs,
        ir_dir=tmp_path / "ir",
        options=CompileOptions(mode="deep"),
        workers=1,
        table=_raising_on_alpha("overlap"),
    )
    defs = build_defs(settings)
    config = {**QUIET, **batch_request([A, B], run_key=None).run_config}
    result = defs.resolve_job_def(RECOMPILE_JOB).execute_in_process(
        instance=instance, run_config=config, raise_on_error=False
    )
    assert not result.success
    assert (Path(settings.ir_dir) / f"{key_to_doc_id(A)}.bin").exists()
    assert not _materialized(instance, "content_overlap", A)
    assert _materialized(instance, "document_ir", A) and _materialized(instance, "tree", A)
    resolver = CachingStaleStatusResolver(
        instance, defs.resolve_asset_graph(), LoadingContextForTest(instance)
    )
    overlap = dg.AssetKey("content_overlap")
    assert resolver.get_status(overlap, A).value == "MISSING"
    assert resolver.get_status(overlap, B).value == "FRESH"
