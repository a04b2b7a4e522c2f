"""Validate and verify as asset checks on the fields their passes write.

* `validate` checks the `validation` asset and only warns (severity WARN, not blocking):
  it fails when the validate pass reported warnings or errors.
* `verify` checks the `verification` asset and is blocking (severity ERROR): an
  error-severity finding (e.g. an empty tree) fails it, and `document_ir`, the only
  consumer of `verification`, is not materialized (its IR file is not written). In the fused
  compile step this is done by the step itself, and Dagster then fails the step because a
  blocking check failed, as it would for a separate step.
"""

from __future__ import annotations

import dagster as dg

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import VALIDATE_CHECK, VERIFY_CHECK
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.pipeline.runner import errors_in

#: The field each check looks at.
CHECKED_FIELD = {VALIDATE_CHECK: "validation", VERIFY_CHECK: "verification"}


def check_specs(names: Names = STANDALONE) -> list[dg.AssetCheckSpec]:
    """The two checks on the compiler `names`' `validation` / `verification` assets."""
    return [
        dg.AssetCheckSpec(
            VALIDATE_CHECK,
            asset=names.key(CHECKED_FIELD[VALIDATE_CHECK]),
            description=(
                "Structural warnings of the validate pass on the final tree (warns, never blocks)."
            ),
        ),
        dg.AssetCheckSpec(
            VERIFY_CHECK,
            asset=names.key(CHECKED_FIELD[VERIFY_CHECK]),
            blocking=True,
            description=(
                "The verify pass found no error (a non-empty tree); blocks "
                "`document_ir` when it fails."
            ),
        ),
    ]


def evaluate(
    check: str, diagnostics: list[Diagnostic], names: Names = STANDALONE
) -> dg.AssetCheckResult:
    """The result of `check` from the diagnostics its pass produced."""
    errors = errors_in(diagnostics)
    warnings = [d for d in diagnostics if d.severity == "warning"]
    if check == VERIFY_CHECK:
        passed = not errors
        severity = dg.AssetCheckSeverity.ERROR
    else:
        passed = not errors and not warnings
        severity = dg.AssetCheckSeverity.WARN
    shown = (errors + warnings)[:10]
    return dg.AssetCheckResult(
        asset_key=names.key(CHECKED_FIELD[check]),
        check_name=check,
        passed=passed,
        severity=severity,
        metadata={
            "errors": len(errors),
            "warnings": len(warnings),
            "findings": dg.MetadataValue.md(
                "\n".join(f"- **{d.severity}** `{d.code}`: {d.message}" for d in shown) or "none"
            ),
        },
    )
