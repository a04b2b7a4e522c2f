"""What `vectorless compile` reports per document, on either path (in process or Dagster)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vectorless_assets.ir.changes import ChangeSet


@dataclass
class CompileResult:
    key: str
    path: str
    ok: bool
    doc_id: str = ""
    ir_path: str = ""
    nodes: int = 0
    status: str = ""
    error: str = ""
    #: what the compile did and why ("incremental: source changed", ...)
    reason: str = ""
    ms: float = 0.0
    #: a compiled document's `meta.changes` (`ir.changes.ChangeSet` as JSON: the added,
    #: removed, modified and restructured nodes); None when skipped or failed
    changes: dict[str, Any] | None = None

    def change_line(self) -> str:
        """ "guide.md: 2 sections modified, 1 added" for a compiled document that changed, else
        ""."""
        if self.changes is None:
            return ""
        changes = ChangeSet.model_validate(self.changes)
        return "" if changes.empty else f"{self.key}: {changes.summary()}"
