"""EnrichPass: page ranges up, references resolved to node ids, description, table of contents."""

from __future__ import annotations

from vectorless_assets import compile_document
from vectorless_assets.ir import toc_view
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.ir.toc import TocEntry
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes import enrich
from vectorless_assets.passes.context import PassContext


def build(*nodes: TreeNode) -> DocumentTree:
    return DocumentTree(nodes=list(nodes)).renumbered()


def run_all(
    tree: DocumentTree, description: str = "", summary: str = ""
) -> tuple[DocumentTree, str, list[TocEntry]]:
    return enrich.run(
        tree=tree,
        parsed=ParsedDocument(format="pdf", description=description),
        summary=summary,
        ctx=PassContext(),
    )


def run(tree: DocumentTree, description: str = "", summary: str = "") -> tuple[DocumentTree, str]:
    out, description, _ = run_all(tree, description, summary)
    return out, description


def page_tree() -> DocumentTree:
    return build(
        TreeNode(
            node_id="r",
            children=["a", "b"],
            title="Report",
            own_start_page=1,
            own_end_page=1,
            start_page=1,
            end_page=1,
            start_page_label="i",
            end_page_label="i",
        ),
        TreeNode(
            node_id="a",
            parent="r",
            children=["a1"],
            title="1 Overview",
            content="Text. See Table 4 and Figure 2.",
            own_start_page=2,
            own_end_page=2,
            start_page=2,
            end_page=2,
            start_page_label="1",
            end_page_label="1",
        ),
        TreeNode(
            node_id="a1",
            parent="a",
            title="1.1 Scope",
            content="Table 4: Results by year\nFigure 2. A chart",
            own_start_page=3,
            own_end_page=5,
            start_page=3,
            end_page=5,
            start_page_label="2",
            end_page_label="4",
        ),
        TreeNode(
            node_id="b",
            parent="r",
            children=["b1"],
            title="Chapter 3: Methods",
            content='As in Section 1.1, see Appendix A, page 4, Chapter 9; see "1.1 Scope".',
            own_start_page=6,
            own_end_page=6,
            start_page=6,
            end_page=6,
            start_page_label="5",
            end_page_label="5",
        ),
        TreeNode(
            node_id="b1",
            parent="b",
            title="Appendix A - Tables",
            content="see Section 2.1",
            own_start_page=7,
            own_end_page=9,
            start_page=7,
            end_page=9,
            start_page_label="6",
            end_page_label="8",
        ),
    )


def test_page_ranges_and_labels_propagate_up() -> None:
    tree = page_tree()
    before = tree.model_dump()
    out, _ = run(tree)
    assert tree.model_dump() == before, "enrich mutated its input"
    root = out.root
    assert (root.start_page, root.end_page) == (1, 9)
    assert (root.start_page_label, root.end_page_label) == ("i", "8")
    overview = out.get(root.children[0])
    assert (overview.start_page, overview.end_page) == (2, 5)
    assert (overview.own_start_page, overview.own_end_page) == (2, 2), (
        "own pages stay the node's own"
    )
    assert (overview.start_page_label, overview.end_page_label) == ("1", "4")


def test_page_propagation_skips_only_trees_without_any_page_field(monkeypatch) -> None:
    """The page-less shortcut returns what the full walk returns; one label is enough to walk."""
    fields = (
        "start_page",
        "end_page",
        "own_start_page",
        "own_end_page",
        "start_page_label",
        "end_page_label",
    )
    bare = page_tree().model_copy(
        update={"nodes": [n.model_copy(update=dict.fromkeys(fields)) for n in page_tree().nodes]}
    )
    assert enrich.propagate_pages(bare) is bare
    labelled = bare.model_copy(
        update={
            "nodes": [
                bare.nodes[0],
                bare.nodes[1].model_copy(update={"end_page_label": "x"}),
                *bare.nodes[2:],
            ]
        }
    )
    fast = [enrich.propagate_pages(t).model_dump() for t in (bare, labelled, page_tree())]
    monkeypatch.setattr(enrich, "_has_pages", lambda node: True)  # always the full walk
    assert [enrich.propagate_pages(t).model_dump() for t in (bare, labelled, page_tree())] == fast
    assert fast[1]["nodes"][1]["end_page_label"] is None  # a label without a page is cleared


