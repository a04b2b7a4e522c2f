"""`validate` and `verify` per document: one evaluation per check and document, on every path.

Dagster's partitioned check specs are a preview feature and `AssetCheckResult` has no
partition, so the compile steps log `AssetCheckEvaluation`s with a partition themselves.
These tests pin what the UI relies on through the instance's own APIs: the per-partition
status (`get_asset_check_state`, what the UI's partition bar reads), the latest evaluation
and the history of one partition. Executed on a real SQLite instance (the shipped
`dagster.yaml`) in a temp dir, with one document failing verify (`support.checks`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.event_api import PartitionKeyFilter
from dagster._core.storage.asset_check_execution_record import AssetCheckExecutionRecordStatus

from tests.support.checks import BROKEN, GOOD, KEYS, check_status, failing_verify
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import recompile_config

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
START, END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"
VERIFY = dg.AssetCheckKey(dg.AssetKey("verification"), "verify")
VALIDATE = dg.AssetCheckKey(dg.AssetKey("validation"), "validate")
UNREADABLE = "e.pdf"  # after the other documents: the end of the range


@pytest.fixture
def env(tmp_path: Path) -> Iterator[tuple[Settings, dg.Definitions, dg.DagsterInstance]]:
    settings, instance = failing_verify(tmp_path)
    yield settings, build_defs(settings), instance
    instance.dispose()


def _evaluations(result: dg.ExecuteInProcessResult) -> dict[tuple[str, str], bool]:
    """(check, partition) -> passed, of the run's evaluations (each pair once)."""
    evals = result.get_asset_check_evaluations()
    pairs = [(e.check_name, e.partition) for e in evals]
    assert len(pairs) == len(set(pairs)), pairs
    return {(e.check_name, e.partition): e.passed for e in evals}


def _ir(settings: Settings, key: str) -> Path:
    return Path(settings.ir_dir) / f"{key_to_doc_id(key)}.bin"


def _failure(result: dg.ExecuteInProcessResult) -> str:
    """The failed step's description and metadata (each failed document, with its problem)."""
    data = next(e for e in result.all_events if e.is_step_failure).step_failure_data
    meta = data.user_failure_data.metadata
    return "\n".join([data.user_failure_data.description, *(str(v.value) for v in meta.values())])


def _assert_per_document(
    instance: dg.DagsterInstance,
    settings: Settings,
    result: dg.ExecuteInProcessResult,
    unchecked: frozenset[str] = frozenset(),
) -> None:
    """Every document checked once per check in `result`, `verify` red for BROKEN only; its
    IR not written, the others' written; the run failed naming it. `unchecked`: documents
    failing before their checks, shown as "execution failed"."""
    assert _evaluations(result) == {
        **{("validate", k): True for k in KEYS},
        **{("verify", k): k != BROKEN for k in KEYS},
    }
    assert not _ir(settings, BROKEN).exists()
    assert all(_ir(settings, k).exists() for k in GOOD)
    assert not result.success and "b.md [verify]" in _failure(result)
    failed = {"EXECUTION_FAILED": set(unchecked)} if unchecked else {}
    assert check_status(instance, settings, VERIFY) == {
        "SUCCEEDED": set(GOOD),
        "FAILED": {BROKEN},
        **failed,
    }
    assert check_status(instance, settings, VALIDATE) == {"SUCCEEDED": set(KEYS), **failed}


def test_ranged_run_records_one_evaluation_per_document_and_blocks_only_the_failing_ir(
    env: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = env
    (Path(settings.docs_dir) / UNREADABLE).write_bytes(b"%PDF-1.4 not really a pdf")
    instance.add_dynamic_partitions(PARTITIONS_NAME, [UNREADABLE])
    job = defs.resolve_job_def(COMPILE_JOB)
    result = job.execute_in_process(
        instance=instance,
        tags={START: KEYS[0], END: UNREADABLE},  # what the UI's backfill launches
        run_config=QUIET,
        raise_on_error=False,
    )
    _assert_per_document(instance, settings, result, unchecked=frozenset({UNREADABLE}))
    assert "e.pdf [parse]" in _failure(result)
    # the preview API, as the UI reads it: the latest evaluation of one partition, targeting
    # that partition's latest `verification` materialization (so it counts as current)
    storage = instance.event_log_storage
    latest = storage.get_latest_asset_check_execution_by_key(
        [VERIFY], partition_filter=PartitionKeyFilter(key=BROKEN)
    )[VERIFY]
    assert latest.status == AssetCheckExecutionRecordStatus.FAILED
    assert latest.partition == BROKEN and latest.run_id == result.run_id
    mat = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=VERIFY.asset_key, asset_partitions=[BROKEN]), limit=1
    ).records[0]
    assert latest.evaluation.target_materialization_data.storage_id == mat.storage_id
    assert latest.evaluation.metadata["errors"].value == 1
    assert "marked broken" in latest.evaluation.metadata["findings"].value
    history = storage.get_asset_check_execution_history(
        VERIFY, limit=10, partition_filter=PartitionKeyFilter(key=GOOD[0])
    )
    assert [(r.status, r.partition) for r in history] == [
        (AssetCheckExecutionRecordStatus.SUCCEEDED, GOOD[0])
    ]
    assert "findings" not in history[0].evaluation.metadata  # a passing check stays small


def test_batched_job_records_per_document_evaluations(
    env: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = env
    job = defs.resolve_job_def(RECOMPILE_JOB)
    config = {**QUIET, **recompile_config(KEYS)}
    result = job.execute_in_process(instance=instance, run_config=config, raise_on_error=False)
    _assert_per_document(instance, settings, result)
    # the next run recompiles only the failed document (its IR is missing): its checks are
    # evaluated again, the others' stay current
    again = job.execute_in_process(instance=instance, run_config=config, raise_on_error=False)
    assert _evaluations(again) == {("validate", BROKEN): True, ("verify", BROKEN): False}
    assert check_status(instance, settings, VERIFY) == {"SUCCEEDED": set(GOOD), "FAILED": {BROKEN}}


def test_a_new_materialization_leaves_the_old_evaluation_not_current(
    env: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = env
    job = defs.resolve_job_def(COMPILE_JOB)
    assert job.execute_in_process(instance=instance, partition_key=GOOD[0], run_config=QUIET)
    assert check_status(instance, settings, VERIFY) == {"SUCCEEDED": {GOOD[0]}}
    # `verification` materialized without its check selected: no evaluation, and the
    # partition's earlier one no longer counts (it checked an older value)
    subset = job.get_subset(asset_selection={VERIFY.asset_key}, asset_check_selection=set())
    only = subset.execute_in_process(instance=instance, partition_key=GOOD[0], run_config=QUIET)
    assert only.success and not _evaluations(only)
    assert check_status(instance, settings, VERIFY) == {}
