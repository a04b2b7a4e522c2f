"""Incremental compilation: what changed between two trees, and what a compile may reuse.

`ChangeDetector.detect(old, new)` classifies nodes by the one match of old and new nodes
(`passes.common.node_match`: by fingerprints, never by id or position): a node whose title
and own text are unchanged is matched to an old node with the same fingerprint (equal ones
in document order); it is *restructured* when its parent's match is not its old parent
(moved or re-parented). A new node without such a match is *modified* when the match pairs
it with an old node otherwise (the same title and text up to whitespace, or the same title
under a parent of the same title), else *added*; unmatched old nodes are *removed* (in the
old document order). The enrich pass carries node ids along the same match
(`passes.common.node_ids`), so a change names a kept node by the id it had and keeps.

`Reuse` carries a previous IR into a compile (`compile_document(previous=...)`, the CLI's IR
folder, the Dagster compile step's previous IR file):

* per node, for the enhance pass (its code version unchanged): the summary, routing keywords
  and question hints of every previous node with the same subtree fingerprint (same title,
  text and everything below it), except results that were LLM fallbacks;
* per field, for a pass whose code version is unchanged and whose every input equals the
  previous IR's value: its previous outputs (passes marked `reuse="field"` in the table);
* per leaf, for results that depend on a node's own text only (evidence scores): the previous
  result of the node with the same content fingerprint (`by_fingerprint`).

Passes count what they reused and recomputed (`reused_nodes`, `recomputed_nodes`,
`reused_passes` in the IR's meta).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from vectorless_assets.ir.changes import ChangeSet, NodeChange
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.node_match import content_fingerprints, match_nodes
from vectorless_assets.pipeline.passfailure import failed_passes
from vectorless_assets.pipeline.table import Pass, PassTable

V = TypeVar("V")


class ChangeDetector:
    """Node-level changes between an old and a new tree (see the module docstring)."""

    def since(self, previous: Document | None, new: DocumentTree) -> ChangeSet:
        """The changes from `previous`'s tree to `new`; with no previous IR every node is added."""
        if previous is not None:
            return self.detect(previous.tree, new)
        fps = content_fingerprints(new)
        return ChangeSet(
            added=[
                NodeChange(
                    kind="added", title=n.title, node_id=n.node_id, fingerprint=fps[n.node_id]
                )
                for n in new.nodes
            ],
            new_document=True,
        )

    def detect(self, old: DocumentTree, new: DocumentTree) -> ChangeSet:
        """The changes from `old` to `new` by `passes.common.node_match.match_nodes`: each
        change names the node's id in `new` (the carried id of a kept node: `node_ids`), a
        removed one its id in `old`."""
        match = match_nodes(old, new)
        pairs, new_fp = match.pairs, match.new_fingerprints
        old_by_id = {n.node_id: n for n in old.nodes}
        out = ChangeSet()
        for node in new.nodes:
            nid, fp = node.node_id, new_fp[node.node_id]
            if nid in match.same:
                old_parent = old_by_id[pairs[nid]].parent
                if (old_parent is None) != (node.parent is None) or (
                    node.parent is not None and pairs.get(node.parent) != old_parent
                ):
                    out.restructured.append(
                        NodeChange(
                            kind="restructured", title=node.title, node_id=nid, fingerprint=fp
                        )
                    )
            elif nid in pairs:
                out.modified.append(
                    NodeChange(kind="modified", title=node.title, node_id=nid, fingerprint=fp)
                )
            else:
                out.added.append(
                    NodeChange(kind="added", title=node.title, node_id=nid, fingerprint=fp)
                )
        for oid in match.unmatched_old(old):
            node = old_by_id[oid]
            out.removed.append(
                NodeChange(
                    kind="removed",
                    title=node.title,
                    node_id=oid,
                    fingerprint=match.old_fingerprints[oid],
                )
            )
        return out


