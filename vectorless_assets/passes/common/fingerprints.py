"""Node fingerprints: what incremental compilation matches old and new nodes by.

A node's `fingerprint` is BLAKE2b-128 of its title and its own text; its
`subtree_fingerprint` hashes its fingerprint with its children's subtree fingerprints in
order (a Merkle hash), so it changes when anything under the node changes and nowhere else.
Neither depends on node ids or positions: inserting a section at the top leaves every other
section's fingerprints as they were.
"""

from __future__ import annotations

import hashlib
import struct

from vectorless_assets.ir.tree import DocumentTree

#: The length prefix of a fingerprint (32 hex digits) as 8 bytes, little endian, spelled as a
#: string (every byte is ASCII, so its UTF-8 encoding is these bytes).
_HEX_LEN = (32).to_bytes(8, "little").decode("ascii")
_LENGTH = struct.Struct("<Q").pack


def node_fingerprints(tree: DocumentTree) -> dict[str, tuple[str, str]]:
    """`{node_id: (fingerprint, subtree_fingerprint)}` for a preorder-numbered tree.

    Each is BLAKE2b-128 (hex) of its parts' UTF-8 bytes, each part led by its byte length (8
    bytes, little endian): a node's title and text, then its fingerprint and its children's
    subtree fingerprints, which are all 32 ASCII hex digits (so one constant length prefix
    before each, and one `encode` of them joined). Tested equal to one BLAKE2b update per
    length and per part (tests/passes/common/test_fingerprints.py).
    """
    out: dict[str, tuple[str, str]] = {}
    blake2b, sep = hashlib.blake2b, _HEX_LEN
    for node in reversed(tree.nodes):  # children before parents
        title = node.title.encode("utf-8", "surrogatepass")
        text = node.content.encode("utf-8", "surrogatepass")
        own = blake2b(
            b"".join((_LENGTH(len(title)), title, _LENGTH(len(text)), text)), digest_size=16
        ).hexdigest()
        parts = sep.join([own, *(out[c][1] for c in node.children)]) if node.children else own
        out[node.node_id] = (
            own,
            blake2b((sep + parts).encode("ascii"), digest_size=16).hexdigest(),
        )
    return out


def with_fingerprints(tree: DocumentTree) -> DocumentTree:
    """Copy of `tree` with every node's `fingerprint` and `subtree_fingerprint` set."""
    fps = node_fingerprints(tree)
    nodes = [
        n
        if (n.fingerprint, n.subtree_fingerprint) == fps[n.node_id]
        else n.model_copy(
            update={"fingerprint": fps[n.node_id][0], "subtree_fingerprint": fps[n.node_id][1]}
        )
        for n in tree.nodes
    ]
    return DocumentTree(nodes=nodes)
