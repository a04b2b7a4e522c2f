"""Validate and verify as partitioned asset checks: one evaluation per document.

* `validate` checks the `validation` asset and only warns (severity WARN, not blocking):
  it fails when the validate pass reported warnings or errors.
* `verify` checks the `verification` asset and is blocking (severity ERROR): an
  error-severity finding (e.g. an empty tree) fails it, and `document_ir`, the only
  consumer of `verification`, is not materialized (its IR file is not written: `compute`).

The checks are partitioned like the assets (`AssetCheckSpec(partitions_def=...)`, a preview
feature of Dagster 1.13), so the UI shows each document's own result and history. Dagster's
`AssetCheckResult` carries no partition (a run over a range records one unpartitioned
result), so every compiling step logs one `AssetCheckEvaluation` per computed document and
check, with its partition and the materialization it checked (`target`): the check is then
current for that partition until the field is materialized again. A run that planned the
check (a partition or a range of the compile asset) has a planned row per partition, which
the evaluation completes; the batched `recompile_documents` job plans none, and the event
log inserts the row. Metadata stays small (two counts, at most three findings): it is
stored with every document.
"""

from __future__ import annotations

import time
import warnings

import dagster as dg
from dagster._core.definitions.asset_checks.asset_check_evaluation import (
    AssetCheckEvaluationTargetMaterializationData,
)

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import VALIDATE_CHECK, VERIFY_CHECK
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.pipeline.runner import errors_in

#: The field each check looks at.
CHECKED_FIELD = {VALIDATE_CHECK: "validation", VERIFY_CHECK: "verification"}
#: findings shown in an evaluation's metadata, and their length
SHOWN, SHOWN_CHARS = 3, 160


def check_specs(names: Names = STANDALONE) -> list[dg.AssetCheckSpec]:
    """The two checks on the compiler `names`' `validation` / `verification` assets, one
    result per document partition."""
    with warnings.catch_warnings():  # partitioned checks are a preview feature (docs/dagster.md)
        warnings.simplefilter("ignore", dg.PreviewWarning)
        return [
            dg.AssetCheckSpec(
                VALIDATE_CHECK,
                asset=names.key(CHECKED_FIELD[VALIDATE_CHECK]),
                partitions_def=names.partitions,
                description=(
                    "Structural warnings of the validate pass on the document's final tree "
                    "(warns, never blocks)."
                ),
            ),
            dg.AssetCheckSpec(
                VERIFY_CHECK,
                asset=names.key(CHECKED_FIELD[VERIFY_CHECK]),
                partitions_def=names.partitions,
                blocking=True,
                description=(
                    "The verify pass found no error in the document (a non-empty tree); "
                    "blocks its `document_ir` when it fails."
                ),
            ),
        ]


def target(
    storage_id: int | None, run_id: str, timestamp: float | None = None
) -> AssetCheckEvaluationTargetMaterializationData | None:
    """The materialization a check evaluated (None when unknown)."""
    if storage_id is None:
        return None
    return AssetCheckEvaluationTargetMaterializationData(
        storage_id=storage_id, run_id=run_id, timestamp=timestamp or time.time()
    )


def evaluation(
    check: str,
    diagnostics: list[Diagnostic],
    *,
    partition: str,
    checked: AssetCheckEvaluationTargetMaterializationData | None,
    names: Names = STANDALONE,
    step_blocking: bool = True,
) -> dg.AssetCheckEvaluation:
    """The result of `check` on one document (`partition`) from the diagnostics its pass
    produced; `checked`: the materialization of the field they were read from (`target`).

    `step_blocking=False` (the batched job): a failed `verify` is recorded as not blocking,
    since Dagster would fail the whole chunk step after its events for it, and the run's
    corpus refresh would be skipped; the document is blocked by the compile itself (its IR
    is not written) and named in the run's failure."""
    errors = errors_in(diagnostics)
    warned = [d for d in diagnostics if d.severity == "warning"]
    verify = check == VERIFY_CHECK
    metadata: dict[str, object] = {"errors": len(errors), "warnings": len(warned)}
    if errors or warned:
        metadata["findings"] = dg.MetadataValue.md(
            "\n".join(
                f"- **{d.severity}** `{d.code}`: {d.message[:SHOWN_CHARS]}"
                for d in (errors + warned)[:SHOWN]
            )
        )
    return dg.AssetCheckEvaluation(
        asset_key=names.key(CHECKED_FIELD[check]),
        check_name=check,
        passed=not errors if verify else not (errors or warned),
        metadata=metadata,
        target_materialization_data=checked,
        severity=dg.AssetCheckSeverity.ERROR if verify else dg.AssetCheckSeverity.WARN,
        blocking=verify and step_blocking,
        partition=partition,
    )
