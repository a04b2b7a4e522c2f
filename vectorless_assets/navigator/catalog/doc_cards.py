"""What a catalog keeps of every document without keeping the document: its card.

A `DocCard` holds what `list_documents`, looking a document up by name and ranking the
documents for a question need (the catalog row, question hints, the terms of the catalog
text, the naming terms), a few kilobytes per document. A `Snapshot` is one consistent view
of the folder (cards, refused files, how many files are indexed yet): readers take the
current snapshot and compute over it while the folder is re-indexed beside them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vectorless_assets.ir.corpus import row_of
from vectorless_assets.navigator.ranking.bm25 import BM25
from vectorless_assets.navigator.ranking.doc_identity import TITLE_BLOCK_CHARS, identity_terms
from vectorless_assets.navigator.reading.cursor import DocumentNavigator
from vectorless_assets.text.terms import terms

#: Characters of the document's opening text (cover page, title block) in its catalog text.
OPENING_CHARS = 1500
#: Question hints kept per card.
CARD_HINTS = 5

Stamp = tuple[int, int, int]  # inode, size, mtime: a file's version


def opening(nav: DocumentNavigator, chars: int) -> str:
    """The first `chars` characters of the document's text, in reading order."""
    out: list[str] = []
    size = 0
    for node in nav.doc.tree.preorder():
        if size >= chars:
            break
        out.append(node.content[: chars - size])
        size += len(out[-1])
    return "\n".join(out)


@dataclass(frozen=True)
class DocCard:
    """One document as the catalog knows it between loads."""

    doc_id: str
    name: str
    path: Path
    stamp: Stamp
    row: dict[str, Any]  # the `Catalog.entries` row
    hints: tuple[str, ...]
    text_terms: tuple[str, ...]  # terms of the catalog text (BM25 over documents)
    identity: frozenset[str]  # naming terms (`doc_identity`)
    names: frozenset[str]  # document key and source path, file names and stems, case-folded
    table_row: dict[str, Any] = field(default_factory=dict)  # `ir.corpus.row_of`: `to_frame`

    @property
    def size(self) -> int:
        return self.stamp[1]


def catalog_text(nav: DocumentNavigator) -> str:
    """What a document is ranked on among documents: name, descriptions, sections, tags, opening."""
    doc, card = nav.doc, nav.doc_card()
    parts = [
        doc.name,
        doc.source_path or "",
        doc.description,
        doc.summary,
        card.get("overview", ""),
    ]
    parts += [n.title for n in doc.tree.top_sections()] + list(card.get("topic_tags", []))
    parts += [c.name for c in doc.concepts]
    parts.append(opening(nav, OPENING_CHARS))
    return "\n".join(p for p in parts if p)


def card_of(nav: DocumentNavigator, path: Path, stamp: Stamp) -> DocCard:
    """The card of a loaded document."""
    doc, card = nav.doc, nav.doc_card()
    names: set[str] = set()
    for source in (doc.document_key or "", doc.source_path or ""):
        names |= {source.casefold(), Path(source).name.casefold(), Path(source).stem.casefold()}
    row = {
        "doc_id": doc.doc_id,
        "name": doc.name,
        "format": doc.format,
        "source_path": doc.source_path,
        "document_key": doc.document_key,
        "path": str(path),
        "page_count": doc.page_count,
        "node_count": len(doc.tree),
        "mode": doc.meta.mode if doc.meta else None,
        "old_schema": doc.is_old,
        "overview": card.get("overview", ""),
        "sections": [n.title for n in doc.tree.top_sections()],
        "topic_tags": list(card.get("topic_tags", [])),
    }
    return DocCard(
        doc_id=doc.doc_id,
        name=doc.name,
        path=path,
        stamp=stamp,
        row=row,
        hints=tuple(str(h) for h in list(card.get("question_hints") or [])[:CARD_HINTS]),
        text_terms=tuple(terms(catalog_text(nav))),
        identity=frozenset(
            identity_terms(doc.name, doc.source_path, opening(nav, TITLE_BLOCK_CHARS))
        ),
        names=frozenset(names - {""}),
        table_row=row_of(doc, str(path)),
    )


@dataclass
class Snapshot:
    """The folder as indexed at one moment: never changed once published."""

    cards: dict[str, DocCard]  # by doc_id, in file-name order
    rejected: list[dict[str, str]]
    files: int = 0  # IR files in the folder (0 before it is first listed)
    indexed: int = 0  # of them read (served or refused)
    complete: bool = False  # every file read
    _bm25: BM25 | None = field(default=None, repr=False)

    def bm25(self) -> BM25:
        """BM25 over the cards' catalog texts (built on first use; two threads may both build
        it)."""
        if self._bm25 is None:
            self._bm25 = BM25([list(c.text_terms) for c in self.cards.values()])
        return self._bm25

    def progress(self) -> dict[str, int] | None:
        """``{"indexed", "files"}`` while the folder is still being read, else None."""
        return None if self.complete else {"indexed": self.indexed, "files": self.files}
