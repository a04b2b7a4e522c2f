"""`resolve_references` indexes the targets only when some node has a reference: its result
equals the eager definition (targets indexed first) on random trees, and a tree with no
reference anywhere comes back as it is."""

from __future__ import annotations

import random

from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode
from vectorless_assets.passes.build import run as build
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.enrich import reference_scan as rs
from vectorless_assets.passes.enrich import references as refs

BODIES = [
    "plain text.",
    "See Section 2.",
    "see Chapter 1",
    "Table 1: totals",
    "as in Table 1",
    'see "Intro"',
    "page 3",
    "Figure 9",
]
TITLES = ["Intro", "1 Start", "2 Next", "2.1 Detail", "Appendix A", "Chapter 1: Go", "Notes"]


def reference_resolve(tree: DocumentTree) -> DocumentTree:
    """The eager definition: index every target, then resolve each node's references."""
    targets = refs.Targets.of(tree)
    nodes = []
    for node in tree.nodes:
        out = []
        for text, kind, target in refs.extract(node):
            node_id, confidence = targets.resolve(kind, target)
            if node_id != node.node_id:
                out.append(
                    NodeReference(
                        text=text,
                        kind=kind,
                        target=target,
                        target_node_id=node_id,
                        confidence=confidence,
                    )
                )
        nodes.append(
            node.model_copy(update={"references": out}) if out or node.references else node
        )
    return DocumentTree(nodes=nodes)


def random_tree(rng: random.Random) -> DocumentTree:
    raw = [
        RawNode(
            title=rng.choice(TITLES),
            level=rng.randint(0 if i == 0 else 1, 3),
            content="\n".join(rng.choice(BODIES) for _ in range(rng.randint(0, 3))),
        )
        for i in range(rng.randint(0, 8))
    ]
    return build(
        parsed=ParsedDocument(format="markdown", title="Doc", raw_nodes=raw), ctx=PassContext()
    )


def test_lazy_targets_equal_the_eager_definition() -> None:
    rng = random.Random(3)
    for _ in range(300):
        tree = random_tree(rng)
        assert resolve_twice(tree) == reference_resolve(tree)


def resolve_twice(tree: DocumentTree) -> DocumentTree:
    """Resolve, then resolve the result again (a node that had references keeps the rule)."""
    once = refs.resolve_references(tree)
    assert once == reference_resolve(tree)
    return refs.resolve_references(once)


def test_a_tree_without_references_is_returned_as_is() -> None:
    tree = DocumentTree(
        nodes=[
            TreeNode(node_id="0001", children=["0002"], title="T"),
            TreeNode(node_id="0002", parent="0001", title="A", content="no refs here"),
        ]
    )
    assert refs.resolve_references(tree) is tree


def test_stale_references_are_cleared_when_none_is_found() -> None:
    stale = NodeReference(text="see Section 9", kind="section", target="9")
    tree = DocumentTree(
        nodes=[TreeNode(node_id="0001", title="T", content="nothing now", references=[stale])]
    )
    assert refs.resolve_references(tree).nodes[0].references == []


def test_one_literal_search_decides_every_scan() -> None:
    assert set(rs.CAPTION_WORDS) <= set(rs.REF_LITERALS)
    assert set(rs.REF_WORDS) <= set(rs.REF_LITERALS)
    pieces = [
        "see ",
        '"Intro"',
        "Table 1: x",
        "\nFigure 2. y",
        "pp. 3",
        "p.4",
        "§ 2",
        "ſee",
        "İ",
        "x",
        "\n",
    ]
    rng = random.Random(4)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        scan = rs.scan_text(text)
        spans = [(m.span("kind"), m.span("target")) for m in scan.captions]
        assert spans == [(m.span("kind"), m.span("target")) for m in rs.CAPTION.finditer(text)]
        low = rs.lowered(text)
        assert scan.low == low
        if low is not None:
            every = sorted(i for w in rs.REF_LITERALS for i in rs.offsets(low, w))
            assert scan.starts == (every if any(w in low for w in rs.REF_WORDS) else [])
            assert scan.sees == [i for i in range(len(low)) if low.startswith("see", i)]


def test_literal_offsets_equal_one_search_per_literal() -> None:
    pieces = [
        "p.",
        "pp.",
        "ppp.",
        "pp",
        "eq",
        "eq.",
        "eqs.",
        "eqs",
        "equation",
        "equ",
        "see",
        "sect",
        "page",
        "x",
        " ",
        "§",
    ]
    rng = random.Random(10)
    for _ in range(4000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        expected = {w: rs.offsets(low, w) for w in rs.REF_LITERALS if rs.offsets(low, w)}
        assert rs.literal_offsets(low) == expected, low
