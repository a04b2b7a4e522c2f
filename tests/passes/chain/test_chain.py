"""ChainPass: one typed chain per resolved reference, node -> chains lookup."""

from __future__ import annotations

from tests.support.index_trees import N, build, snapshot
from vectorless_assets.passes import chain
from vectorless_assets.passes.context import PassContext


def _tree():
    return build(
        N(
            "Doc",
            "",
            [
                N(
                    "Intro",
                    "see Details and Method",
                    [N("Details", "deep part")],
                    refs=[
                        ("see Details", "Details"),
                        ("see Method", "Method"),
                        ("again Details", "Details"),
                    ],
                ),
                N("Method", "text", refs=[("as in Intro", "Intro"), ("see Missing", "Missing")]),
                N("Results", "text", refs=[("the next chapter", "Intro")]),
                N("Self", "text", refs=[("this section", "Self")]),
            ],
        )
    )


def test_one_chain_per_resolved_reference_with_types() -> None:
    tree = _tree()
    before = snapshot(tree)
    index = chain.run(tree=tree, ctx=PassContext())
    assert snapshot(tree) == before
    ids = {n.title: n.node_id for n in tree.nodes}
    got = {(c.node_ids[0], c.node_ids[1]): c.chain_type for c in index.chains}
    assert got == {
        (ids["Intro"], ids["Details"]): "elaboration",  # no connective: the target tells more
        (ids["Intro"], ids["Method"]): "elaboration",  # (its place in the tree says nothing)
        (ids["Method"], ids["Intro"]): "supporting",  # "as in"
        (ids["Results"], ids["Intro"]): "elaboration",  # a title, not "the next section"
    }
    assert len({c.chain_id for c in index.chains}) == len(index.chains)
    assert all(c.confidence == 0.8 and c.reference_text for c in index.chains)


def test_node_chains_cover_both_ends() -> None:
    index = chain.run(tree=_tree(), ctx=PassContext())
    for c in index.chains:
        for nid in c.node_ids:
            assert c.chain_id in index.node_chains[nid]
    listed = {cid for cids in index.node_chains.values() for cid in cids}
    assert listed == {c.chain_id for c in index.chains}


def test_no_references_no_chains() -> None:
    index = chain.run(tree=build(N("Doc", "text", [N("A", "b")])), ctx=PassContext())
    assert index.chains == [] and index.node_chains == {}


def test_a_tree_without_references_gets_what_the_walk_gives() -> None:
    from vectorless_assets.ir.indexes import ChainIndex

    tree = build(N("Doc", "", [N("A", "text"), N("B", "more", [N("C", "")])]))
    out = chain.run(tree=tree, ctx=PassContext())
    walked = ChainIndex(chains=[], node_chains={})
    assert out == walked and out.model_fields_set == walked.model_fields_set
    assert out.model_dump_json() == walked.model_dump_json()
