"""Enrich's reference extraction tests a literal before each pattern's scan: it finds exactly
what scanning every pattern finds (the plain code it replaced, kept here as the reference)."""

from __future__ import annotations

from tests.passes.common.test_fast_paths import FRAGMENTS, texts
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.passes.enrich import reference_scan as rs
from vectorless_assets.passes.enrich import references as refs


def reference_extract(text: str) -> list[tuple[str, str, str]]:
    """`references.extract` with every pattern scanned (no literal tests)."""
    captions = {m.start("kind") for m in rs.CAPTION.finditer(text)}
    seen: dict[tuple[str, str], tuple[str, str, str]] = {}
    for m in rs.REF.finditer(text):
        if m.start("kind") in captions:
            continue
        kind, target = refs.kind_of(m.group("kind")), m.group("target")
        if kind != "appendix" and target.isalpha() and kind != "chapter":
            continue
        seen.setdefault((kind, target), (m.group(0).strip(), kind, target))
    for m in rs.TITLE_REF.finditer(text):
        title = m.group("title").strip()
        seen.setdefault(("title", title), (m.group(0).strip(), "title", title))
    return list(seen.values())[: refs.MAX_REFERENCES_PER_NODE]


def outcome(f, *args):  # type: ignore[no-untyped-def]
    """The result, or the exception type (a kind like 'Eqſ.' has no entry: both must fail)."""
    try:
        return f(*args)
    except KeyError as exc:
        return type(exc)


def test_reference_extraction_skips_only_scans_that_cannot_match() -> None:
    for text in FRAGMENTS + texts(3000):
        got = outcome(refs.extract, TreeNode(node_id="0001", content=text))
        assert got == outcome(reference_extract, text), repr(text)
