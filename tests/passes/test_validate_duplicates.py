"""The duplicate check normalises only leaves sharing a shape; its findings equal the plain
definition (every leaf normalised and compared) on random trees with whitespace variants."""

from __future__ import annotations

import hashlib
import random

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.validate import DUPLICATE_MIN_CHARS, _duplicates, _shape

WORDS = ["alpha", "beta", "gamma", "日本語", "x", "é", "\u00a0", "\u3000", "\x1c", "-", ".", "e"]
SPACES = [" ", "  ", "\n", "\t", "\r\n", "\u2003", ""]


def reference_duplicates(tree: DocumentTree) -> list[tuple[str, str]]:
    """The check as first written: every leaf of at least 50 characters normalised."""
    first: dict[bytes, str] = {}
    found: list[tuple[str, str]] = []
    for n in tree.nodes:
        if n.children or len(n.content) < DUPLICATE_MIN_CHARS:
            continue
        norm = " ".join(n.content.split())
        if len(norm) < DUPLICATE_MIN_CHARS:
            continue
        key = hashlib.blake2b(norm.encode("utf-8"), digest_size=16).digest()
        if key in first:
            found.append(
                (n.node_id, f"node {n.node_id} duplicates the content of node {first[key]}")
            )
        else:
            first[key] = n.node_id
    return found


def respaced(words: list[str], rng: random.Random) -> str:
    return (
        rng.choice(SPACES)
        + "".join(w + rng.choice(SPACES[:-1]) for w in words)
        + rng.choice(SPACES)
    )


def random_tree(rng: random.Random) -> DocumentTree:
    bodies = [
        [rng.choice(WORDS) for _ in range(rng.randint(0, 40))] for _ in range(rng.randint(1, 4))
    ]
    count = rng.randint(1, 12)
    nodes = [TreeNode(node_id="0001", children=[f"{i:04d}" for i in range(2, count + 1)])]
    for i in range(2, count + 1):
        nodes.append(
            TreeNode(node_id=f"{i:04d}", parent="0001", content=respaced(rng.choice(bodies), rng))
        )
    return DocumentTree(nodes=nodes)


def test_duplicates_equal_the_plain_definition() -> None:
    rng = random.Random(7)
    found = 0
    for _ in range(1000):
        tree = random_tree(rng)
        expected = reference_duplicates(tree)
        assert _duplicates(tree) == expected
        found += bool(expected)
    assert found > 100  # the random trees do have duplicates


def test_shape_is_kept_by_whitespace_normalisation() -> None:
    rng = random.Random(8)
    for _ in range(2000):
        text = respaced([rng.choice(WORDS) for _ in range(rng.randint(0, 30))], rng)
        assert _shape(text) == _shape(" ".join(text.split()))
    assert _shape(" \n\t") == ("", 0, "", 0)