def test_references_resolve_to_node_ids() -> None:
    out, _ = run(page_tree())
    ids = {n.title: n.node_id for n in out.nodes}
    overview = out.get(ids["1 Overview"])
    got = {(r.kind, r.target): r.target_node_id for r in overview.references}
    assert got == {("table", "4"): ids["1.1 Scope"], ("figure", "2"): ids["1.1 Scope"]}
    scope = out.get(ids["1.1 Scope"])
    assert scope.references == [], "captions are definitions, not references"
    methods = {(r.kind, r.target): r for r in out.get(ids["Chapter 3: Methods"]).references}
    assert methods[("section", "1.1")].target_node_id == ids["1.1 Scope"]
    assert methods[("section", "1.1")].confidence == 0.8
    assert methods[("appendix", "A")].target_node_id == ids["Appendix A - Tables"]
    assert methods[("page", "4")].target_node_id == ids["1.1 Scope"]
    assert methods[("chapter", "9")].target_node_id is None, "unresolved references are kept"
    assert methods[("title", "1.1 Scope")].target_node_id == ids["1.1 Scope"]
    appendix = out.get(ids["Appendix A - Tables"])
    assert appendix.structure == "2.1" and appendix.references == [], "resolving to itself: dropped"
    assert all(
        r.target_node_id in {n.node_id for n in out.nodes}
        for n in out.nodes
        for r in n.references
        if r.target_node_id
    )


def test_structure_fallback_and_self_references() -> None:
    tree = build(
        TreeNode(node_id="r", children=["a", "b"], title="Doc"),
        TreeNode(
            node_id="a",
            parent="r",
            children=["a1"],
            title="Intro",
            content="See section 2 for details.",
        ),
        TreeNode(
            node_id="a1",
            parent="a",
            title="Details",
            content="This is Section 1.1 itself; see Chapter 1.",
        ),
        TreeNode(node_id="b", parent="r", title="Usage", content="Back to section 1.1."),
    )
    out, _ = run(tree)
    intro, details, usage = out.nodes[1], out.nodes[2], out.nodes[3]
    [ref] = intro.references
    assert ref.target_node_id == usage.node_id and ref.confidence == 0.6
    assert [(r.kind, r.target_node_id) for r in details.references] == [("chapter", None)], (
        "self reference dropped, chapters not guessed by position"
    )
    assert usage.references[0].target_node_id == details.node_id


def test_references_resolve_to_parts_of_a_merged_title() -> None:
    tree = build(
        TreeNode(node_id="r", children=["a", "b"], title="Doc"),
        TreeNode(node_id="a", parent="r", title="Intro", content='See Appendix A and see "Chat".'),
        TreeNode(node_id="b", parent="r", title="Editor / Chat / Appendix A", content="x"),
    )
    out, _ = run(tree)
    assert {r.kind: r.target_node_id for r in out.nodes[1].references} == {
        "appendix": out.nodes[2].node_id,
        "title": out.nodes[2].node_id,
    }


def test_section_positions_count_below_the_document_title_heading() -> None:
    tree = build(
        TreeNode(node_id="r", children=["t"], title="Doc"),
        TreeNode(node_id="t", parent="r", children=["a", "b"], title="My Doc"),
        TreeNode(node_id="a", parent="t", title="Intro", content="Details in section 2.1."),
        TreeNode(node_id="b", parent="t", children=["b1"], title="Usage"),
        TreeNode(node_id="b1", parent="b", title="Flags", content="x"),
    )
    out, _ = run(tree)
    [ref] = out.nodes[2].references
    assert ref.target_node_id == out.nodes[4].node_id and out.nodes[4].title == "Flags"


