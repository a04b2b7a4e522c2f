"""What a reference can resolve to, indexed once per tree (`Targets`), and how a reference
word names its kind (`kind_of`); `references` extracts the references and resolves them
here (the resolution order is in its docstring)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vectorless_assets.ir.tree import DocumentTree, ReferenceKind
from vectorless_assets.passes.common.treeops import TITLE_JOIN
from vectorless_assets.passes.enrich.links import anchor_key, anchor_keys
from vectorless_assets.passes.enrich.reference_scan import NUM, scan_text
from vectorless_assets.passes.enrich.relative import neighbour

CONFIDENCE = 0.8
STRUCTURE_CONFIDENCE = 0.6
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
