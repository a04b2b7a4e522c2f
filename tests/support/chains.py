"""Chain-pass helpers for tests: the type the pass gives one sentence's reference."""

from __future__ import annotations

from tests.support.index_trees import N, build
from vectorless_assets.ir import Document
from vectorless_assets.passes import chain
from vectorless_assets.passes.context import PassContext


def typed(text: str, ref: str = "Section 2") -> str:
    """The type of the chain from a section saying `text` to its sibling "Basis" through the
    reference `ref` (a text opening with a connective also gets a chain to "Other")."""
    tree = build(
        N(
            "Doc",
            "",
            [
                N("Basis", "The basis."),
                N("Other", "Unrelated."),
                N("Claim", text, refs=[(ref, "Basis")]),
            ],
        )
    )
    basis = tree.nodes[1].node_id
    [c] = [c for c in chain.run(tree=tree, ctx=PassContext()).chains if c.node_ids[1] == basis]
    return c.chain_type


def chain_titles(doc: Document) -> set[tuple[str, str, str]]:
    """A compiled document's chains as (from title, to title, type)."""
    titles = {n.node_id: n.title for n in doc.tree.nodes}
    return {
        (titles[c.node_ids[0]], titles[c.node_ids[1]], c.chain_type) for c in doc.chain_index.chains
    }
