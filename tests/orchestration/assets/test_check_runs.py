"""Check-only runs (the UI's "Execute" on a check): no partition, no asset, stored values checked.

The UI launches them on the global asset job with only the check selected and no partition
tag; the compile step must evaluate the stored `verification` / `validation` values instead
of asking for a partition key. Executed on a real SQLite instance in a temp dir.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from tests.support.two_documents import A, B, two_documents
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import COMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.io_manager import FieldStore

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
CHECKS = {
    dg.AssetCheckKey(dg.AssetKey("verification"), "verify"),
    dg.AssetCheckKey(dg.AssetKey("validation"), "validate"),
}


@pytest.fixture
def compiled(tmp_path: Path) -> tuple[Settings, dg.Definitions, dg.DagsterInstance]:
    settings, instance = two_documents(tmp_path, "never~compiled.md")
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
    defs: dg.Definitions, instance: dg.DagsterInstance
) -> dg.ExecuteInProcessResult:
    job = defs.resolve_implicit_global_asset_job_def().get_subset(
        asset_selection=set(), asset_check_selection=CHECKS
    )
    return job.execute_in_process(instance=instance, run_config=QUIET, raise_on_error=False)


def test_check_only_run_without_partition_checks_every_stored_document(
    compiled: tuple[Settings, dg.Definitions, dg.DagsterInstance],
) -> None:
    _, defs, instance = compiled
    result = _check_only_run(defs, instance)
    assert result.success, [e.message for e in result.all_events if e.is_failure]
    evals = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert set(evals) == {"verify", "validate"} and evals["verify"].passed
    meta = evals["verify"].metadata
    assert meta["documents"].value == 2 and meta["not_materialized"].value == 1
    assert not [e for e in result.all_events if e.event_type_value == "ASSET_MATERIALIZATION"]


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
    result = _check_only_run(defs, instance)
    evals = {e.check_name: e for e in result.get_asset_check_evaluations()}
    assert not evals["verify"].passed
    assert "b/index.md: the tree is empty" in evals["verify"].metadata["findings"].value
