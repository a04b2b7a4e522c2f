"""In-document references ("see Section 2.1", "Chapter 3", "Appendix A", "Table 4",
"Figure 2", "page 12", "Equation 3", 'see "Installation"'): extraction and resolution.

Resolution targets, in order:

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

import re
from dataclasses import dataclass, field

from vectorless_assets.ir.tree import DocumentTree, NodeReference, ReferenceKind, TreeNode
from vectorless_assets.passes.common.treeops import TITLE_JOIN
from vectorless_assets.passes.enrich.links import anchor_key, anchor_keys, definitions, links
from vectorless_assets.passes.enrich.reference_scan import (
    NUM,
    REF,
    TITLE_REF,
    Scan,
    scan_text,
    tried_at,
)
from vectorless_assets.passes.enrich.relative import neighbour, relative

CONFIDENCE = 0.8
STRUCTURE_CONFIDENCE = 0.6
MAX_REFERENCES_PER_NODE = 50
MAX_PAGES_PER_NODE = 10_000

_TITLE_NUM = re.compile(
    rf"^\s*(?:(?P<kind>(?i:section|chapter|appendix|part|table|figure|§))\s*)?"
    rf"(?P<target>{NUM}|[IVXL]{{2,}}|[A-Z](?:\.\d+)*)(?P<end>[.:)\-—–]|\s|$)"
)
_KIND_OF: dict[str, ReferenceKind] = {
    "section": "section",
    "sections": "section",
    "§": "section",
    "§§": "section",
    "chapter": "chapter",
    "chapters": "chapter",
    "appendix": "appendix",
    "appendices": "appendix",
    "table": "table",
    "tables": "table",
    "figure": "figure",
    "figures": "figure",
    "fig.": "figure",
    "figs.": "figure",
    "page": "page",
    "pages": "page",
    "p.": "page",
    "pp.": "page",
    "equation": "equation",
    "equations": "equation",
    "eq.": "equation",
    "eqs.": "equation",
}


#: The non-ASCII letters a case-insensitive pattern matches for ASCII ones ("Fıg." is "Fig.").
_ASCII_FOLD = str.maketrans({"ı": "i", "İ": "i", "ſ": "s", "\u212a": "k"})


def kind_of(word: str) -> ReferenceKind:
    """The kind a reference word names ("Fig." -> figure), whatever letters matched it."""
    return _KIND_OF[word.translate(_ASCII_FOLD).lower()]


@dataclass
class Targets:
    """Everything a reference can resolve to, indexed once per tree."""

    numbered: dict[tuple[str, str], str] = field(default_factory=dict)
    structure: dict[str, str] = field(default_factory=dict)
    captions: dict[tuple[str, str], str] = field(default_factory=dict)
    pages: dict[int, str] = field(default_factory=dict)
    #: physical page - printed page number, when the PDF has numeric page labels
    page_offset: int | None = None
    children: dict[str, list[str]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    #: `links.anchor_key` of each title -> the positions (document order) of its nodes
    anchors: dict[str, list[int]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    parent: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, tree: DocumentTree, captions: list[list[re.Match[str]]] | None = None) -> Targets:
        """Index `tree` (`captions`: each node's `Scan.captions` in node order, if scanned)."""
        t = cls()
        head = tree.root if tree.nodes else None
        while head is not None and len(head.children) == 1:
            head = tree.get(head.children[0])
        prefix = f"{head.structure}." if head is not None and head.structure else ""
        for node in tree.nodes:
            if prefix and node.structure.startswith(prefix):
                t.structure.setdefault(node.structure[len(prefix) :], node.node_id)
        for i, node in enumerate(tree.nodes):
            if node.structure:
                t.structure.setdefault(node.structure, node.node_id)
            full = node.title.strip()
            # a leaf merged by the optimize pass carries its parts' titles joined by " / "
            for title in dict.fromkeys(
                [full, *(p.strip() for p in full.split(TITLE_JOIN) if p.strip())] if full else []
            ):
                t.titles.setdefault(title.lower(), node.node_id)
                t.anchors.setdefault(anchor_key(title), []).append(i)
                m = _TITLE_NUM.match(title)
                if m and (
                    m.group("kind") or not m.group("target").isalpha() or m.group("end").strip()
                ):
                    word = (m.group("kind") or "").lower()
                    if word in ("table", "figure"):
                        t.captions.setdefault((word, m.group("target")), node.node_id)
                    else:
                        t.numbered.setdefault((word, m.group("target")), node.node_id)
            found = captions[i] if captions is not None else scan_text(node.content).captions
            for c in found:
                t.captions.setdefault((kind_of(c.group("kind")), c.group("target")), node.node_id)
            start, end = node.own_start_page, node.own_end_page
            if start is not None:
                for page in range(start, min(end or start, start + MAX_PAGES_PER_NODE) + 1):
                    t.pages.setdefault(page, node.node_id)
            if node.children:
                t.children[node.node_id] = node.children
        t.page_offset = _page_offset(tree)
        t.order = [node.node_id for node in tree.nodes]
        t.parent = {kid: parent for parent, kids in t.children.items() for kid in kids}
        return t

    def _by_parent_number(self, target: str) -> str | None:
        """Section "2.3" as the 3rd child of the node titled with number 2 (outlines often
        number only the top level)."""
        head, _, rest = target.partition(".")
        node = next(
            (
                self.numbered[(w, head)]
                for w in ("", "chapter", "section")
                if (w, head) in self.numbered
            ),
            None,
        )
        for part in rest.split(".") if node else []:
            kids = self.children.get(node or "", [])
            index = int(part) - 1 if part.isdigit() else -1
            node = kids[index] if 0 <= index < len(kids) else None
        return node

    def _anchored(self, anchor: str, near: int) -> str | None:
        """The node titled with `anchor`'s slug nearest position `near` (a concatenation of
        documents repeats titles such as "Motivation": the link means its own document's)."""
        for key in anchor_keys(anchor):
            if key in self.anchors:
                return self.order[min(self.anchors[key], key=lambda i: (abs(i - near), i))]
        return None

    def resolve(self, kind: ReferenceKind, target: str, near: int = 0) -> tuple[str | None, float]:
        """The node `target` names and the confidence (`near`: the referring node's position,
        for anchors)."""
        if kind in ("section", "chapter") and target in ("next", "previous"):
            level = "chapter" if kind == "chapter" else "section"
            way = "next" if target == "next" else "previous"
            hit = neighbour(self.order[near], way, level, self.parent, self.children)
            return (hit, STRUCTURE_CONFIDENCE) if hit else (None, 0.0)
        if kind in ("section", "chapter", "appendix"):
            for word in (kind, "§" if kind == "section" else kind, ""):
                if (word, target) in self.numbered:
                    return self.numbered[(word, target)], CONFIDENCE
            if kind == "section" and ("chapter", target) in self.numbered:
                return self.numbered[("chapter", target)], CONFIDENCE
            if kind == "section" and "." in target and (hit := self._by_parent_number(target)):
                return hit, STRUCTURE_CONFIDENCE
            if kind == "section" and target in self.structure:
                return self.structure[target], STRUCTURE_CONFIDENCE
            return None, 0.0
        if kind in ("table", "figure", "equation"):
            hit = self.captions.get((kind, target))
            return (hit, CONFIDENCE) if hit else (None, 0.0)
        if kind == "page":
            hit = (
                self.pages.get(int(target) + (self.page_offset or 0)) if target.isdigit() else None
            )
            return (hit, CONFIDENCE) if hit else (None, 0.0)
        if target.startswith("#"):
            hit = self._anchored(target, near)
        else:
            hit = self.titles.get(target.lower())
        return (hit, CONFIDENCE) if hit else (None, 0.0)


def _page_offset(tree: DocumentTree) -> int | None:
    """The most common (physical page - numeric page label) over the nodes, if any.

    Printed references ("see page 17") use the printed page number, which is the page
    label when the PDF has labels; the physical page is that number plus this offset.
    """
    offsets: dict[int, int] = {}
    for node in tree.nodes:
        label, page = node.start_page_label, node.start_page
        if label and label.isdigit() and page is not None:
            off = page - int(label)
            offsets[off] = offsets.get(off, 0) + 1
    if not offsets:
        return None
    return min(offsets, key=lambda o: (-offsets[o], abs(o)))


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
