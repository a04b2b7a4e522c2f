"""What `vectorless compile` reports per document, on either path (in process or Dagster)."""

from __future__ import annotations

from dataclasses import dataclass


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
