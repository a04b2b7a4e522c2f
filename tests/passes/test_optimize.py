"""OptimizePass: tiny adjacent sibling leaves merge, empty single-child chains collapse."""

from __future__ import annotations

import re

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes import optimize
from vectorless_assets.passes.common.treeops import with_totals
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens

FLAG = re.compile(r"\[(SPLIT|MERGED|EMPTY)", re.IGNORECASE)
LONG = " ".join(f"Substantial sentence number {i} with enough words." for i in range(20))


def n(
    nid: str,
    parent: str | None,
    title: str,
    content: str,
    lines: tuple[int, int] | None,
    children: list[str] | None = None,
) -> TreeNode:
    start, end = lines if lines else (None, None)
    return TreeNode(
        node_id=nid,
        parent=parent,
        children=children or [],
        title=title,
        content=content,
        line_start=start,
        line_end=end,
        token_count=estimate_tokens(content),
    )


def tree_of(*nodes: TreeNode) -> DocumentTree:
    return with_totals(DocumentTree(nodes=list(nodes)).renumbered())


def owned(tree: DocumentTree) -> list[int]:
    return sorted(
        i
        for x in tree.nodes
        if x.line_start is not None
        for i in range(x.line_start, x.line_end + 1)
    )


def run(tree: DocumentTree) -> DocumentTree:
    return optimize.run(tree=tree, ctx=PassContext())


def test_adjacent_tiny_leaves_merge_losslessly() -> None:
    tree = tree_of(
        n("r", None, "Doc", "", (1, 1), ["a", "b", "c", "d"]),
        n("a", "r", "Alpha", "short a", (2, 3)),
        n("b", "r", "Beta", "short b", (4, 5)),
        n("c", "r", "Gamma", "short c", (6, 7)),
        n("d", "r", "Delta", LONG, (8, 20)),
    )
    before = tree.model_dump()
    out = run(tree)
    assert tree.model_dump() == before, "optimize mutated its input"
    kids = out.children_of(out.root.node_id)
    assert len(kids) == 2
    merged, big = kids
    assert merged.title == "Alpha / Beta / Gamma" and not FLAG.search(merged.title)
    assert (merged.line_start, merged.line_end) == (2, 7)
    for text in ("short a", "Beta", "short b", "Gamma", "short c"):
        assert text in merged.content
    assert merged.token_count == estimate_tokens(merged.content)
    assert big.title == "Delta" and big.content == LONG
    assert owned(out) == owned(tree)
    assert out.root.total_tokens == out.root.token_count + merged.total_tokens + big.total_tokens


def test_non_adjacent_or_large_siblings_do_not_merge() -> None:
    tree = tree_of(
        n("r", None, "Doc", "", (1, 1), ["a", "b", "c"]),
        n("a", "r", "Alpha", "short a", (2, 3)),
        n("b", "r", "Beta", LONG, (4, 9)),
        n("c", "r", "Gamma", "short c", (10, 11)),
    )
    assert run(tree) is tree
    gap = tree_of(
        n("r", None, "Doc", "", (1, 1), ["a", "b"]),
        n("a", "r", "Alpha", "short a", (2, 3)),
        n("b", "r", "Beta", "short b", (6, 7)),
    )
    assert len(run(gap).nodes) == 3


def test_empty_single_child_intermediate_is_removed_and_child_reparented() -> None:
    tree = tree_of(
        n("r", None, "Doc", "intro", (1, 1), ["p", "q"]),
        n("p", "r", "Part One", "", (2, 2), ["c"]),
        n("c", "p", "Chapter", LONG, (3, 12)),
        n("q", "r", "Part Two", LONG, (13, 20)),
    )
    out = run(tree)
    titles = [x.title for x in out.nodes]
    assert "Part One" not in titles
    chapter = next(x for x in out.nodes if x.title == "Chapter")
    assert chapter.parent == out.root.node_id and chapter.depth == 1
    assert (chapter.line_start, chapter.line_end) == (2, 12)
    assert chapter.content.startswith("Part One\n")
    assert owned(out) == owned(tree)
    assert out.root.title == "Doc", "the root is never collapsed"


def test_intermediate_with_own_text_or_gap_is_kept() -> None:
    tree = tree_of(
        n("r", None, "Doc", "", None, ["p"]),
        n("p", "r", "Part", "has text", (1, 2), ["c"]),
        n("c", "p", "Chapter", LONG, (3, 12)),
    )
    assert run(tree) is tree


def test_pdf_tiny_leaves_without_lines_merge_in_order() -> None:
    tree = tree_of(
        TreeNode(node_id="r", children=["a", "b", "c"], title="Doc"),
        TreeNode(
            node_id="a",
            parent="r",
            title="A",
            content="x",
            own_start_page=1,
            own_end_page=1,
            start_page=1,
            end_page=1,
            token_count=1,
        ),
        TreeNode(
            node_id="b",
            parent="r",
            title="B",
            content="y",
            own_start_page=2,
            own_end_page=2,
            start_page=2,
            end_page=2,
            token_count=1,
        ),
        TreeNode(
            node_id="c",
            parent="r",
            title="C",
            content=LONG,
            own_start_page=3,
            own_end_page=4,
            start_page=3,
            end_page=4,
            token_count=estimate_tokens(LONG),
        ),
    )
    out = run(tree)
    assert len(out.nodes) == 3
    leaf = out.nodes[1]
    assert (leaf.own_start_page, leaf.own_end_page) == (1, 2)
    assert leaf.title == "A / B"


def test_a_run_of_all_children_is_not_merged() -> None:
    tree = tree_of(
        n("r", None, "Doc", "intro", (1, 1), ["a", "b"]),
        n("a", "r", "Editor", "short a", (2, 3)),
        n("b", "r", "Appendix A", "short b", (4, 5)),
    )
    assert run(tree) is tree
