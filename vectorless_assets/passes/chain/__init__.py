"""ChainPass: typed reasoning chains from references and connectives.

A chain links two nodes, `node_ids = [source, target]` (the node whose text makes the link,
then the node it points at). Two kinds of evidence, no LLM:

* **a resolved reference** (a `NodeReference` whose `target_node_id` is in the tree and is
  not the referring node itself): one chain per (source, target), the first reference's
  text kept, confidence the reference's. A reference that is all of its sentence (an entry
  of a contents list, "- [Motivation](#motivation)") navigates; it makes no chain;
* **a leading connective**: a node whose text opens with a contradicting, causal, sequence
  or elaboration marker ("However, ...", "Therefore, ...", "Next, ...", "For example, ...",
  "しかし、", "因此，", "그러나") is linked to its previous sibling, the passage the connective
  refers back to (confidence `CONNECTIVE_CONFIDENCE`), unless a reference already links them.

Type (the spec's five) of a reference, the first rule that applies:

1. a connective close to it in its sentence (`passes.chain.connectives.around`: "unlike",
   "in contrast to", "but see", "except as provided in", "subject to" -> **contradicting**;
   "because of", "for reasons discussed" -> **causal**; "as discussed in", "similar to",
   "based on", a rule applied ("pursuant to", "in accordance with", "per [X]", "under
   Section 4.6"), a count the target substantiates ("(48, see [X])") -> **supporting**
   (negated or in an exception's scope, "unless ... in accordance with [X]":
   **contradicting**); "and then", "after", "the next section covers ... (see [X])" ->
   **sequence**; "for details", "for example" -> **elaboration**);
2. a target that gives reasons (titled "Why ...", "Rationale for ...") -> **causal**;
3. a reference by position ("the next section", "the previous chapter", a link so named:
   "[previous section](#x)") -> **sequence**;
4. else **elaboration**: a cross-reference with no connective points at the section that
   tells more (a linked term, "see Appendix C").

A leading connective gives its own type. The connectives are data, per language
(`passes.chain.markers`); the rules were tuned on half of a hand-labelled set of corpus
sentences and checked on the other half (`benchmarks/quality/bench_chains.py`).

Chain ids are `chain-0001`, `chain-0002`, … in document order (a node's reference chains,
then its connective chain), so they are stable for an unchanged tree. `node_chains` maps
every node on a chain (both ends) to its chain ids.

Its own modules: `markers` (the words, per language) and `connectives` (finding them).
"""

from __future__ import annotations

import re

from vectorless_assets.ir.indexes import ChainIndex, ChainType, ReasoningChain
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode
from vectorless_assets.passes.chain.connectives import around, gives_reasons, leading, sentence
from vectorless_assets.passes.common.nodetext import rounded
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.enrich.relative import relative

#: A Markdown link's text ("[previous section](#x)", "[the next section][next]").
_LABEL = re.compile(r"\[(?:the\s+)?([^\[\]]+)\]", re.IGNORECASE)

#: Confidence of a chain found by a leading connective alone (a resolved reference: 0.8).
CONNECTIVE_CONFIDENCE = 0.6


def chain_type(source: TreeNode, target: TreeNode, ref: NodeReference) -> ChainType:
    """Classify a reference from `source` to `target` (see the module docstring)."""
    at = source.content.find(ref.text) if ref.text else -1
    # (a reference text not in the content: itself)
    text, at = (source.content, at) if at >= 0 else (ref.text, 0)
    found = around(text, at, at + len(ref.text), target.title)
    if found is not None and found[0] != "elaboration":
        return found[0]
    if gives_reasons(target.title):
        return "causal"
    if by_position(ref):
        return "sequence"
    return "elaboration"


def by_position(ref: NodeReference) -> bool:
    """Whether `ref` names its target by place: a relative reference ("the next section"), or
    a link whose text is one ("See the [previous section](#slash-as-a-separator)"; the
    phrases are the enrich pass's, `passes.enrich.relative`)."""
    if ref.kind in ("section", "chapter") and ref.target in ("next", "previous"):
        return True
    label = _LABEL.match(ref.text)
    return label is not None and any(
        len(phrase) == len(label.group(1)) + 4 for phrase, _, _ in relative(f"the {label[1]}")
    )


def navigates(source: TreeNode, ref: NodeReference) -> bool:
    """Whether `ref` is all of its sentence (a contents entry: "- [Motivation](#motivation)")."""
    at = source.content.find(ref.text) if ref.text else -1
    if at < 0:
        return False
    left, right = sentence(source.content, at, at + len(ref.text))
    rest = source.content[left:at] + source.content[at + len(ref.text) : right]
    return not any(c.isalnum() for c in rest)


def previous_siblings(tree: DocumentTree) -> dict[str, str]:
    """Node id -> id of its previous sibling."""
    return {b: a for n in tree.nodes for a, b in zip(n.children, n.children[1:], strict=False)}


def run(*, tree: DocumentTree, ctx: PassContext) -> ChainIndex:
    """Typed reasoning chains (causal, supporting, contradicting, elaboration, sequence) from
    resolved references and leading connectives.

    A reference's type comes from the connective next to it on the side it governs ("as
    discussed in [X]", "unlike [X]", "because of [X]", "[X] ..., thus", "described in the
    previous section", "pursuant to Section 4.2", "under Section 4.6", "except as provided
    in Section 5.1", "unless ... in accordance with [X]", a count "(48, see [X])"; per
    language, `passes.chain.markers`), else from its target (a "Why ...?" section: causal)
    or its form ("the next section", a link "[previous section]": sequence), else it is an
    elaboration; a contents entry (a link that is all of its sentence) makes no chain. On
    the 892 hand-labelled corpus sentences of `benchmarks/quality/bench_chains.py`, check half (401
    sentences; precision / recall): supporting 0.91 / 0.59, contradicting 1.00 / 0.58,
    sequence 0.88 / 0.88, elaboration 0.86 / 0.98, causal 0.87 / 0.79 (the aim, 0.9 / 0.5,
    is not met for sequence, elaboration, causal); the rules of legal text (a rule applied,
    an exception) were tuned on filings of the tune half and do not occur in the check half.

    A node -> chain ids lookup covers both ends of every chain. Linear in nodes plus
    references (one regex scan of each reference's sentence and of each node's opening).
    """
    chains: list[ReasoningChain] = []
    node_chains: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    preceding = previous_siblings(tree)
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
                or navigates(node, ref)
            ):
                continue
            kind = chain_type(node, nodes[target_id], ref)
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
