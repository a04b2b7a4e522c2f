"""The Document IR (schema version 3): the single artifact of a compile."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from vectorless_assets.ir.changes import ChangeSet
from vectorless_assets.ir.index_fields import DocumentIndexes
from vectorless_assets.ir.toc import TocEntry
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.ir.versions import SCHEMA_VERSION

#: The frontend a document was read with: "markdown", "pdf", "docx" or another registered
#: frontend's format name (`frontends.registry`).
SourceFormat = str
Severity = Literal["info", "warning", "error"]


class Diagnostic(BaseModel):
    """A finding of a pass (validate, verify, a frontend), kept in the IR."""

    model_config = ConfigDict(extra="ignore")

    source: str
    code: str
    message: str
    severity: Severity = "warning"
    node_id: str | None = None

    def referenced_node_ids(self) -> set[str]:
        """The node the finding is about, if any."""
        return {self.node_id} if self.node_id else set()


class DocumentMeta(BaseModel):
    """Processing metadata for incremental recompilation and diagnostics."""

    model_config = ConfigDict(extra="ignore")

    #: when the document was first compiled (kept from the previous IR by every later compile
    #: and skip), and when this IR was written
    created_at: datetime
    modified_at: datetime
    content_fingerprint: str
    logic_fingerprint: str
    processing_version: int
    node_count: int = 0
    total_summary_tokens: int = 0
    processing_model: str | None = None
    processing_duration_ms: int = 0
    line_count: int | None = None
    tool_version: str = ""
    mode: str = "fast"
    pass_durations_ms: dict[str, float] = Field(default_factory=dict)
    llm_calls: int = 0
    llm_tokens: int = 0
    #: incremental compilation: what was done ("full", "incremental", "skip"), why, and how
    #: many tree nodes' expensive per-node results (enhance) were reused or recomputed
    action: str = "full"
    action_reason: str = ""
    reused_nodes: int = 0
    recomputed_nodes: int = 0
    #: passes whose previous outputs were carried over unchanged (inputs and code version equal)
    reused_passes: list[str] = Field(default_factory=list)
    #: LLM answers taken from the lasting cache instead of calling the model
    llm_cache_hits: int = 0
    #: LLM calls that failed (of `llm_calls`), retries inside them, calls not made (breaker
    #: open or the document's LLM deadline passed), and tree nodes whose LLM result is a
    #: fallback (`TreeNode.llm_fallback`): nonzero means the IR is degraded and is recompiled
    #: once an LLM works again
    llm_failures: int = 0
    llm_retries: int = 0
    llm_skipped: int = 0
    llm_fallback_nodes: int = 0
    #: code version of every pass (`<version>:<fingerprint of the options it reads>`)
    pass_versions: dict[str, str] = Field(default_factory=dict)
    #: the nodes the last compile added, removed, modified or restructured (`ir.changes`;
    #: every node added on a first compile, none on a skip)
    changes: ChangeSet = Field(default_factory=ChangeSet)
    #: the highest node id number the document has ever used: a recompile gives sections it
    #: cannot match to the previous IR's fresh ids above it, so a removed section's id is never
    #: reused (`passes.common.node_ids`; 0 in IRs written before it was kept: their tree's
    #: highest id counts)
    node_id_high_water: int = 0


#: Meta fields that describe how an IR was built rather than what it says: timings, the
#: incremental action and reuse, LLM usage, what changed since the previous IR. An incremental
#: compile equals a full compile of the same bytes apart from these (tested), and the Dagster
#: data version of `document_ir` leaves them out, so a cheaper rebuild does not look like a
#: new IR.
BUILD_META_FIELDS: tuple[str, ...] = (
    "created_at",
    "modified_at",
    "processing_duration_ms",
    "pass_durations_ms",
    "llm_calls",
    "llm_tokens",
    "action",
    "action_reason",
    "reused_nodes",
    "recomputed_nodes",
    "reused_passes",
    "llm_cache_hits",
    "llm_failures",
    "llm_retries",
    "llm_skipped",
    "llm_fallback_nodes",
    "changes",
)


class Document(DocumentIndexes):
    """A compiled document: tree, indexes, acceleration data and metadata."""

    # the index fields (nav_index, reasoning_index, ...) are `ir.index_fields.DocumentIndexes`'
    model_config = ConfigDict(extra="ignore")

    schema_version: int = SCHEMA_VERSION
    doc_id: str
    name: str
    format: SourceFormat
    #: the file the document was compiled from, absolute for a local file (a URL for remote
    #: storage); None when compiled from bytes. Schema 3 stored the key here.
    source_path: str | None = None
    #: the document's key: its path relative to the documents root (the doc_id is the
    #: UUIDv5 of it; `ir.identity`)
    document_key: str | None = None
    description: str = ""
    tree: DocumentTree = Field(default_factory=DocumentTree)
    #: the table of contents (enrich pass; empty in IRs written before it was stored:
    #: `ir.toc_view.entries` then derives it from the tree)
    toc: list[TocEntry] = Field(default_factory=list)
    summary: str = ""
    page_count: int | None = None
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    meta: DocumentMeta | None = None

    #: loaded from an older layout of the current schema number (`ir.persist`: a schema 3
    #: file from before `document_key`)
    _legacy: bool = PrivateAttr(default=False)

    def mark_old(self) -> None:
        """Count this document as old although its schema number is current (`ir.persist`)."""
        self._legacy = True

    @property
    def is_old(self) -> bool:
        """Written by another schema (`ir.versions`): below the current one (0: no
        `schema_version` at all), the retired 4, or schema 3 without `document_key`; the next
        compile rewrites it in the current schema."""
        return self.schema_version != SCHEMA_VERSION or self._legacy


def node_ids_in(value: Any) -> set[str]:
    """The node ids `value` references: its own `referenced_node_ids()` (index models, the
    tree, toc entries, diagnostics), the union over a list's items, nothing for other values."""
    if isinstance(value, list):
        return {i for item in value for i in node_ids_in(item)}
    method = getattr(value, "referenced_node_ids", None)
    return method() if callable(method) else set()


def referenced_node_ids(doc: Document) -> set[str]:
    """Every node id any index or reference of `doc` points at: the union over its fields."""
    return {i for name in type(doc).model_fields for i in node_ids_in(getattr(doc, name))}


def dangling_node_ids(doc: Document) -> set[str]:
    """Node ids referenced by some index but absent from the final tree (must be empty)."""
    present = {n.node_id for n in doc.tree.nodes}
    return referenced_node_ids(doc) - present
