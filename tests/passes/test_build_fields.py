"""Build validates every node's fields in one call: the tree equals one built a model per
node (the first implementation), fields set included, on random raw sections."""

from __future__ import annotations

import random

from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes import build
from vectorless_assets.passes.context import PassContext


def per_node(tree: DocumentTree) -> DocumentTree:
    """The same nodes, each built by `TreeNode(**fields)` from the fields build sets."""
    return DocumentTree(
        nodes=[TreeNode(**{k: getattr(n, k) for k in n.model_fields_set}) for n in tree.nodes]
    )


def random_parsed(rng: random.Random) -> ParsedDocument:
    raw = []
    for i in range(rng.randint(0, 12)):
        start = rng.choice([None, rng.randint(1, 5)])
        raw.append(
            RawNode(
                title=rng.choice(["A", "B c", ""]),
                level=rng.randint(0 if i == 0 else 1, 4),
                content=rng.choice(["", "text", "more text here"]),
                line_start=rng.choice([None, i * 3 + 1]),
                line_end=rng.choice([None, i * 3 + 2]),
                start_page=start,
                end_page=start,
                start_page_label=rng.choice([None, "iv"]),
                page_breaks=rng.choice([[], [0]]),
                token_count=rng.randint(0, 9),
            )
        )
    return ParsedDocument(format="markdown", title="Doc", raw_nodes=raw)


def test_one_validation_equals_a_model_per_node() -> None:
    rng = random.Random(21)
    fields = {
        "node_id", "parent", "children", "title", "structure", "depth", "content", "line_start",
        "line_end",
        "start_page", "end_page", "own_start_page", "own_end_page", "page_breaks",
        "start_page_label",
        "end_page_label", "token_count", "total_tokens",
    }  # fmt: skip
    for _ in range(300):
        tree = build.run(parsed=random_parsed(rng), ctx=PassContext())
        assert tree == per_node(tree)
        assert all(n.model_fields_set == fields for n in tree.nodes)
        assert all(type(n) is TreeNode for n in tree.nodes)
