"""In-document references ("see Section 2.1", "Chapter 3", "Appendix A", "Table 4",
"Figure 2", "page 12", "Equation 3", 'see "Installation"'): extraction and resolution.

Resolution targets (indexed in `passes.enrich.targets`), in order:

* section / chapter / appendix: a node whose *title* carries that number ("2.1 Background",
  "Chapter 3: Results", "Appendix A - Tables"), confidence 0.8; else, for a section only,
  the node at that position of the tree (`structure`, counted below the document's title
  heading when the root has just that one child) or, for "2.3", the 3rd child of the node
  titled with number 2, confidence 0.6. Chapters are not
  guessed by position: books open with unnumbered parts (Foreword, Introduction);
* table / figure / equation: the node whose text has the caption ("Table 4: ...", a line
  starting with it), or a node titled so, confidence 0.8;
* page: the first node (document order) whose own text is on that page, confidence 0.8;
  with numeric page labels, "page 17" is the printed number 17 (label), mapped to its
  physical page by the document's most common label offset;
* title: a node with that exact title (case-insensitive), confidence 0.8;
* anchor (an in-document Markdown link, `[text](#anchor)` or `[text][label]` with
  `[label]: #anchor`, see `passes.enrich.links`): the node whose title the anchor is the
  slug of, kind `title`, target `#anchor`, confidence 0.8;
* relative ("the next section", "the previous chapter", "次のセクション", see
  `passes.enrich.relative`): the neighbouring node in reading order, kind `section` or
  `chapter`, target `next` or `previous`, confidence 0.6.

A caption line is a definition, not a reference, and is not extracted; a reference that
resolves to the node it appears in is dropped; unresolved references are kept with no
target. One scan of every node's text and one pass over the tree: linear cost.
"""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, NodeReference, ReferenceKind, TreeNode
from vectorless_assets.passes.enrich.links import definitions, links
from vectorless_assets.passes.enrich.reference_scan import (
    REF,
    TITLE_REF,
    Scan,
    scan_text,
    tried_at,
)
from vectorless_assets.passes.enrich.relative import relative
from vectorless_assets.passes.enrich.targets import (
    CONFIDENCE,
    STRUCTURE_CONFIDENCE,
    Targets,
    kind_of,
)

__all__ = [
    "CONFIDENCE",
    "MAX_REFERENCES_PER_NODE",
    "STRUCTURE_CONFIDENCE",
    "Targets",
    "extract",
    "kind_of",
    "resolve_references",
]

MAX_REFERENCES_PER_NODE = 50


def extract(
    node: TreeNode, scan: Scan | None = None, defined: dict[str, str] | None = None
) -> list[tuple[str, ReferenceKind, str]]:
    """(text, kind, target) of the references in a node's text, first occurrence each.

    `scan`: `scan_text(node.content)` when the caller has it already; `defined`: the
    document's link definitions (`links.definitions`), for reference-style links."""
    text = node.content
    seen: dict[tuple[str, str], tuple[str, ReferenceKind, str]] = {}
    for written, anchor in links(text, defined or {}):
        seen.setdefault(("title", anchor), (written, "title", anchor))
    for written, level, way in relative(text):
        seen.setdefault((level, way), (written, level, way))
    low, caption_list, starts, sees = scan if scan is not None else scan_text(text)
    if starts is not None and not starts and not sees:
        return list(seen.values())[:MAX_REFERENCES_PER_NODE]  # nowhere to try either pattern
    captions = {m.start("kind") for m in caption_list}
    for m in REF.finditer(text) if starts is None else tried_at(REF, text, starts):
        if m.start("kind") in captions:
            continue
        kind = kind_of(m.group("kind"))
        target = m.group("target")
        if kind != "appendix" and target.isalpha() and kind != "chapter":
            continue  # "Table A" style letters only name appendices (and roman chapters)
        seen.setdefault((kind, target), (m.group(0).strip(), kind, target))
    quoted = '"' in text or "\u201c" in text
    titles = (
        (TITLE_REF.finditer(text) if sees is None else tried_at(TITLE_REF, text, sees))
        if quoted
        else ()
    )
    for m in titles:
        seen.setdefault(
            ("title", m.group("title").strip()),
            (m.group(0).strip(), "title", m.group("title").strip()),
        )
    return list(seen.values())[:MAX_REFERENCES_PER_NODE]


def resolve_references(tree: DocumentTree) -> DocumentTree:
    """Copy of `tree` with every node's `references` extracted and resolved to node ids.

    The targets are indexed only when some node has a reference to resolve (`Targets.of`
    is pure, and unused otherwise); when no node had or gets a reference, `tree` itself is
    returned (every node would be kept as it is).
    """
    scans = [scan_text(node.content) for node in tree.nodes]
    defined = definitions(node.content for node in tree.nodes)
    found = [extract(node, scan, defined) for node, scan in zip(tree.nodes, scans, strict=True)]
    if not any(found) and not any(node.references for node in tree.nodes):
        return tree
    targets: Targets | None = None
    nodes = []
    for position, (node, extracted) in enumerate(zip(tree.nodes, found, strict=True)):
        refs = []
        for text, kind, target in extracted:
            if targets is None:
                targets = Targets.of(tree, [scan.captions for scan in scans])
            node_id, confidence = targets.resolve(kind, target, position)
            if node_id == node.node_id:
                continue
            refs.append(
                NodeReference(
                    text=text,
                    kind=kind,
                    target=target,
                    target_node_id=node_id,
                    confidence=confidence,
                )
            )
        nodes.append(
            node.model_copy(update={"references": refs}) if refs or node.references else node
        )
    return DocumentTree(nodes=nodes)
