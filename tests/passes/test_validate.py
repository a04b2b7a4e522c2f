"""ValidatePass: structural warnings, never errors."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes import validate
from vectorless_assets.passes.common.treeops import with_totals
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens

TEXT = "This paragraph is long enough to count as real content for duplicate detection."


def tree_of(*nodes: TreeNode, totals: bool = True) -> DocumentTree:
    nodes = tuple(n.model_copy(update={"token_count": estimate_tokens(n.content)}) for n in nodes)
    tree = DocumentTree(nodes=list(nodes)).renumbered()
    return with_totals(tree) if totals else tree


def codes(tree: DocumentTree) -> list[str]:
    found = validate.run(tree=tree, ctx=PassContext())
    assert all(d.severity == "warning" and d.source == "validate" for d in found)
    assert all(d.node_id is None or d.node_id in tree for d in found)
    return [d.code for d in found]


def clean_tree() -> DocumentTree:
    return tree_of(
        TreeNode(node_id="r", children=["a", "b"], title="Doc", line_start=1, line_end=2),
        TreeNode(node_id="a", parent="r", title="A", content=TEXT, line_start=3, line_end=5),
        TreeNode(node_id="b", parent="r", title="B", content="other", line_start=6, line_end=7),
    )


def test_clean_tree_has_no_findings() -> None:
    assert codes(clean_tree()) == []
    assert validate.run(tree=DocumentTree(), ctx=PassContext()) == []


def test_depth_over_twenty_is_reported_once() -> None:
    nodes = [TreeNode(node_id="n0", title="root", children=["n1"])]
    for i in range(1, 25):
        nodes.append(
            TreeNode(
                node_id=f"n{i}",
                parent=f"n{i - 1}",
                title=f"level {i}",
                children=[f"n{i + 1}"] if i < 24 else [],
            )
        )
    assert codes(tree_of(*nodes)) == ["max_depth"]


def test_empty_titles_are_reported_but_never_rewritten() -> None:
    tree = tree_of(
        TreeNode(node_id="r", children=["a"], title=""),
        TreeNode(node_id="a", parent="r", title="  ", content="x"),
    )
    assert codes(tree) == ["empty_title"]
    assert tree.nodes[1].title == "  "


def test_token_inconsistency_is_reported() -> None:
    tree = clean_tree()
    broken = DocumentTree(nodes=[tree.root.model_copy(update={"total_tokens": 1}), *tree.nodes[1:]])
    assert codes(broken) == ["token_count"]


def test_duplicate_leaf_content_is_reported_whitespace_insensitively() -> None:
    tree = tree_of(
        TreeNode(node_id="r", children=["a", "b", "c"], title="Doc"),
        TreeNode(node_id="a", parent="r", title="A", content=TEXT),
        TreeNode(node_id="b", parent="r", title="B", content=TEXT.replace(" ", "\n  ")),
        TreeNode(node_id="c", parent="r", title="C", content="short"),
    )
    found = validate.run(tree=tree, ctx=PassContext())
    assert [(d.code, d.node_id) for d in found] == [("duplicate_content", tree.nodes[2].node_id)]


def test_overlapping_line_ranges_are_reported() -> None:
    tree = tree_of(
        TreeNode(node_id="r", children=["a", "b"], title="Doc", line_start=1, line_end=2),
        TreeNode(node_id="a", parent="r", title="A", content="a", line_start=3, line_end=6),
        TreeNode(node_id="b", parent="r", title="B", content="b", line_start=5, line_end=7),
    )
    assert codes(tree) == ["line_overlap"]


def test_a_shared_over_long_line_is_not_an_overlap() -> None:
    tree = tree_of(
        TreeNode(node_id="r", children=["a", "b"], title="Doc", line_start=1, line_end=1),
        TreeNode(
            node_id="a", parent="r", title="A (part 1)", content="x", line_start=2, line_end=2
        ),
        TreeNode(
            node_id="b", parent="r", title="A (part 2)", content="y", line_start=2, line_end=2
        ),
    )
    assert codes(tree) == []


def test_findings_are_capped_per_check() -> None:
    kids = [TreeNode(node_id=f"k{i}", parent="r", title="", content=f"x{i}") for i in range(30)]
    tree = tree_of(TreeNode(node_id="r", children=[k.node_id for k in kids], title="Doc"), *kids)
    found = codes(tree)
    assert found.count("empty_title") == validate.MAX_FINDINGS + 1
