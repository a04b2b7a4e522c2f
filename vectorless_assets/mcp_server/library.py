"""The folder of IRs an MCP server serves: a `Catalog` kept in step with the folder.

Tools run in worker threads, several clients at once: a tool call holds `lock` while it
reads (navigators build their indexes lazily, and the GIL runs one call at a time anyway),
and the catalog is refreshed under it at most once per `check_every` seconds (a refresh
stats every file and reads only the changed ones). Looking a document up reports a refused (tampered, corrupted) file by
name instead of "not found".
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.navigator import Catalog, DocumentNavigator, NavigationError

#: Seconds between two looks at the folder (new, rewritten or removed IR files).
CHECK_EVERY = 0.5


class Library:
    """A live catalog over `folder`, safe to share between threads."""

    def __init__(self, folder: str | os.PathLike[str], *, check_every: float = CHECK_EVERY, llm: LLMClient | None = None) -> None:
        self.check_every = check_every
        #: the model behind `locate(guided=True)` (None: the server offers no guided locate)
        self.llm = llm
        self._catalog = Catalog(folder)
        self.lock = threading.RLock()
        self._checked = time.monotonic()

    @property
    def folder(self) -> Path:
        return self._catalog.folder

    def catalog(self) -> Catalog:
        """The catalog, refreshed first when the last look at the folder is old enough."""
        with self.lock:
            now = time.monotonic()
            if now - self._checked >= self.check_every:
                self._catalog.refresh()
                self._checked = now
            return self._catalog

    def document(self, key: str) -> DocumentNavigator:
        """A document by doc_id, doc_id prefix, name or source file name.

        Raises `NavigationError` for an unknown or ambiguous key, and for a document whose
        IR file was refused when loaded (the message says why).
        """
        catalog = self.catalog()
        key = key.strip()
        if not key:
            raise NavigationError("name a document (doc_id, doc_id prefix or name; see list_documents)")
        try:
            return catalog.get(key)
        except NavigationError:
            for r in catalog.rejected:
                if Path(r["path"]).stem.startswith(key) or Path(r["path"]).name == key:
                    raise NavigationError(f"document {key!r} was refused when loaded: {Path(r['path']).name}: {r['problem']} ({r['error']})") from None
            raise
