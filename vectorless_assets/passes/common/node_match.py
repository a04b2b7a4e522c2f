"""Which node of a new tree is which node of an old one: the one match by content.

`match_nodes(old, new)` pairs nodes by their fingerprints (`passes.common.fingerprints`),
never by id or position. A new node whose title and own text are unchanged is paired with an
old node of the same fingerprint (equal ones in document order: the first new with the first
old). A new node left over is then paired, in document order, with a left-over old node of the
same title and the same text up to whitespace (a Markdown section moved from the end of the
file gains the blank line that separated it from the next heading), and then with one of the
same title under a parent of the same title (an edited section). Everything else is new, and
the old nodes left over are gone.

Incremental compilation's change set (`pipeline.incremental.ChangeDetector`) classifies nodes
by this match and the enrich pass carries node ids along it (`passes.common.node_ids`).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.fingerprints import node_fingerprints


@dataclass(frozen=True)
class NodeMatch:
    """The pairs of one match, by the new node's id, and both trees' content fingerprints."""

    #: new id -> old id, for every paired new node (unchanged and edited ones)
    pairs: dict[str, str]
    #: the new ids paired by content fingerprint (title and own text unchanged)
    same: frozenset[str]
    old_fingerprints: dict[str, str]
    new_fingerprints: dict[str, str]

    def unmatched_old(self, old: DocumentTree) -> list[str]:
        """The old tree's ids no new node is paired with, in the old document order."""
        taken = set(self.pairs.values())
        return [n.node_id for n in old.nodes if n.node_id not in taken]


def content_fingerprints(tree: DocumentTree) -> dict[str, str]:
    """`{node_id: fingerprint}` (title and own text), computed from the nodes themselves."""
    return {nid: fp for nid, (fp, _) in node_fingerprints(tree).items()}


def match_nodes(old: DocumentTree, new: DocumentTree) -> NodeMatch:
    """Pair the nodes of `new` with those of `old` (see the module docstring)."""
    old_fp, new_fp = content_fingerprints(old), content_fingerprints(new)
    pairs: dict[str, str] = {}
    _pair_left_over(old, new, pairs, lambda n: old_fp[n.node_id], lambda n: new_fp[n.node_id])
    same = frozenset(pairs)
    _pair_left_over(old, new, pairs, _spaced_alike, _spaced_alike)
    _pair_left_over(old, new, pairs, _under_parent(old), _under_parent(new))
    return NodeMatch(pairs=pairs, same=same, old_fingerprints=old_fp, new_fingerprints=new_fp)


def _spaced_alike(node: TreeNode) -> tuple[str, str]:
    """A node's title and a digest of its text with every run of whitespace as one space."""
    text = " ".join(node.content.split()).encode("utf-8", "surrogatepass")
    return (node.title, hashlib.blake2b(text, digest_size=16).hexdigest())


def _under_parent(tree: DocumentTree) -> Callable[[TreeNode], tuple[str, str]]:
    """A node of `tree`'s parent's title ("" for the root) and its own title."""
    by_id = {n.node_id: n for n in tree.nodes}

    def key(node: TreeNode) -> tuple[str, str]:
        parent = by_id.get(node.parent or "")
        return (parent.title if parent else "", node.title)

    return key


def _pair_left_over(
    old: DocumentTree,
    new: DocumentTree,
    pairs: dict[str, str],
    old_key: Callable[[TreeNode], Hashable],
    new_key: Callable[[TreeNode], Hashable],
) -> None:
    """Pair the new nodes not yet in `pairs` with old ones not yet paired whose key is equal
    (equal ones in document order), in place."""
    taken = set(pairs.values())
    pool: dict[Hashable, deque[str]] = defaultdict(deque)
    for node in old.nodes:
        if node.node_id not in taken:
            pool[old_key(node)].append(node.node_id)
    if not pool:
        return
    for node in new.nodes:
        if node.node_id not in pairs:
            ids = pool.get(new_key(node))
            if ids:
                pairs[node.node_id] = ids.popleft()
