"""Check-only runs: the UI's "Execute" / "Execute all" on the `validate` and `verify` checks.

The checks are not partitioned, so the UI launches such a run without a partition and with
no asset selected. Nothing is recompiled: each selected check is evaluated on the values
the last materializations stored (the JSON field store), for the run's documents if it names
some, otherwise for every registered document. A document whose field was never
materialized is counted (`not_materialized`), not failed; findings name their document.
"""

from __future__ import annotations

from collections.abc import Iterator

import dagster as dg

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.assets import checks
from vectorless_assets.orchestration.assets.partitions import document_key_for
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.storage.io_manager import FieldStore


def run_documents(context: dg.AssetExecutionContext, names: Names = STANDALONE) -> list[str]:
    """The run's partition keys, or every registered document of the compiler `names` for a
    run without partitions."""
    if context.has_partition_key or context.has_partition_key_range:
        return list(context.partition_keys)
    return list(context.instance.get_dynamic_partitions(names.partitions_name))


def stored_check_results(
    context: dg.AssetExecutionContext,
    selected_checks: set[str],
    store: FieldStore,
    names: Names = STANDALONE,
) -> Iterator[dg.AssetCheckResult]:
    """One result per selected check, from the stored `validation` / `verification` values."""
    keys = run_documents(context, names)
    for check, field in checks.CHECKED_FIELD.items():
        if check not in selected_checks:
            continue
        stored = [pk for pk in keys if store.exists(field, pk)]
        findings: list[Diagnostic] = []
        for pk in stored:
            label = document_key_for(pk)
            findings += [
                d.model_copy(update={"message": f"{label}: {d.message}"})
                for d in store.read(field, pk) or []
            ]
        result = checks.evaluate(check, findings, names)
        yield dg.AssetCheckResult(
            asset_key=result.asset_key,
            check_name=result.check_name,
            passed=result.passed,
            severity=result.severity,
            metadata={
                **result.metadata,
                "documents": len(stored),
                "not_materialized": len(keys) - len(stored),
            },
        )
