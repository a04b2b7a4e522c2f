"""The document tree: an arena of titled sections.

Nodes live in one flat list (`DocumentTree.nodes`) and point at each other by id
(`parent`, `children`). Node ids are a zero-padded preorder counter ("0001" is the root);
every pass that rewrites the tree renumbers it with `DocumentTree.renumbered()`, and the
enrich pass then gives the final tree's nodes the ids they had in the document's previous IR
(`passes.common.node_ids`: after an edit, ids are no longer in document order; `nodes` is).

Line and page ranges have different scopes, on purpose:

* `line_start`/`line_end` are the source lines the node owns *itself* (its heading line and
  its own body, 1-based, inclusive). Over a whole tree they are disjoint and cover every line
  of a text source exactly once (a single line longer than the split limit may be shared by
  consecutive nodes). `DocumentTree.span_lines()` gives a subtree's span.
* `start_page`/`end_page` are 1-based physical pages of the whole subtree (propagated up by
  the enrich pass); `own_start_page`/`own_end_page` are the pages of the node's own text,
  and `page_breaks` where each of those pages begins inside `content`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

ReferenceKind = Literal[
    "section", "chapter", "appendix", "table", "figure", "page", "equation", "title"
]


class NodeReference(BaseModel):
    """An in-document reference found in a node's text ("see Section 2.1")."""

    model_config = ConfigDict(extra="ignore")

    text: str
    kind: ReferenceKind
    target: str
    target_node_id: str | None = None
    confidence: float = 0.0


class TreeNode(BaseModel):
    """One titled section of the document."""

    model_config = ConfigDict(extra="ignore")

    node_id: str
    parent: str | None = None
    children: list[str] = Field(default_factory=list)
    title: str = ""
    structure: str = ""
    depth: int = 0
    content: str = ""
    summary: str = ""
    line_start: int | None = None
    line_end: int | None = None
    start_page: int | None = None
    end_page: int | None = None
    own_start_page: int | None = None
    own_end_page: int | None = None
    #: offsets in `content` where each own page after `own_start_page` begins (PDF; one per
    #: page, so `own_start_page + len(page_breaks) == own_end_page`); empty for Markdown and
    #: DOCX, and in IRs compiled before they were recorded (`vectorless_assets.ir.pages`)
    page_breaks: list[int] = Field(default_factory=list)
    start_page_label: str | None = None
    end_page_label: str | None = None
    #: `text.llm_tokens.estimate_tokens(content)` (the node's own text); `total_tokens` adds the
    #: children's totals (checked by the validate pass)
    token_count: int = 0
    total_tokens: int = 0
    references: list[NodeReference] = Field(default_factory=list)
    routing_keywords: list[str] = Field(default_factory=list)
    question_hints: list[str] = Field(default_factory=list)
    #: BLAKE2b-128 of the title and own text; `subtree_fingerprint` also covers the children's
    #: subtree fingerprints in order (a Merkle hash). Incremental compilation matches old and
    #: new nodes by these, never by id or position (`passes.common.fingerprints`).
    fingerprint: str = ""
    subtree_fingerprint: str = ""
    #: True when an LLM was configured but this node's summary is a fallback (the call failed):
    #: such a result is never reused or cached, the next compile with a working LLM redoes it
    llm_fallback: bool = False

    @property
    def is_leaf(self) -> bool:
        return not self.children


