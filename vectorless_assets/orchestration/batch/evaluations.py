"""The evaluations of the `validate` and `verify` checks a compile records: one per document.

Dagster's `AssetCheckResult` carries no partition (a run over a range records one
unpartitioned result), so every compiling step logs one `AssetCheckEvaluation` per computed
document and check (`evaluation`), with its partition and the materialization it checked
(`target`): the check is then current for that partition until the field is materialized
again. A run that planned the check (a partition or a range of the compile asset) has a
planned row per partition, which the evaluation completes; the batched
`recompile_documents` job plans none, and the event log inserts the row. Metadata stays
small (two counts, at most three findings): it is stored with every document. The checks
themselves are `assets.checks`.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Mapping

import dagster as dg
from dagster._core.definitions.asset_checks.asset_check_evaluation import (
    AssetCheckEvaluationTargetMaterializationData,
)

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import VALIDATE_CHECK, VERIFY_CHECK
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.pipeline.runner import errors_in

#: The field each check looks at.
CHECKED_FIELD = {VALIDATE_CHECK: "validation", VERIFY_CHECK: "verification"}
#: findings shown in an evaluation's metadata, and their length
SHOWN, SHOWN_CHARS = 3, 160


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


def of_outcome(
    outcome: DocumentOutcome,
    checks: Collection[str],
    *,
    pointers: Mapping[str, int | None],
    run_id: str,
    names: Names = STANDALONE,
    step_blocking: bool = True,
) -> Iterator[dg.AssetCheckEvaluation]:
    """One evaluation of each check of `checks` whose field the document of `outcome`
    computed, with its partition and the materialization just recorded (`pointers`: storage
    ids by field, `PartitionRecorder.pointers`)."""
    for check, field in CHECKED_FIELD.items():
        if check in checks and field in outcome.findings:
            yield evaluation(
                check,
                outcome.findings[field],
                partition=outcome.partition_key,
                checked=target(pointers.get(field), run_id),
                names=names,
                step_blocking=step_blocking,
            )
