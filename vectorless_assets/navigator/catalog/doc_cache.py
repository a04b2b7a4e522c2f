"""Loaded documents kept for reuse, bounded by the size of their IR files.

A folder of a thousand IRs must not be held in memory at once (a loaded document takes
about ten times its file's size): `DocCache` keeps the navigators most recently used, up
to `max_bytes` of IR file size, and drops the least recently used beyond it. The most
recent one is always kept, so a single document larger than the bound is not read again
for every call. `max_bytes=None` keeps everything (the CLI reads a folder once).

Thread-safe: several MCP worker threads share one cache; a document two threads load at
the same moment is read twice and kept once (no lock is held while a file is read).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from vectorless_assets.navigator.reading.cursor import DocumentNavigator


class DocCache:
    """Navigators by key (a file and its version), least recently used dropped first."""

    def __init__(self, max_bytes: int | None = None) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, tuple[int, DocumentNavigator]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def bounded(self) -> bool:
        return self.max_bytes is not None

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> DocumentNavigator | None:
        """The navigator kept under `key` (now the most recently used), or None."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            return item[1]

    def put(self, key: Hashable, nav: DocumentNavigator, size: int) -> None:
        """Keep `nav` (its IR file is `size` bytes), dropping the least recently used beyond the
        bound."""
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[0]
            self._items[key] = (size, nav)
            self._bytes += size
            while (
                self.max_bytes is not None and self._bytes > self.max_bytes and len(self._items) > 1
            ):
                _, (dropped, _) = self._items.popitem(last=False)
                self._bytes -= dropped

    def discard(self, keep: Callable[[Hashable], bool]) -> None:
        """Drop every entry whose key `keep` refuses (files removed or rewritten)."""
        with self._lock:
            for key in [k for k in self._items if not keep(k)]:
                self._bytes -= self._items.pop(key)[0]

    def load(
        self, key: Hashable, size: int, opener: Callable[[], DocumentNavigator]
    ) -> DocumentNavigator:
        """The navigator under `key`, opened with `opener` (outside the lock) when not held."""
        nav = self.get(key)
        if nav is None:
            nav = opener()
            self.put(key, nav, size)
        return nav
