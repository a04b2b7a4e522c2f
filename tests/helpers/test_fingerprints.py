"""The one-call node digest equals its definition (one BLAKE2b update per length and part)."""

from __future__ import annotations

import hashlib
import random

from vectorless_assets.helpers.fingerprints import _digest, node_fingerprints
from vectorless_assets.ir.tree import DocumentTree, TreeNode

PIECES = ["", "a", "Title", "naïve café", "日本語", "\ud800", "x" * 300, "\n", "# Head\n\ntext"]


def reference_digest(*parts: str) -> str:
    """The digest as first written: one update for each part's length, one for its bytes."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def test_digest_equals_the_update_per_part_definition() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        parts = [
            "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 4)))
            for _ in range(rng.randint(0, 5))
        ]
        assert _digest(*parts) == reference_digest(*parts)


def test_digest_separates_parts() -> None:
    assert _digest("ab", "c") != _digest("a", "bc")
    assert _digest("") != _digest()


def test_node_fingerprints_equal_the_digest_definition() -> None:
    """The spelled-out digests of `node_fingerprints` equal `_digest` of title and text, then
    of the fingerprint and the children's subtree fingerprints in order."""
    rng = random.Random(12)
    for _ in range(300):
        nodes = [TreeNode(node_id="0001", title=rng.choice(PIECES), content=rng.choice(PIECES))]
        for i in range(2, rng.randint(1, 12) + 1):
            parent = rng.choice(nodes)
            node = TreeNode(
                node_id=f"{i:04d}",
                parent=parent.node_id,
                title=rng.choice(PIECES),
                content="".join(rng.choices(PIECES, k=3)),
            )
            parent.children.append(node.node_id)
            nodes.append(node)
        tree = DocumentTree(nodes=nodes).renumbered()
        expected: dict[str, tuple[str, str]] = {}
        for node in reversed(tree.nodes):
            own = _digest(node.title, node.content)
            expected[node.node_id] = (own, _digest(own, *(expected[c][1] for c in node.children)))
        assert node_fingerprints(tree) == expected
