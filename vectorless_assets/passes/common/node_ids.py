"""Node ids that survive edits elsewhere in the document.

An id is a decimal number, zero-padded to the document's id width: four digits ("0001" is
the root), or as many as a first compile of 10,000 nodes or more needs ("00001").

* **First compile** (no previous IR): the ids are the preorder counter every tree rewrite
  numbers its tree with (`DocumentTree.renumbered`), "0001" … in document order.
* **Recompile** (the document's previous IR at hand: incremental, full or forced, in process
  or through Dagster): `carry_ids` gives every node that `passes.common.node_match` pairs with
  a node of the previous tree (title and own text unchanged, moved or not, or the same title
  under a parent of the same title with other text) that node's id. Every other node takes a
  fresh id, in document order, counting up from the document's high-water mark: the highest
  id number it ever used (`DocumentMeta.node_id_high_water`; for an IR written before the mark
  was kept, its tree's highest id). A removed section's id is therefore never given to another
  section, and ids stay unique.
* **Past 9999**: a fresh id is zero-padded to the document's width like the others, and one
  past it simply has one digit more ("9999", then "10000"). Readers look ids up as whole
  strings (never by length or position), so such ids work like any other and stay unique.
  Ids are in document order only until the first edit (the tree's node list and the table of
  contents always are): where a ranking breaks a tie by id, the tie follows the ids, and
  "10000" sorts before "9999". The mark only grows, by the number of sections a compile adds.

The enrich pass calls `carry_ids` on the final tree before anything reads it, so every index
built from the tree and the change set (`DocumentMeta.changes`) use the carried ids.
"""

from __future__ import annotations

from collections.abc import Mapping

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.node_match import match_nodes

#: The width a first compile pads ids to (wider when it numbers more than 9999 nodes).
ID_WIDTH = 4


def id_number(node_id: str) -> int | None:
    """The number an id spells ("0042" -> 42); None for an id that is not all ASCII digits."""
    return int(node_id) if node_id.isascii() and node_id.isdigit() else None


def highest_id(tree: DocumentTree) -> int:
    """The highest id number in `tree` (0 for an empty tree)."""
    return max((n for node in tree.nodes if (n := id_number(node.node_id)) is not None), default=0)


def high_water(doc: Document | None) -> int:
    """The highest id number `doc`'s document ever used: its kept mark, or its tree's highest
    id when that is higher (an IR written before the mark was kept); 0 without an IR."""
    if doc is None:
        return 0
    kept = doc.meta.node_id_high_water if doc.meta is not None else 0
    return max(kept, highest_id(doc.tree))


def id_width(tree: DocumentTree) -> int:
    """The width `tree`'s ids are padded to: its narrowest numeric id (at least `ID_WIDTH`)."""
    widths = [len(n.node_id) for n in tree.nodes if id_number(n.node_id) is not None]
    return max(ID_WIDTH, min(widths, default=ID_WIDTH))


def carry_ids(tree: DocumentTree, previous: Document | None) -> DocumentTree:
    """`tree` (a compile's final tree, in document order) with the ids of `previous`'s tree
    carried over (see the module docstring); `tree` itself without a previous tree."""
    if previous is None or not previous.tree.nodes or not tree.nodes:
        return tree
    pairs = match_nodes(previous.tree, tree).pairs
    fresh, width = high_water(previous), id_width(previous.tree)
    ids: dict[str, str] = {}
    for node in tree.nodes:
        kept = pairs.get(node.node_id)
        if kept is None:
            fresh += 1
            kept = f"{fresh:0{width}d}"
        ids[node.node_id] = kept
    if all(old == new for old, new in ids.items()):
        return tree
    return relabelled(tree, ids)


def relabelled(tree: DocumentTree, ids: Mapping[str, str]) -> DocumentTree:
    """Copy of `tree` with every node id replaced by `ids[old id]`: the nodes' own ids, their
    parent and children links and their references' targets (a target not in `ids` is
    cleared). Order, structure numbers and depths stay as they are."""
    nodes = []
    for node in tree.nodes:
        refs = [
            r
            if r.target_node_id is None
            else r.model_copy(update={"target_node_id": ids.get(r.target_node_id)})
            for r in node.references
        ]
        nodes.append(
            node.model_copy(
                update={
                    "node_id": ids[node.node_id],
                    "parent": ids[node.parent] if node.parent is not None else None,
                    "children": [ids[c] for c in node.children],
                    "references": refs,
                }
            )
        )
    return DocumentTree(nodes=nodes)
