"""What the last compile changed in a document's tree (`DocumentMeta.changes`).

The spec's ChangeSet: the nodes added, removed, modified (same title under the same parent,
other text) and restructured (moved or re-parented) between the previous IR's tree and this
one, each with its title, id and fingerprint; on a first compile every node is added
(`new_document`).
`pipeline.incremental.ChangeDetector` computes it; it is build metadata (`BUILD_META_FIELDS`),
so it never makes two IRs of the same bytes differ.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ChangeKind = Literal["added", "removed", "modified", "restructured"]
KINDS: tuple[ChangeKind, ...] = ("modified", "added", "removed", "restructured")


class NodeChange(BaseModel):
    """One changed node: its id in the new tree (the old tree's for `removed`)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    kind: ChangeKind
    title: str
    node_id: str
    fingerprint: str = ""


class ChangeSet(BaseModel):
    """The changed nodes of one compile, by kind, in document order."""

    model_config = ConfigDict(extra="ignore")

    added: list[NodeChange] = Field(default_factory=list)
    removed: list[NodeChange] = Field(default_factory=list)
    modified: list[NodeChange] = Field(default_factory=list)
    restructured: list[NodeChange] = Field(default_factory=list)
    #: a first compile (no previous IR): every node is added, and the summary says so
    new_document: bool = False

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.modified or self.restructured)

    def counts(self) -> dict[str, int]:
        return {k: len(getattr(self, k)) for k in ("added", "removed", "modified", "restructured")}

    def summary(self) -> str:
        """One line: "2 sections modified, 1 added" (kinds in the order modified, added,
        removed, restructured; "no section changed" when empty; "new document (7 sections)"
        on a first compile)."""
        if self.new_document:
            n = len(self.added)
            return f"new document ({n} section{'s' if n != 1 else ''})"
        parts = [(n, k) for k in KINDS if (n := len(getattr(self, k)))]
        if not parts:
            return "no section changed"
        (n, k), rest = parts[0], parts[1:]
        first = f"{n} section{'s' if n != 1 else ''} {k}"
        return ", ".join([first, *(f"{n} {k}" for n, k in rest)])
