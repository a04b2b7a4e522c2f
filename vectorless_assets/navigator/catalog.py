"""A catalog over a folder of IR files (`<doc_id>.bin`): which document covers what, and
`locate` across all of them.

Every file is verified on load; a file that fails (tampered, truncated, newer schema) is
refused and listed in `rejected`, the others stay usable. `refresh()` follows the folder
as files are added, rewritten or removed, reading only what changed. Documents are
described from their DocCards (derived from the tree when the compile mode built none).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.ir.persist import IR_SUFFIX
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator.bm25 import BM25, terms
from vectorless_assets.navigator.cursor import DocumentNavigator
from vectorless_assets.navigator.doc_identity import (
    TITLE_BLOCK_CHARS,
    identity_scores,
    identity_terms,
    proper_terms,
)
from vectorless_assets.navigator.guided import MAX_CALLS, guided_catalog_locate
from vectorless_assets.navigator.views import NavigationError

#: Characters of the document's opening text (cover page, title block) in its catalog text.
OPENING_CHARS = 1500
#: Weight of the document's own relevance in a cross-document hit's score.
DOC_WEIGHT = 0.5
#: Weight of the question naming a document (`doc_identity`), against card relevance 0..1.
NAME_WEIGHT = 1.0


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


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What identifies a file's version cheaply (inode, size, mtime); None once it is gone."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class Catalog:
    """Navigators for every valid IR in `folder`, keyed by doc_id, in file-name order."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise NavigationError(f"{self.folder}: not a folder of IR files")
        self.navigators: dict[str, DocumentNavigator] = {}
        self.paths: dict[str, Path] = {}
        self.rejected: list[dict[str, str]] = []
        self._loaded: dict[Path, tuple[tuple[int, int, int], DocumentNavigator | dict[str, str]]] = {}
        self._bm25: BM25 | None = None
        self._identities: list[set[str]] | None = None
        self.refresh()

    def refresh(self) -> bool:
        """Bring the catalog up to date with the folder: load new and rewritten files, drop
        removed ones (unchanged files are not read again). True when anything changed."""
        stamps = {p: file_stamp(p) for p in sorted(self.folder.glob(f"*{IR_SUFFIX}"))}
        current = {p: st for p, st in stamps.items() if st is not None}  # a vanished file is gone
        if self._loaded and {p: v[0] for p, v in self._loaded.items()} == current:
            return False
        loaded: dict[Path, tuple[tuple[int, int, int], DocumentNavigator | dict[str, str]]] = {}
        for path, stamp in current.items():
            old = self._loaded.get(path)
            if old is not None and old[0] == stamp:
                loaded[path] = old
                continue
            try:
                loaded[path] = (stamp, DocumentNavigator.open(path))
            except (IRIntegrityError, NavigationError) as exc:
                loaded[path] = (stamp, {"path": str(path), "error": type(exc).__name__, "problem": getattr(exc, "problem", str(exc))})
        changed = loaded.keys() != self._loaded.keys() or any(loaded[p] is not self._loaded.get(p) for p in loaded)
        navigators: dict[str, DocumentNavigator] = {}
        paths: dict[str, Path] = {}
        rejected: list[dict[str, str]] = []
        for path, (_, item) in loaded.items():
            if isinstance(item, dict):
                rejected.append(item)
                continue
            doc_id = item.doc.doc_id
            if doc_id in navigators:  # a copy (`<id>_backup.bin`) must not shadow `<id>.bin`
                keep, other = (path, paths[doc_id]) if path.name == f"{doc_id}{IR_SUFFIX}" else (paths[doc_id], path)
                rejected.append({"path": str(other), "error": "DuplicateDocument", "problem": f"a second file for doc_id {doc_id} (served: {keep.name})"})
                if keep is not path:
                    continue
            navigators[doc_id] = item
            paths[doc_id] = path
        self._loaded, self.navigators, self.paths, self.rejected = loaded, navigators, paths, rejected
        self._bm25 = None if changed else self._bm25
        self._identities = None if changed else self._identities
        return changed

    def __len__(self) -> int:
        return len(self.navigators)

    def get(self, key: str) -> DocumentNavigator:
        """A document's navigator by doc_id, doc_id prefix, or name (case-insensitive)."""
        if key in self.navigators:
            return self.navigators[key]
        found = [n for i, n in self.navigators.items() if i.startswith(key)]
        found = found or [n for n in self.navigators.values() if n.doc.name.casefold() == key.casefold()]
        found = found or [n for n in self.navigators.values() if key.casefold() in self._names(n)]
        if len(found) == 1:
            return found[0]
        if found:
            raise NavigationError(f"{key!r} is ambiguous: {', '.join(n.doc.doc_id for n in found)}")
        raise NavigationError(f"no document {key!r} in {self.folder}")

    @staticmethod
    def _names(nav: DocumentNavigator) -> set[str]:
        names: set[str] = set()
        for source in (nav.doc.document_key or "", nav.doc.source_path or ""):
            names |= {source.casefold(), Path(source).name.casefold(), Path(source).stem.casefold()}
        return names - {""}

    def entries(self) -> list[dict[str, Any]]:
        """One row per document: identity, size and what it covers (overview, sections, tags)."""
        rows = []
        for doc_id, nav in self.navigators.items():
            card = nav.doc_card()
            rows.append({
                "doc_id": doc_id, "name": nav.doc.name, "format": nav.doc.format,
                "source_path": nav.doc.source_path, "document_key": nav.doc.document_key, "path": str(self.paths[doc_id]),
                "page_count": nav.doc.page_count, "node_count": len(nav.doc.tree),
                "mode": nav.doc.meta.mode if nav.doc.meta else None, "old_schema": nav.doc.is_old,
                "overview": card.get("overview", ""),
                "sections": [n.title for n in nav.doc.tree.top_sections()],
                "topic_tags": card.get("topic_tags", []),
            })
        return rows

    def _doc_text(self, nav: DocumentNavigator) -> str:
        card = nav.doc_card()
        parts = [nav.doc.name, nav.doc.source_path or "", nav.doc.description, nav.doc.summary, card.get("overview", "")]
        parts += [n.title for n in nav.doc.tree.top_sections()] + list(card.get("topic_tags", []))
        parts += [c.name for c in nav.doc.concepts]
        parts.append(opening(nav, OPENING_CHARS))
        return "\n".join(p for p in parts if p)

    def covers(self, query: str, k: int = 5) -> list[dict[str, Any]]:
        """Documents ranked by how well their card (name, overview, sections, tags, opening
        text) matches `query` (BM25, relative to the best document: 0..1), plus NAME_WEIGHT
        times the share of the question's naming terms (`doc_identity`) the document holds."""
        ids = list(self.navigators)
        if self._bm25 is None:
            self._bm25 = BM25([terms(self._doc_text(self.navigators[i])) for i in ids])
        if self._identities is None:
            self._identities = [self._identity(self.navigators[i]) for i in ids]
        q = terms(query)
        card = self._bm25.scores(q)
        best = max(card.values(), default=0.0) or 1.0
        named = identity_scores(proper_terms(query), self._identities)
        scores = {i: card.get(i, 0.0) / best + NAME_WEIGHT * named[i] for i in range(len(ids))}
        ranked = sorted(((i, s) for i, s in scores.items() if s > 0), key=lambda kv: (-kv[1], kv[0]))[:k]
        return [{"doc_id": ids[i], "name": self.navigators[ids[i]].doc.name, "score": round(s, 4)} for i, s in ranked]

    @staticmethod
    def _identity(nav: DocumentNavigator) -> set[str]:
        return identity_terms(nav.doc.name, nav.doc.source_path, opening(nav, TITLE_BLOCK_CHARS))

    def locate(self, query: str, k: int = 5, per_doc: int | None = None, *, llm: LLMClient | None = None, usage: LLMUsage | None = None, max_calls: int = MAX_CALLS) -> list[dict[str, Any]]:
        """The best sections across all documents, each hit tagged with its doc_id and name.

        With `llm`: an LLM-guided search that first chooses among the documents, then
        descends their tables of contents, over this no-LLM ranking (at most `max_calls`
        calls, counted in `usage`; hits say `via` "llm" or "locate"; `navigator.guided`).

        A hit's score is its in-document score (comparable across documents: a share of the
        question's weight) times ``(1 - DOC_WEIGHT) + DOC_WEIGHT * r``, where r is the
        document's card relevance relative to the best document's.
        """
        if llm is not None:
            return guided_catalog_locate(self, query, llm, usage, k=k, max_calls=max_calls, per_doc=per_doc)
        per_doc = per_doc or k
        rel = {r["doc_id"]: r["score"] for r in self.covers(query, k=len(self.navigators))}
        best = max(rel.values(), default=0.0) or 1.0
        hits: list[dict[str, Any]] = []
        for doc_id, nav in self.navigators.items():
            factor = (1 - DOC_WEIGHT) + DOC_WEIGHT * rel.get(doc_id, 0.0) / best
            for hit in nav.locate(query, k=per_doc):
                hits.append({"doc_id": doc_id, "doc_name": nav.doc.name, **hit, "score": round(hit["score"] * factor, 4)})
        hits.sort(key=lambda h: -h["score"])
        return hits[:k]
