"""NavigationPass: NavEntry per non-leaf, ChildRoute per child, DocCard for the document."""

from __future__ import annotations

from tests.support.index_trees import N, build, snapshot
from vectorless_assets.passes import navigation
from vectorless_assets.passes.context import PassContext


def _tree():
    return build(
        N(
            "Guide",
            "",
            [
                N(
                    "Install",
                    "",
                    [
                        N("Linux", "apt install tool " * 20),
                        N("Windows", "", summary="Use the MSI."),
                    ],
                    summary="How to install.",
                    hints=["How do I install it?"],
                    tags=["install", "setup"],
                ),
                N("Usage", "Run the tool with a file."),
                N("Empty branch", "", [N("Deep", "", [N("Deeper", "text")])]),
            ],
            hints=["What is this tool?"],
        )
    )


def test_entries_for_every_non_leaf_and_routes_for_every_child() -> None:
    tree = _tree()
    before = snapshot(tree)
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    branches = {n.node_id for n in tree.nodes if n.children}
    assert set(nav.entries) == branches
    assert set(nav.child_routes) == branches
    for parent, routes in nav.child_routes.items():
        assert [r.node_id for r in routes] == tree.get(parent).children
    assert snapshot(tree) == before


def test_entry_fields_come_from_the_node() -> None:
    tree = _tree()
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    ids = {n.title: n.node_id for n in tree.nodes}
    install = nav.entries[ids["Install"]]
    assert install.overview == "How to install."
    assert install.question_hints == ["How do I install it?"]
    assert install.topic_tags == ["install", "setup"]
    assert install.leaf_count == 2
    assert install.level == 1
    # no summary, no own text: the overview lists the children
    assert "Deep" in nav.entries[ids["Empty branch"]].overview
    assert nav.entries[ids["Deep"]].level == 2


def test_child_description_falls_back_summary_content_title() -> None:
    tree = _tree()
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    ids = {n.title: n.node_id for n in tree.nodes}
    routes = {r.title: r for r in nav.child_routes[ids["Install"]]}
    assert routes["Windows"].description == "Use the MSI."
    linux = routes["Linux"].description
    assert linux.startswith("apt install tool") and len(linux) <= 101
    deep = {r.title: r for r in nav.child_routes[ids["Empty branch"]]}["Deep"]
    assert deep.description == "Deep"
    assert deep.leaf_count == 1


def test_doc_card() -> None:
    tree = _tree()
    nav = navigation.run(tree=tree, description="A guide.", summary="", ctx=PassContext())
    card = nav.doc_card
    assert card is not None
    assert card.title == "Guide"
    assert card.overview == "A guide."
    assert [s.title for s in card.sections] == ["Install", "Usage", "Empty branch"]
    assert card.node_count == len(tree.nodes)
    assert card.leaf_count == len(tree.leaves())
    assert card.max_depth == 3
    assert card.question_hints == ["What is this tool?"]
    assert card.topic_tags == ["install", "setup"]  # root has none: top sections' tags
    with_summary = navigation.run(
        tree=tree, description="A guide.", summary="The summary.", ctx=PassContext()
    )
    assert with_summary.doc_card.overview == "The summary."


def test_single_node_and_empty_tree() -> None:
    tree = build(N("Only", "text"))
    nav = navigation.run(tree=tree, description="", summary="", ctx=PassContext())
    assert nav.entries == {} and nav.doc_card.leaf_count == 1
    from vectorless_assets.ir.tree import DocumentTree

    assert (
        navigation.run(tree=DocumentTree(), description="", summary="", ctx=PassContext()).doc_card
        is None
    )


def test_every_index_lists_the_same_real_top_sections() -> None:
    """A lone title (the root) and a lone title under visible preamble text (kept as a
    section) both list its sections: doc card, section map, summary shortcut, catalog view."""
    from vectorless_assets import compile_document

    for text in (
        "# Guide\n\n## A\n\na\n\n## B\n\nb\n",
        "Badges here.\n\n# Guide\n\n## A\n\na\n\n## B\n\nb\n",
    ):
        doc = compile_document(text.encode(), name="guide.md", mode="standard")
        tops = [n.title for n in doc.tree.top_sections()]
        assert tops == ["A", "B"]
        assert [s.title for s in doc.nav_index.doc_card.sections] == tops
        assert [s.title for s in doc.reasoning_index.summary_shortcut.sections] == tops
        assert (
            set(doc.reasoning_index.section_map) >= {"a", "b"}
            and "guide" not in doc.reasoning_index.section_map
        )
