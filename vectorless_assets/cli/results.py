"""What `vectorless compile` reports per document, on either path (in process or Dagster): a
view of the one per-document result, `DocumentOutcome` (`orchestration.batch.outcome`).

`as_json` is the document's record in `--json` output, `ms` its duration as printed, and
`change_line` the line naming what a compile changed.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.changes import ChangeSet
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome


def ms(outcome: DocumentOutcome) -> float:
    """The document's compile time in milliseconds, to a tenth."""
    return round(outcome.seconds * 1000, 1)


def as_json(outcome: DocumentOutcome) -> dict[str, Any]:
    """The document's record in `vectorless compile --json`."""
    return {
        "key": outcome.document_key,
        "path": outcome.path,
        "ok": outcome.ok,
        "doc_id": outcome.doc_id,
        "ir_path": outcome.ir_path or "",
        "nodes": outcome.nodes,
        "status": outcome.status,
        "error": outcome.error or "",
        "reason": outcome.reason,
        "ms": ms(outcome),
        "changes": outcome.changes,
    }


def change_line(outcome: DocumentOutcome) -> str:
    """ "guide.md: 2 sections modified, 1 added" for a compiled document that changed, else
    ""."""
    if outcome.changes is None:
        return ""
    changes = ChangeSet.model_validate(outcome.changes)
    return "" if changes.empty else f"{outcome.document_key}: {changes.summary()}"
