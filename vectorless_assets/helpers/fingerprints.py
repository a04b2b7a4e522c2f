"""Node fingerprints: what incremental compilation matches old and new nodes by.

A node's `fingerprint` is BLAKE2b-128 of its title and its own text; its
`subtree_fingerprint` hashes its fingerprint with its children's subtree fingerprints in
order (a Merkle hash), so it changes when anything under the node changes and nowhere else.
Neither depends on node ids or positions: inserting a section at the top leaves every other
section's fingerprints as they were.
"""

from __future__ import annotations

import hashlib

from vectorless_assets.ir.tree import DocumentTree


def _digest(*parts: str) -> str:
    """BLAKE2b-128 (hex) of each part's UTF-8 bytes, each led by its length (8 bytes, little
    endian), hashed in one call over the joined bytes (the same byte stream as one update
    per length and per part)."""
    chunks: list[bytes] = []
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        chunks += (len(data).to_bytes(8, "little"), data)
    return hashlib.blake2b(b"".join(chunks), digest_size=16).hexdigest()


def node_fingerprints(tree: DocumentTree) -> dict[str, tuple[str, str]]:
    """`{node_id: (fingerprint, subtree_fingerprint)}` for a preorder-numbered tree."""
    out: dict[str, tuple[str, str]] = {}
    for node in reversed(tree.nodes):  # children before parents
        own = _digest(node.title, node.content)
        out[node.node_id] = (own, _digest(own, *(out[c][1] for c in node.children)))
    return out


def with_fingerprints(tree: DocumentTree) -> DocumentTree:
    """Copy of `tree` with every node's `fingerprint` and `subtree_fingerprint` set."""
    fps = node_fingerprints(tree)
    nodes = [
        n if (n.fingerprint, n.subtree_fingerprint) == fps[n.node_id] else n.model_copy(update={"fingerprint": fps[n.node_id][0], "subtree_fingerprint": fps[n.node_id][1]})
        for n in tree.nodes
    ]
    return DocumentTree(nodes=nodes)
