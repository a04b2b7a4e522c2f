"""ChainPass: typed reasoning chains from references and connectives.

A chain links two nodes, `node_ids = [source, target]` (the node whose text makes the link,
then the node it points at). Two kinds of evidence, no LLM:

* **a resolved reference** (a `NodeReference` whose `target_node_id` is in the tree and is
  not the referring node itself): one chain per (source, target), the first reference's
  text kept, confidence the reference's;
* **a leading connective**: a node whose text opens with a contradicting, causal, sequence
  or elaboration marker ("However, ...", "Therefore, ...", "Next, ...", "For example, ...",
  "しかし、", "因此，", "그러나") is linked to its previous sibling, the passage the connective
  refers back to (confidence `CONNECTIVE_CONFIDENCE`), unless a reference already links them.

Type (the spec's five): for a reference, the connective nearest to it in its sentence
(`passes.chain.connectives.around`: contrast, contradiction or a negated supporting word ->
**contradicting**; cause or consequence -> **causal**; order -> **sequence**; detail ->
**elaboration**; evidence -> **supporting**); with none, the tree decides: the target is the
source's next sibling -> **sequence**, deeper than the source -> **elaboration**, else
**supporting**. A leading connective gives its own type.

Chain ids are `chain-0001`, `chain-0002`, … in document order (a node's reference chains,
then its connective chain), so they are stable for an unchanged tree. `node_chains` maps
every node on a chain (both ends) to its chain ids.

Its own module: `connectives` (the contrast and support markers, per language).
"""

from __future__ import annotations

from vectorless_assets.ir.indexes import ChainIndex, ChainType, ReasoningChain
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode
from vectorless_assets.passes.chain.connectives import around, leading
from vectorless_assets.passes.common.nodetext import rounded
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext

#: Confidence of a chain found by a leading connective alone (a resolved reference: 0.8).
CONNECTIVE_CONFIDENCE = 0.6


def chain_type(
    source: TreeNode, target: TreeNode, ref: NodeReference, next_sibling: str | None
) -> ChainType:
    """Classify a reference from `source` to `target` (see the module docstring)."""
    at = source.content.find(ref.text) if ref.text else -1
    # (a reference text not in the content: itself)
    text, at = (source.content, at) if at >= 0 else (ref.text, 0)
    found = around(text, at, at + len(ref.text))
    if found is not None:
        return found[0]
    if target.node_id == next_sibling:
        return "sequence"
    if target.depth > source.depth:
        return "elaboration"
    return "supporting"


def siblings(tree: DocumentTree) -> tuple[dict[str, str], dict[str, str]]:
    """Node id -> id of its next sibling, and node id -> id of its previous sibling."""
    pairs = [(a, b) for n in tree.nodes for a, b in zip(n.children, n.children[1:], strict=False)]
    return dict(pairs), {b: a for a, b in pairs}


def run(*, tree: DocumentTree, ctx: PassContext) -> ChainIndex:
    """Typed reasoning chains (causal, supporting, contradicting, elaboration, sequence) from
    resolved references and leading connectives.

    A node -> chain ids lookup covers both ends of every chain. Linear in nodes plus
    references (one regex scan of each reference's sentence and of each node's opening).
    """
    chains: list[ReasoningChain] = []
    node_chains: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    following, preceding = siblings(tree)
    nodes = node_map(tree)

    def add(source: str, target: str, kind: ChainType, text: str, confidence: float) -> None:
        seen.add((source, target))
        chain_id = f"chain-{len(chains) + 1:04d}"
        chains.append(
            ReasoningChain(
                chain_id=chain_id,
                chain_type=kind,
                node_ids=[source, target],
                reference_text=text,
                confidence=rounded(confidence),
            )
        )
        for nid in (source, target):
            node_chains.setdefault(nid, []).append(chain_id)

    for node in preorder_nodes(tree, nodes):
        for ref in node.references:
            target_id = ref.target_node_id
            if (
                not target_id
                or target_id == node.node_id
                or target_id not in nodes
                or (node.node_id, target_id) in seen
            ):
                continue
            kind = chain_type(node, nodes[target_id], ref, following.get(node.node_id))
            add(node.node_id, target_id, kind, ref.text, ref.confidence)
        before = preceding.get(node.node_id)
        opening = leading(node.content) if before is not None and node.content else None
        if (
            opening is not None
            and opening[0] != "supporting"
            and (node.node_id, before) not in seen
        ):
            add(node.node_id, before, opening[0], opening[1], CONNECTIVE_CONFIDENCE)  # type: ignore[arg-type]
    return ChainIndex(chains=chains, node_chains=dict(sorted(node_chains.items())))