def incremental_ready(previous: Document) -> bool:
    """Whether an IR can be the basis of an incremental compile (it has node fingerprints;
    IRs from before incremental compilation are compiled again in full)."""
    return all(n.subtree_fingerprint for n in previous.tree.nodes)


@dataclass
class Reuse:
    """What a compile may take from `previous` (see the module docstring) and what it took."""

    previous: Document
    same_passes: frozenset[str]
    nodes: dict[tuple[str, bool, int], TreeNode] = field(default_factory=dict)
    #: the previous compile's LLM work was degraded (failed or skipped calls): no LLM pass's
    #: outputs are carried over whole
    degraded: bool = False
    #: no node of the previous tree is an LLM fallback (the document summary may be reused)
    clean: bool = True
    reused_nodes: int = 0
    recomputed_nodes: int = 0
    reused_passes: list[str] = field(default_factory=list)

    @classmethod
    def from_previous(
        cls, previous: Document, table: PassTable, current_versions: dict[str, str]
    ) -> Reuse:
        stored = previous.meta.pass_versions if previous.meta else {}
        failed = failed_passes(previous.diagnostics)  # their outputs are absent: run them again
        same = frozenset(
            name
            for name, version in current_versions.items()
            if stored.get(name) == version and name not in failed
        )
        meta = previous.meta
        degraded = bool(meta and (meta.llm_failures or meta.llm_skipped))
        reuse = cls(previous=previous, same_passes=same, degraded=degraded)
        # a node is reusable only if nothing in its subtree is a fallback: a branch's prompt
        # contained its children's summaries
        tainted: set[str] = set()
        for node in reversed(previous.tree.nodes):  # children before parents
            if node.llm_fallback or any(c in tainted for c in node.children):
                tainted.add(node.node_id)
        reuse.clean = not tainted
        producer = table.by_name.get("enhance")
        if producer is not None and producer.name in same:
            for node in previous.tree.nodes:
                if node.subtree_fingerprint and node.node_id not in tainted:
                    reuse.nodes.setdefault(
                        (node.subtree_fingerprint, node.parent is None, node.depth), node
                    )
        return reuse

    def node(self, subtree_fingerprint: str, is_root: bool, depth: int) -> TreeNode | None:
        """The previous node with this subtree fingerprint at this depth (standard mode asks
        the model by depth) whose results are reusable, or None."""
        return self.nodes.get((subtree_fingerprint, is_root, depth))

    def document_summary(self, root_subtree_fingerprint: str) -> str | None:
        """The previous document summary when the whole tree is unchanged."""
        root = self.previous.tree.nodes[0] if self.previous.tree.nodes else None
        if (
            root is None
            or root.subtree_fingerprint != root_subtree_fingerprint
            or not self.clean
            or self.degraded
        ):
            return None
        return self.previous.summary

    def by_fingerprint(self, pass_name: str, values: Mapping[str, V]) -> dict[str, V]:
        """Previous per-node results of `pass_name` (`values` by old node id) keyed by the old
        node's content fingerprint; empty when the pass's code version changed. For results
        that depend on a node's own title and text only (score's evidence scores)."""
        if pass_name not in self.same_passes:
            return {}
        out: dict[str, V] = {}
        for node in self.previous.tree.nodes:
            if node.fingerprint and node.node_id in values:
                out.setdefault(node.fingerprint, values[node.node_id])
        return out

    def outputs(self, spec: Pass, state: dict[str, Any], table: PassTable) -> dict[str, Any] | None:
        """The previous outputs of `spec` when its code version and every input are unchanged."""
        if (
            spec.reuse != "field"
            or spec.name not in self.same_passes
            or (spec.llm and self.degraded)
        ):
            return None
        ir = set(table.ir_fields)
        if not set(spec.writes) <= ir or not set(spec.all_reads) <= ir:
            return None
        for name in spec.all_reads:
            value = state[name] if name in state else table.absent_value(name, state)
            if value != getattr(self.previous, name):
                return None
        self.reused_passes.append(spec.name)
        return {name: getattr(self.previous, name) for name in spec.writes}
