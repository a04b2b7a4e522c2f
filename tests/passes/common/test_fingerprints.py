"""Node fingerprints equal their definition (one BLAKE2b update per length and part)."""

from __future__ import annotations

import hashlib
import random

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.fingerprints import node_fingerprints

PIECES = ["", "a", "Title", "naïve café", "日本語", "\ud800", "x" * 300, "\n", "# Head\n\ntext"]


def reference_digest(*parts: str) -> str:
    """The digest as first written: one update for each part's length, one for its bytes."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def test_fingerprints_separate_title_and_text() -> None:
    def fingerprint(title: str, content: str) -> str:
        tree = DocumentTree(nodes=[TreeNode(node_id="0001", title=title, content=content)])
        return node_fingerprints(tree)["0001"][0]

    assert fingerprint("ab", "c") != fingerprint("a", "bc")
    assert fingerprint("", "") == reference_digest("", "") != reference_digest()


def test_node_fingerprints_equal_the_digest_definition() -> None:
    """The spelled-out digests of `node_fingerprints` equal the definition's digest of title
    and text, then of the fingerprint and the children's subtree fingerprints in order."""
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
            own = reference_digest(node.title, node.content)
            expected[node.node_id] = (
                own,
                reference_digest(own, *(expected[c][1] for c in node.children)),
            )
        assert node_fingerprints(tree) == expected
