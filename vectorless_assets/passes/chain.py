"""ChainPass: typed reasoning chains from resolved references.

One chain per resolved reference (a `NodeReference` whose `target_node_id` is in the tree
and is not the referring node itself), `node_ids = [source, target]`. Type:

* **sequence**: the target is the source's next sibling, or the reference text says
  "next"/"following" (e.g. "see the next chapter");
* **elaboration**: the target is deeper in the tree than the source (it details it);
* **supporting**: anything else.

A node referring to the same target several times gets one chain (the first reference).
Chain ids are `chain-0001`, `chain-0002`, … in document order, so they are stable for an
unchanged tree. `node_chains` maps every node on a chain (both ends) to its chain ids.
No LLM.
"""

from __future__ import annotations

import re

from vectorless_assets.context import PassContext
from vectorless_assets.helpers.nodetext import rounded
from vectorless_assets.helpers.walk import node_map, preorder_nodes
from vectorless_assets.ir.indexes import ChainIndex, ChainType, ReasoningChain
from vectorless_assets.ir.tree import DocumentTree, TreeNode

_NEXT_RE = re.compile(r"\b(next|following)\b", re.IGNORECASE)


def chain_type(
    source: TreeNode, target: TreeNode, text: str, next_sibling: str | None
) -> ChainType:
    """Classify a reference from `source` to `target` (see the module docstring)."""
    if target.node_id == next_sibling or _NEXT_RE.search(text):
        return "sequence"
    if target.depth > source.depth:
        return "elaboration"
    return "supporting"


def next_siblings(tree: DocumentTree) -> dict[str, str]:
    """Node id -> id of its next sibling (nodes that have one)."""
    return {a: b for n in tree.nodes for a, b in zip(n.children, n.children[1:], strict=False)}


def run(*, tree: DocumentTree, ctx: PassContext) -> ChainIndex:
    """Typed reasoning chains (sequence, elaboration, supporting) from resolved references.

    One chain per resolved in-document reference, plus a node -> chain ids lookup covering
    both ends of every chain. Linear in nodes plus references.
    """
    chains: list[ReasoningChain] = []
    node_chains: dict[str, list[str]] = {}
    if not any(node.references for node in tree.nodes):
        return ChainIndex(chains=chains, node_chains=node_chains)  # what the walk below gives
    seen: set[tuple[str, str]] = set()
    following = next_siblings(tree)
    nodes = node_map(tree)
    for node in preorder_nodes(tree, nodes):
        for ref in node.references:
            target_id = ref.target_node_id
            if not target_id or target_id == node.node_id or target_id not in nodes:
                continue
            if (node.node_id, target_id) in seen:
                continue
            seen.add((node.node_id, target_id))
            chain_id = f"chain-{len(chains) + 1:04d}"
            chains.append(
                ReasoningChain(
                    chain_id=chain_id,
                    chain_type=chain_type(
                        node, nodes[target_id], ref.text, following.get(node.node_id)
                    ),
                    node_ids=[node.node_id, target_id],
                    reference_text=ref.text,
                    confidence=rounded(ref.confidence),
                )
            )
            for nid in (node.node_id, target_id):
                node_chains.setdefault(nid, []).append(chain_id)
    return ChainIndex(chains=chains, node_chains=dict(sorted(node_chains.items())))
