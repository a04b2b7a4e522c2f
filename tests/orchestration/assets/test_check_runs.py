"""Check-only runs (the UI's "Execute" on a check): no asset, stored values checked per document.

The checks are partitioned: the UI launches such a run for one partition (or a range) with
only the check selected; a run without a partition (the API) covers every registered
document. Each document gets its own evaluation of its partition, targeting the stored
value's materialization, and nothing is recompiled. Executed on a real SQLite instance (in
a temp dir).
"""

from __future__ import annotations

from collections.abc import Iterator

import dagster as dg
import pytest

from tests.support.checks import check_status
from tests.support.two_documents import A, B, two_documents
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import COMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.io_manager import FieldStore

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
VERIFY = dg.AssetCheckKey(dg.AssetKey("verification"), "verify")
VALIDATE = dg.AssetCheckKey(dg.AssetKey("validation"), "validate")
NEVER = "never~compiled.md"


@pytest.fixture(scope="module")
def compiled(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Settings, dg.Definitions, dg.DagsterInstance]]:
    """Two documents compiled once for the module (the last test, which stores an error, runs
    last: the others read the stored values as compiled)."""
    settings, instance = two_documents(tmp_path_factory.mktemp("checks"), NEVER)
    defs = build_defs(settings)
    for key in (A, B):
        assert (
            defs.resolve_job_def(COMPILE_JOB)
            .execute_in_process(instance=instance, partition_key=key, run_config=QUIET)
            .success
        )
    yield settings, defs, instance
    instance.dispose()


def _check_only_run(
    defs: dg.Definitions, instance: dg.DagsterInstance, partition: str | None = None
) -> dg.ExecuteInProcessResult:
    job = defs.resolve_implicit_global_asset_job_def().get_subset(
        asset_selection=set(), asset_check_selection={VERIFY, VALIDATE}
    )
    return job.execute_in_process(
        instance=instance, run_config=QUIET, partition_key=partition, raise_on_error=False
    )


def _evaluations(result: dg.ExecuteInProcessResult) -> list[tuple[str, str, bool]]:
    return sorted(
        (e.check_name, e.partition, e.passed) for e in result.get_asset_check_evaluations()
    )


def test_check_only_run_of_one_partition_evaluates_that_document(
    compiled: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = compiled
    result = _check_only_run(defs, instance, A)
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    assert _evaluations(result) == [("validate", A, True), ("verify", A, True)]
    assert not [e for e in result.all_events if e.event_type_value == "ASSET_MATERIALIZATION"]
    # the evaluation targets the stored value's materialization: it is current for A
    verify = next(e for e in result.get_asset_check_evaluations() if e.check_name == "verify")
    mat = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=VERIFY.asset_key, asset_partitions=[A]), limit=1
    ).records[0]
    assert verify.target_materialization_data.storage_id == mat.storage_id
    assert check_status(instance, settings, VERIFY) == {"SUCCEEDED": {A, B}}


def test_check_only_run_without_partition_checks_every_stored_document(
    compiled: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    _, defs, instance = compiled
    result = _check_only_run(defs, instance)
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    # the never compiled document has no stored value: not evaluated
    assert _evaluations(result) == [
        ("validate", A, True),
        ("validate", B, True),
        ("verify", A, True),
        ("verify", B, True),
    ]


def test_check_only_run_fails_verify_on_a_stored_error_and_names_the_document(
    compiled: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    settings, defs, instance = compiled
    FieldStore(settings.fields_dir).write(
        "verification",
        B,
        [
            Diagnostic(
                source="verify", code="empty_tree", message="the tree is empty", severity="error"
            )
        ],
    )
    result = _check_only_run(defs, instance, B)
    assert _evaluations(result) == [("validate", B, True), ("verify", B, False)]
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "b/index.md" in failure.step_failure_data.user_failure_data.description
    verify = next(e for e in result.get_asset_check_evaluations() if e.check_name == "verify")
    assert "the tree is empty" in verify.metadata["findings"].value
    assert check_status(instance, settings, VERIFY) == {"SUCCEEDED": {A}, "FAILED": {B}}