class DocumentTree(BaseModel):
    """Arena-based hierarchical tree. `nodes[0]` is the root; `nodes` are in preorder."""

    model_config = ConfigDict(extra="ignore")

    nodes: list[TreeNode] = Field(default_factory=list)
    _index: dict[str, int] | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        """Trees are equal when their nodes are (the lookup cache does not count)."""
        if not isinstance(other, DocumentTree):
            return NotImplemented
        return self.nodes == other.nodes

    __hash__ = None  # type: ignore[assignment]

    def referenced_node_ids(self) -> set[str]:
        """The nodes the tree's resolved references point at (`dangling_node_ids`)."""
        return {r.target_node_id for n in self.nodes for r in n.references if r.target_node_id}

    # -- lookup -------------------------------------------------------------------------
    @property
    def root(self) -> TreeNode:
        return self.nodes[0]

    def _ids(self) -> dict[str, int]:
        # the private-attribute dict directly: `self._index` goes through pydantic's
        # `__getattr__`, which cost more than the lookup itself on every `get`
        private = self.__pydantic_private__
        index = private.get("_index") if private is not None else None
        if index is None or len(index) != len(self.nodes):
            index = {n.node_id: i for i, n in enumerate(self.nodes)}
            if private is None:
                self._index = index
            else:
                private["_index"] = index
        return index

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, node_id: object) -> bool:
        return isinstance(node_id, str) and node_id in self._ids()

    def get(self, node_id: str) -> TreeNode:
        return self.nodes[self._ids()[node_id]]

    def children_of(self, node_id: str) -> list[TreeNode]:
        return [self.get(c) for c in self.get(node_id).children]

    def top_sections(self) -> list[TreeNode]:
        """The document's top-level sections, as every index lists them (section map, summary
        shortcut, doc card, catalog): the root's children; when that is one heading with
        sections of its own (a lone title under visible preamble text, or an IR from before
        the lone title became the root), that heading's children."""
        if not self.nodes:
            return []
        tops = self.children_of(self.root.node_id)
        if len(tops) == 1 and tops[0].children:
            tops = self.children_of(tops[0].node_id)
        return tops

    def leaves(self) -> list[TreeNode]:
        return [n for n in self.nodes if not n.children]

    def preorder(self, start: str | None = None) -> Iterator[TreeNode]:
        """Nodes of the subtree at `start` (default: root) in document order."""
        if not self.nodes:
            return
        stack = [start or self.nodes[0].node_id]
        while stack:
            node = self.get(stack.pop())
            yield node
            stack.extend(reversed(node.children))

    def ancestors(self, node_id: str) -> list[TreeNode]:
        """Path from the root down to (excluding) `node_id`."""
        out: list[TreeNode] = []
        parent = self.get(node_id).parent
        while parent is not None:
            node = self.get(parent)
            out.append(node)
            parent = node.parent
        return list(reversed(out))

    def leaf_count(self, node_id: str) -> int:
        return sum(1 for n in self.preorder(node_id) if not n.children)

    def span_lines(self, node_id: str) -> tuple[int | None, int | None]:
        """First and last source line of the whole subtree (None for non-text sources)."""
        starts = [n.line_start for n in self.preorder(node_id) if n.line_start is not None]
        ends = [n.line_end for n in self.preorder(node_id) if n.line_end is not None]
        return (min(starts) if starts else None, max(ends) if ends else None)

    def max_depth(self) -> int:
        return max((n.depth for n in self.nodes), default=0)

    # -- rebuilding ---------------------------------------------------------------------
    def renumbered(self) -> DocumentTree:
        """A copy in preorder with fresh ids ("0001"…), depths and `structure` numbers.

        Reference targets that pointed at a renumbered node follow it; targets that no
        longer exist are cleared.
        """
        if not self.nodes:
            return DocumentTree()
        order = list(self.preorder())
        width = max(4, len(str(len(order))))
        new_id = {n.node_id: f"{i:0{width}d}" for i, n in enumerate(order, start=1)}
        position = {c: i for n in order for i, c in enumerate(n.children, start=1)}
        out: list[TreeNode] = []
        structure: dict[str, str] = {}
        depth: dict[str, int] = {}
        for node in order:
            nid = new_id[node.node_id]
            if node.parent is None or node.parent not in new_id:
                structure[nid], depth[nid], parent = "", 0, None
            else:
                parent = new_id[node.parent]
                pos = position[node.node_id]
                prefix = structure[parent]
                structure[nid] = f"{prefix}.{pos}" if prefix else str(pos)
                depth[nid] = depth[parent] + 1
            refs = [
                r.model_copy(update={"target_node_id": new_id.get(r.target_node_id or "")})
                for r in node.references
            ]
            out.append(
                node.model_copy(
                    update={
                        "node_id": nid,
                        "parent": parent,
                        "children": [new_id[c] for c in node.children],
                        "structure": structure[nid],
                        "depth": depth[nid],
                        "references": refs,
                    }
                )
            )
        return DocumentTree(nodes=out)
