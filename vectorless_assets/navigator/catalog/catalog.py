"""A catalog over a folder of IR files (`<doc_id>.bin`): which document covers what, and
`locate` across all of them.

Every file is verified when it is indexed; a file that fails (tampered, truncated, newer
schema) is refused and listed in `rejected`, the others stay usable. `refresh()` follows
the folder as files are added, rewritten or removed, reading only what changed.

What the catalog keeps of each document is its card (`doc_cards.DocCard`: the catalog row,
the terms it is ranked on, the words that name it); the documents themselves are loaded
when a call needs them and kept in a `DocCache`, unbounded by default (the CLI), bounded by
`cache_bytes` of IR files for a long-lived server over a large folder. The folder's state is
an immutable `Snapshot`, replaced (never changed) by `refresh()`, which publishes its
progress while it reads: a reader (another thread) computes over the snapshot it took and
sees the documents indexed so far (`progress()`).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vectorless_assets.ir.corpus import to_frame
from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.ir.persist import IR_SUFFIX
from vectorless_assets.navigator.catalog.doc_cache import DocCache
from vectorless_assets.navigator.catalog.doc_cards import DocCard, Snapshot, Stamp, card_of
from vectorless_assets.navigator.catalog.documents import DocumentRanking
from vectorless_assets.navigator.catalog.files import Indexed, Navigators, file_stamp, refused
from vectorless_assets.navigator.lexicons.registry import LexiconChoice, as_lexicons
from vectorless_assets.navigator.reading.cursor import DocumentNavigator
from vectorless_assets.navigator.views import NavigationError

if TYPE_CHECKING:
    import pandas as pd

#: Seconds between two publications of a running refresh's progress.
PUBLISH_EVERY = 0.2


class Catalog(DocumentRanking):
    """Every valid IR in `folder`, keyed by doc_id, in file-name order; `covers` and
    `locate` rank them (`catalog.documents`).

    `cache_bytes`: the bound of the loaded documents (IR file bytes; None: keep all).
    `index=False`: do not read the folder now (a server indexes it in the background).
    `lexicons`: what the documents' `locate` reads domain words with (`navigator.lexicons`;
    None: the default, finance; "none": no domain knowledge).
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        *,
        cache_bytes: int | None = None,
        index: bool = True,
        lexicons: LexiconChoice = None,
    ) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise NavigationError(f"{self.folder}: not a folder of IR files")
        self.lexicons = as_lexicons(lexicons)
        self.cache = DocCache(cache_bytes)
        self._seen: dict[Path, Indexed] = {}
        self._state = Snapshot({}, [])
        self._refreshing = threading.Lock()
        if index:
            self.refresh()

    # -- the folder's state -------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """The folder as last published (cheap; compute over it without any lock)."""
        return self._state

    @property
    def navigators(self) -> Navigators:
        return Navigators(self.load, self._state)

    @property
    def paths(self) -> dict[str, Path]:
        return {i: c.path for i, c in self._state.cards.items()}

    @property
    def rejected(self) -> list[dict[str, str]]:
        return self._state.rejected

    def progress(self) -> dict[str, int] | None:
        """``{"indexed", "files"}`` while a refresh is still reading the folder, else None."""
        return self._state.progress()

    def __len__(self) -> int:
        return len(self._state.cards)

    def refresh(self) -> bool:
        """Bring the catalog up to date with the folder: index new and rewritten files, drop
        removed ones (unchanged files are not read again); progress is published as it goes
        (a rewritten file keeps its old card until read). True when anything changed."""
        with self._refreshing:
            stamps = {p: file_stamp(p) for p in sorted(self.folder.glob(f"*{IR_SUFFIX}"))}
            # a vanished file is gone
            current = {p: st for p, st in stamps.items() if st is not None}
            if self._state.complete and {p: v[0] for p, v in self._seen.items()} == current:
                return False
            done = {p: v for p, v in self._seen.items() if current.get(p) == v[0]}
            old = {p: v for p, v in self._seen.items() if p in current}
            todo = [p for p in current if p not in done]
            self._publish({**old, **done}, current, len(done), complete=not todo)
            last = time.monotonic()
            for path in todo:
                done[path] = (current[path], self._index(path, current[path]))
                if time.monotonic() - last >= PUBLISH_EVERY:
                    self._publish({**old, **done}, current, len(done), complete=False)
                    last = time.monotonic()
            self._seen = done
            self._publish(done, current, len(done), complete=True)
            self.cache.discard(lambda key: done.get(key[0], (None,))[0] == key[1])  # type: ignore[index]
            return True

    def _index(self, path: Path, stamp: Stamp) -> DocCard | dict[str, str]:
        """Read one file: its card (the navigator kept when the cache is unbounded), or why it is
        refused."""
        try:
            nav = self._open(path)
        except (IRIntegrityError, NavigationError) as exc:
            return refused(path, exc)
        if not self.cache.bounded:
            self.cache.put((path, stamp), nav, stamp[1])
        return card_of(nav, path, stamp)

    def _publish(
        self,
        items: dict[Path, Indexed],
        current: dict[Path, Stamp],
        indexed: int,
        *,
        complete: bool,
    ) -> None:
        cards: dict[str, DocCard] = {}
        rejected: list[dict[str, str]] = []
        for path in sorted(items):
            card = items[path][1]
            if isinstance(card, dict):
                rejected.append(card)
                continue
            doc_id = card.doc_id
            if doc_id in cards:  # a copy (`<id>_backup.bin`) must not shadow `<id>.bin`
                named = path.name == f"{doc_id}{IR_SUFFIX}"
                keep, other = (card, cards[doc_id]) if named else (cards[doc_id], card)
                rejected.append(
                    {
                        "path": str(other.path),
                        "error": "DuplicateDocument",
                        "problem": f"a second file for doc_id {doc_id} (served: {keep.path.name})",
                    }
                )
                if not named:
                    continue
            cards[doc_id] = card
        self._state = Snapshot(
            cards, rejected, files=len(current), indexed=indexed, complete=complete
        )

    # -- documents ----------------------------------------------------------------------
    def _open(self, path: Path) -> DocumentNavigator:
        return DocumentNavigator.open(path, lexicons=self.lexicons)

    def load(self, card: DocCard) -> DocumentNavigator:
        """The document of a card (from the cache, or read again)."""
        try:
            return self.cache.load(
                (card.path, card.stamp), card.size, lambda: self._open(card.path)
            )
        except IRIntegrityError as exc:
            raise NavigationError(
                f"document {card.doc_id} ({card.path.name}) cannot be read any more: "
                f"{getattr(exc, 'problem', exc)}"
            ) from None

    def open_file(self, path: Path) -> DocumentNavigator:
        """A document read straight from its file (one not indexed yet), through the cache."""
        stamp = file_stamp(path)
        try:
            if stamp is None:
                raise NavigationError(f"{path.name}: no such IR file")
            return self.cache.load((path, stamp), stamp[1], lambda: self._open(path))
        except IRIntegrityError as exc:
            raise NavigationError(
                f"document {path.stem!r} was refused when loaded: {path.name}: "
                f"{getattr(exc, 'problem', exc)}"
            ) from None

    def get(self, key: str) -> DocumentNavigator:
        """A document's navigator by doc_id, doc_id prefix, or name (case-insensitive)."""
        return self.load(self.card(key))

    def card(self, key: str) -> DocCard:
        """A document's card by doc_id, doc_id prefix, or name (case-insensitive)."""
        snap = self._state
        if key in snap.cards:
            return snap.cards[key]
        folded = key.casefold()
        found = [c for i, c in snap.cards.items() if i.startswith(key)]
        found = found or [c for c in snap.cards.values() if c.name.casefold() == folded]
        found = found or [c for c in snap.cards.values() if folded in c.names]
        if len(found) == 1:
            return found[0]
        if found:
            raise NavigationError(f"{key!r} is ambiguous: {', '.join(c.doc_id for c in found)}")
        busy = snap.progress()
        later = (
            f" (still reading the folder: {busy['indexed']} of {busy['files']} files so far)"
            if busy
            else ""
        )
        raise NavigationError(f"no document {key!r} in {self.folder}{later}")

    def entries(self) -> list[dict[str, Any]]:
        """One row per document: identity, size and what it covers (overview, sections, tags)."""
        return [dict(c.row) for c in self._state.cards.values()]

    def to_frame(self) -> pd.DataFrame:
        """The catalog as a pandas DataFrame, one row per document in file-name order, with the
        columns of `ir.corpus.COLUMNS` (key, format, pages, sections, depth, tokens, mode, LLM
        calls and tokens, last compiled, IR path); pandas is imported here."""
        return to_frame(c.table_row for c in self._state.cards.values())
