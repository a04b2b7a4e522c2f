"""Check-only runs: the UI's "Execute" on the `validate` and `verify` checks.

The checks are partitioned, so the UI launches such a run for a partition (or a range), with
no asset selected; a run launched without one (the API) covers every registered document.
Nothing is recompiled: each selected check is evaluated, per document, on the value the last
materialization stored (the JSON field store), as one `AssetCheckEvaluation` of that
partition targeting that materialization (`checks`). A document whose field was never
materialized gets no evaluation (counted in the log). A document failing the blocking
`verify` fails the run at its end, named, as a compile would.
"""

from __future__ import annotations

from collections.abc import Iterator

import dagster as dg

from vectorless_assets.orchestration.base.keys import VERIFY_CHECK
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch import evaluations
from vectorless_assets.orchestration.batch.partitions import document_key_for
from vectorless_assets.orchestration.storage.io_manager import FieldStore


def run_documents(context: dg.AssetExecutionContext, names: Names = STANDALONE) -> list[str]:
    """The run's partition keys, or every registered document of the compiler `names` for a
    run without partitions."""
    if context.has_partition_key or context.has_partition_key_range:
        return list(context.partition_keys)
    return list(context.instance.get_dynamic_partitions(names.partitions_name))


def _checked(
    instance: dg.DagsterInstance, key: dg.AssetKey, pk: str
) -> evaluations.AssetCheckEvaluationTargetMaterializationData | None:
    """The latest materialization of `key` for the partition `pk`, as a check's target."""
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=key, asset_partitions=[pk]), limit=1
    ).records
    if not records:
        return None
    record = records[0]
    return evaluations.target(record.storage_id, record.run_id, record.timestamp)


def stored_check_evaluations(
    context: dg.AssetExecutionContext,
    selected_checks: set[str],
    store: FieldStore,
    names: Names = STANDALONE,
) -> Iterator[dg.AssetCheckEvaluation]:
    """One evaluation per selected check and stored document, from the stored
    `validation` / `verification` values; a `dg.Failure` at the end names the documents
    failing `verify`."""
    keys = run_documents(context, names)
    failed: list[str] = []
    for check, field in evaluations.CHECKED_FIELD.items():
        if check not in selected_checks:
            continue
        stored = [pk for pk in keys if store.exists(field, pk)]
        for pk in stored:
            result = evaluations.evaluation(
                check,
                store.read(field, pk) or [],
                partition=pk,
                checked=_checked(context.instance, names.key(field), pk),
                names=names,
            )
            if check == VERIFY_CHECK and not result.passed:
                failed.append(document_key_for(pk))
            yield result
        context.log.info(
            f"{check}: {len(stored)} documents checked, "
            f"{len(keys) - len(stored)} never materialized (not evaluated)"
        )
    if failed:
        raise dg.Failure(
            description=f"verify failed for {len(failed)} of {len(keys)} documents: "
            + ", ".join(failed[:20])[:1000],
            allow_retries=False,
        )
