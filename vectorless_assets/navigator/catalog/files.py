"""The files of a catalog's folder: a file's version (`file_stamp`), why a file was refused
(`refused`), and a snapshot's documents as a mapping loaded on demand (`Navigators`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from vectorless_assets.navigator.catalog.doc_cards import DocCard, Snapshot, Stamp
from vectorless_assets.navigator.reading.cursor import DocumentNavigator

# a file's version and its card (or why it was refused)
Indexed = tuple[Stamp, DocCard | dict[str, str]]


def file_stamp(path: Path) -> Stamp | None:
    """What identifies a file's version cheaply (inode, size, mtime); None once it is gone."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def refused(path: Path, exc: Exception) -> dict[str, str]:
    return {
        "path": str(path),
        "error": type(exc).__name__,
        "problem": getattr(exc, "problem", str(exc)),
    }


class Navigators(Mapping[str, DocumentNavigator]):
    """The documents of one snapshot by doc_id, each loaded (through `load`: the catalog's
    cache) when read."""

    def __init__(self, load: Callable[[DocCard], DocumentNavigator], snap: Snapshot) -> None:
        self._load, self._snap = load, snap

    def __getitem__(self, doc_id: str) -> DocumentNavigator:
        return self._load(self._snap.cards[doc_id])

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._snap.cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._snap.cards)

    def __len__(self) -> int:
        return len(self._snap.cards)