def test_printed_page_numbers_follow_numeric_page_labels() -> None:
    tree = page_tree()  # its page labels are the physical page - 1
    ids = {n.title: n.node_id for n in tree.nodes}
    cites = tree.nodes[1].model_copy(update={"content": "Data on page 5."})
    labeled = DocumentTree(nodes=[tree.nodes[0], cites, *tree.nodes[2:]])
    [ref] = run(labeled)[0].nodes[1].references
    assert ref.target_node_id == ids["Chapter 3: Methods"], "printed page 5 is physical page 6"
    unlabeled = DocumentTree(
        nodes=[
            n.model_copy(update={"start_page_label": None, "end_page_label": None})
            for n in labeled.nodes
        ]
    )
    [ref] = run(unlabeled)[0].nodes[1].references
    assert ref.target_node_id == ids["1.1 Scope"], "without labels, page 5 is physical page 5"


def test_sub_sections_by_position_under_a_numbered_chapter() -> None:
    tree = build(
        TreeNode(node_id="r", children=["p", "c1", "c2"], title="Manual"),
        TreeNode(
            node_id="p", parent="r", title="Preface", content="See Section 2.2 and section 1.5."
        ),
        TreeNode(node_id="c1", parent="r", children=["c1a"], title="1 Introduction"),
        TreeNode(node_id="c1a", parent="c1", title="Imports", content="x"),
        TreeNode(node_id="c2", parent="r", children=["c2a", "c2b"], title="2 Spreadsheets"),
        TreeNode(node_id="c2a", parent="c2", title="Read table", content="x"),
        TreeNode(node_id="c2b", parent="c2", title="Fixed width", content="x"),
    )
    out, _ = run(tree)
    refs = {r.target: r for r in out.nodes[1].references}
    assert (
        out.get(refs["2.2"].target_node_id).title == "Fixed width" and refs["2.2"].confidence == 0.6
    )
    assert refs["1.5"].target_node_id is None


def test_description_prefers_front_matter_then_summary_then_content() -> None:
    tree = page_tree()
    assert run(tree, description="  Front matter says so. ")[1] == "Front matter says so."
    assert (
        run(tree, summary="A short summary.\nIn two lines.")[1] == "A short summary. In two lines."
    )
    long = " ".join(f"Sentence {i} of a long summary that goes on." for i in range(40))
    assert (
        run(tree, summary=long)[1]
        == "Sentence 0 of a long summary that goes on. Sentence 1 of a long summary that goes on."
    )
    fallback = run(tree)[1]
    assert "Report" in fallback and "1 Overview" in fallback


def test_toc_is_stored_with_ids_depths_and_subtree_pages() -> None:
    out, _, toc = run_all(page_tree())
    assert [(e.node_id, e.title, e.depth) for e in toc] == [
        (n.node_id, n.title, n.depth) for n in out.preorder()
    ]
    assert (toc[1].structure, toc[1].start_page, toc[1].end_page, toc[1].is_leaf) == (
        "1",
        2,
        5,
        False,
    )
    assert toc[1].tokens == out.get(toc[1].node_id).total_tokens
    lines = toc_view.lines(toc)
    assert lines[0] == "0001 Report  [pp. 1-9]"
    # the number is not repeated before a numbered title
    assert lines[1] == "  0002 1 Overview  [pp. 2-5]"
    assert lines[2] == "    0003 1.1 Scope  [pp. 3-5]"


def test_compiled_markdown_resolves_and_describes(guide_bytes: bytes) -> None:
    doc = compile_document(guide_bytes, name="guide.md")
    refs = [r for n in doc.tree.nodes for r in n.references]
    assert any(r.kind == "section" and r.target == "2.1" and r.target_node_id for r in refs)
    assert doc.description
    assert doc.toc and doc.toc[0].line_start == 1 and doc.toc[0].line_end == doc.meta.line_count
    assert any("lines" in line for line in toc_view.lines(toc_view.entries(doc)))


def test_reference_words_with_unicode_case_folding_letters_compile() -> None:
    """'Fıg. 2' (dotless i) and 'Eqſ. 3' (long s) match the reference pattern case-insensitively;
    they used to fail the whole document with a KeyError."""
    from vectorless_assets import compile_document

    doc = compile_document(
        "# A\n\nSee Fıg. 2 and Eqſ. 3 here.\n\n## Figure 2\n\nA figure.\n".encode(),
        name="x.md",
        mode="deep",
    )
    kinds = {r.kind for n in doc.tree.nodes for r in n.references}
    assert {"figure", "equation"} <= kinds
