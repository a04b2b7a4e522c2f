"""VerifyPass: the required final check (error on no tree or a broken one, warnings otherwise)."""

from __future__ import annotations

import pytest

from vectorless_assets import compile_document
from vectorless_assets.ir.indexes import Concept
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import verify
from vectorless_assets.passes.context import PassContext


def env(mode: str = "deep") -> PassContext:
    return PassContext(options=CompileOptions(mode=mode))  # type: ignore[arg-type]


def good_tree() -> DocumentTree:
    return DocumentTree(
        nodes=[
            TreeNode(node_id="0001", children=["0002"], title="Doc"),
            TreeNode(node_id="0002", parent="0001", title="A", content="text"),
        ]
    )


def findings(
    tree: DocumentTree,
    summary: str = "S.",
    concepts: list[Concept] | None = None,
    mode: str = "deep",
) -> list[tuple[str, str]]:
    out = verify.run(
        tree=tree,
        summary=summary,
        concepts=[Concept(name="c")] if concepts is None else concepts,
        ctx=env(mode),
    )
    return [(d.code, d.severity) for d in out]


def test_complete_output_passes() -> None:
    assert findings(good_tree()) == []


def test_empty_tree_is_an_error() -> None:
    assert findings(DocumentTree()) == [("empty_tree", "error")]


def test_empty_summary_and_no_concepts_warn_by_mode() -> None:
    assert findings(good_tree(), summary="", concepts=[]) == [
        ("empty_summary", "warning"),
        ("no_concepts", "warning"),
    ]
    assert findings(good_tree(), summary="", concepts=[], mode="fast") == [
        ("empty_summary", "info"),
        ("no_concepts", "info"),
    ]
    assert findings(good_tree(), summary=" ", concepts=[], mode="standard") == [
        ("empty_summary", "warning"),
        ("no_concepts", "info"),
    ]


@pytest.mark.parametrize(
    "update",
    [
        {"children": ["0002", "0099"]},  # missing child
        {"parent": "0002"},  # root with a parent
    ],
)
def test_broken_links_are_errors(update: dict) -> None:
    tree = good_tree()
    broken = DocumentTree(nodes=[tree.root.model_copy(update=update), *tree.nodes[1:]])
    assert ("broken_tree", "error") in findings(broken)


def test_dangling_reference_and_unreachable_node_are_errors() -> None:
    tree = good_tree()
    ref = NodeReference(text="see Section 9", kind="section", target="9", target_node_id="0042")
    dangling = DocumentTree(
        nodes=[tree.root, tree.nodes[1].model_copy(update={"references": [ref]})]
    )
    assert findings(dangling) == [("broken_tree", "error")]
    orphan = DocumentTree(nodes=[*tree.nodes, TreeNode(node_id="0003", parent=None, title="lost")])
    assert findings(orphan) == [("broken_tree", "error")]


def test_compile_passes_verify_in_every_mode(guide_bytes: bytes) -> None:
    for mode in ("fast", "standard", "deep"):
        doc = compile_document(guide_bytes, name="guide.md", options=CompileOptions(mode=mode))  # type: ignore[arg-type]
        assert not [d for d in doc.diagnostics if d.source == "verify" and d.severity == "error"]
