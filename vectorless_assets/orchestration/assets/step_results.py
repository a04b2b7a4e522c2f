"""What the compile step yields for the documents of its run: field values, checks, the IR.

A run normally covers one document (a `dagster/partition` run, or a backfill run whose
`dagster/asset_partition_range_start/end` tags name the same partition): each selected
field is one `MaterializeResult` with the value, its hash as data version and its metadata.

A run over a range of several documents (only if the backfill policy ever allows more than
one per run, or a run tagged so by hand) yields each field once with the value
`{partition_key: value}`; the JSON IO manager writes one file per partition, and the
metadata is attached per partition (`add_asset_metadata`). Dagster records ONE data version
for all partitions of such a run (issues #18649, #34013), so the version given is a hash over
the documents' own versions: values and IR files are right, and a later one-document run
merely sees those fields as changed once. Checks are evaluated over all documents' findings.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

import dagster as dg

from vectorless_assets.orchestration.assets import checks, metadata
from vectorless_assets.orchestration.assets.compute import Computed, fail
from vectorless_assets.orchestration.assets.partitions import document_key_for
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR, VERIFY_CHECK
from vectorless_assets.orchestration.storage import serde

Meta = Callable[[str, Any], dict[str, Any]]


def _result(context: dg.AssetExecutionContext, name: str, values: dict[str, Any], meta: Meta) -> dg.MaterializeResult:
    if len(values) == 1:
        ((pk, value),) = values.items()
        return dg.MaterializeResult(asset_key=name, value=value, data_version=dg.DataVersion(serde.data_version(name, value)), metadata=meta(pk, value))
    versions = "\n".join(f"{pk}={serde.data_version(name, value)}" for pk, value in sorted(values.items()))
    for pk, value in values.items():
        context.add_asset_metadata(meta(pk, value), asset_key=name, partition_key=pk)
    combined = hashlib.sha256(versions.encode()).hexdigest()[:32]
    return dg.MaterializeResult(asset_key=name, value=dict(values), data_version=dg.DataVersion(combined))


def step_results(context: dg.AssetExecutionContext, outs: dict[str, Computed], selected_checks: set[str], graph_fp: str) -> Iterator[dg.MaterializeResult | dg.AssetCheckResult]:
    """The events of one compile step; `outs` maps each partition key of the run to its result."""
    first = next(iter(outs.values()))
    selected = first.selected
    for name, _ in first.field_values():
        yield _result(context, name, {pk: out.state[name] for pk, out in outs.items()}, lambda _pk, value, name=name: metadata.for_field(name, value))
    for check in checks.CHECKED_FIELD:
        field = checks.CHECKED_FIELD[check]
        if check in selected_checks and field in selected:
            yield checks.evaluate(check, [d for out in outs.values() for d in out.state[field] or []])
    if DOCUMENT_IR not in selected:
        return
    blocked = [pk for pk, out in outs.items() if out.doc is None]
    if blocked:
        if VERIFY_CHECK in selected_checks and "verification" in selected:
            return  # the failed blocking check fails the step; document_ir is not written
        raise fail(", ".join(document_key_for(pk) for pk in blocked), "verify found errors; document_ir not written", "verify")
    yield _result(context, DOCUMENT_IR, {pk: out.doc for pk, out in outs.items()}, lambda pk, doc: metadata.for_document(doc, outs[pk].ir_path or "", graph_fp, outs[pk].ir_stamp))
