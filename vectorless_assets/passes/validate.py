"""ValidatePass: structural warnings on the final tree (never fatal)."""

from __future__ import annotations

import hashlib
from collections import Counter

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.context import PassContext

MAX_DEPTH = 20
DUPLICATE_MIN_CHARS = 50
#: Per check, findings beyond this many are summed up in one extra diagnostic.
MAX_FINDINGS = 20


def run(*, tree: DocumentTree, ctx: PassContext) -> list[Diagnostic]:
    """Structural warnings on the final tree (never fatal).

    Checks: depth over 20 levels; nodes (other than the root) with an empty title; token
    counts (a node's `total_tokens` must equal its own tokens plus its children's totals,
    so a parent is never below the sum of its children); leaves with the same content
    (at least 50 characters, whitespace-insensitive); source line ranges that overlap (a
    line owned twice, except the one shared line of a cut over-long line). Each check
    reports at most 20 nodes, then one summary line.
    """
    out: list[Diagnostic] = []
    if not tree.nodes:
        return out
    deep = [n for n in tree.nodes if n.depth > MAX_DEPTH]
    if deep:
        deepest = max(deep, key=lambda n: n.depth)
        out.append(
            _diag(
                "max_depth",
                (
                    f"tree is {deepest.depth} levels deep (over {MAX_DEPTH}); {len(deep)} "
                    f"nodes below level {MAX_DEPTH}"
                ),
                deepest.node_id,
            )
        )
    empty = [n for n in tree.nodes if n.parent is not None and not n.title.strip()]
    out.extend(
        _capped(
            "empty_title",
            [(n.node_id, f"node {n.structure or n.node_id} has an empty title") for n in empty],
        )
    )
    totals = {n.node_id: n.total_tokens for n in tree.nodes}
    bad_tokens = []
    for n in tree.nodes:
        expected = n.token_count + sum(totals.get(c, 0) for c in n.children)
        if n.total_tokens != expected:
            bad_tokens.append(
                (
                    n.node_id,
                    (
                        f"node {n.node_id} total_tokens {n.total_tokens} != own {n.token_count} "
                        f"+ children = {expected}"
                    ),
                )
            )
    out.extend(_capped("token_count", bad_tokens))
    out.extend(_capped("duplicate_content", _duplicates(tree)))
    out.extend(_capped("line_overlap", _overlaps(tree)))
    return out


def _diag(code: str, message: str, node_id: str | None = None) -> Diagnostic:
    return Diagnostic(
        source="validate", code=code, message=message, severity="warning", node_id=node_id
    )


def _capped(code: str, findings: list[tuple[str, str]]) -> list[Diagnostic]:
    out = [_diag(code, msg, nid) for nid, msg in findings[:MAX_FINDINGS]]
    if len(findings) > MAX_FINDINGS:
        out.append(_diag(code, f"... and {len(findings) - MAX_FINDINGS} more {code} findings"))
    return out


def _duplicates(tree: DocumentTree) -> list[tuple[str, str]]:
    """Later leaves whose normalised content equals an earlier leaf's.

    Only leaves sharing a `_shape` with another leaf are normalised and compared: equal
    normalised contents have equal shapes, so a leaf whose shape no other leaf has neither
    duplicates one nor is duplicated (the normalisation is most of this check's cost).
    """
    leaves = [n for n in tree.nodes if not n.children and len(n.content) >= DUPLICATE_MIN_CHARS]
    if len(leaves) < 2:
        return []  # a duplicate takes two leaves
    shapes = [_shape(n.content) for n in leaves]
    shared = {shape for shape, count in Counter(shapes).items() if count > 1}
    first: dict[bytes, str] = {}
    found: list[tuple[str, str]] = []
    for n, shape in zip(leaves, shapes, strict=True):
        if shape not in shared:
            continue
        norm = " ".join(n.content.split())  # runs of whitespace (as `\\s`) to one space
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


def _shape(text: str) -> tuple[str, int, str, int]:
    """The first and the last non-whitespace characters of `text`, each with how often it
    occurs: the same for two texts whose whitespace-normalised forms (`" ".join(text.split())`)
    are equal (both keep every other character, in order)."""
    first = next((c for c in text if not c.isspace()), "")
    if not first:
        return "", 0, "", 0
    last = next(c for c in reversed(text) if not c.isspace())
    return first, text.count(first), last, text.count(last)


def _overlaps(tree: DocumentTree) -> list[tuple[str, str]]:
    """Nodes whose own line range overlaps the previous range by more than one shared line."""
    spans = sorted(
        (n.line_start, n.line_end, n.node_id)
        for n in tree.nodes
        if n.line_start is not None and n.line_end is not None
    )
    found: list[tuple[str, str]] = []
    prev_end, prev_id = 0, ""
    for start, end, nid in spans:
        if prev_id and start < prev_end and not (start == end == prev_end):
            found.append(
                (nid, f"node {nid} lines {start}-{end} overlap node {prev_id} (ends at {prev_end})")
            )
        if end >= prev_end:
            prev_end, prev_id = end, nid
    return found
