"""One document's outcome in a compile: the one per-document result, from the core to the user.

`compute` makes it for a document it computed (the fields it computed as `FieldRecord`s, the
IR file it wrote, or the problem); `document_runs` records those fields, completes its status
and reason (or makes one for a document that stops before computing: current, deleted,
unreadable, refused) and hands it to the run's progress listener (`progress`);
`compile_paths` names the path the user gave and the run; the CLI prints it, line by line
and as JSON (`cli.results`, a view of it), and its in-process path makes the same type.

This module imports no Dagster: the CLI's in-process path uses it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["compiled", "skipped", "failed"]


@dataclass(frozen=True)
class FieldRecord:
    """One computed field of a document: what its materialization records."""

    name: str
    data_version: str
    metadata: dict[str, Any]


@dataclass
class DocumentOutcome:
    """One document's outcome: `compiled`, `skipped` (current) or `failed` (`error`: the
    problem, without the document key, which is a field of its own)."""

    partition_key: str = ""
    status: Status = "compiled"
    #: what the compile did and why ("incremental: source changed", "selected", ...)
    reason: str = ""
    error: str | None = None
    #: the pass that failed, when one did
    pass_name: str | None = None
    seconds: float = 0.0
    ir_path: str | None = None
    #: the fields (assets) recorded for the document
    assets: tuple[str, ...] = ()
    #: the computed fields, until they are recorded (`recorded`)
    records: list[FieldRecord] = field(default_factory=list)
    #: optional passes that failed and were skipped (`pipeline.passfailure`): pass name ->
    #: the diagnostic's message; their fields are not recorded, the IR carries the diagnostic
    failed_passes: dict[str, str] = field(default_factory=dict)
    #: the `validation` / `verification` findings computed (for the asset checks), until
    #: they are recorded
    findings: dict[str, list[Any]] = field(default_factory=dict)
    #: the document as the user named it: its key, the path given, its doc_id
    document_key: str = ""
    path: str = ""
    doc_id: str = ""
    #: the Dagster run that compiled it (None: in process, or refused before a run)
    run_id: str | None = None
    #: sections of the tree (the in-process path, which holds the IR)
    nodes: int = 0
    #: a compiled document's `meta.changes` (`ir.changes.ChangeSet` as JSON: the added,
    #: removed, modified and restructured nodes); None when skipped or failed
    changes: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        """Compiled or skipped: the document has a current IR."""
        return self.status != "failed"

    def recorded(self, reason: str) -> DocumentOutcome:
        """After its fields were recorded: compiled (some field computed) or skipped (early
        cutoff found nothing to compute), with `reason`; the recorded values are dropped, the
        names of their assets kept."""
        self.status = "compiled" if self.records else "skipped"
        self.reason, self.assets = reason, tuple(r.name for r in self.records)
        self.records, self.findings = [], {}
        return self

    def failed(self, error: str, pass_name: str | None = None) -> DocumentOutcome:
        """This document failed with `error` (in `pass_name`); what it computed is dropped."""
        self.status, self.error, self.pass_name = "failed", error, pass_name
        self.reason, self.assets, self.ir_path = "", (), None
        self.records, self.findings = [], {}
        return self
