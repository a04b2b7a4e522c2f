"""The folder of IRs an MCP server serves: a `Catalog` kept in step with the folder.

Tools run in worker threads, several clients at once: a tool call holds `lock` while it
reads (navigators build their indexes lazily, and the GIL runs one call at a time anyway),
and the catalog is refreshed under it at most once per `check_every` seconds (a refresh
stats every file and reads only the changed ones). A guided `locate` lets go of the lock
while it waits for the model (`Library.guided_llm`): other calls are not held up by LLM
latency (the search then only reads the loaded `Document`s, which nothing changes). Looking a document up reports a refused (tampered, corrupted) file by
name instead of "not found".
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

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

    def guided_llm(self) -> LLMClient | None:
        """`llm` for one guided search: it releases `lock` while each call waits for the model
        (None when the server has no LLM)."""
        return None if self.llm is None else UnlockedLLM(self.llm, self.lock)

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


class UnlockedLLM:
    """An `LLMClient` that releases `lock` (when this thread holds it) for each `complete`
    and takes it back afterwards. Everything else is the wrapped client's: `inner` is what
    `llm.ask` reads the breaker and deadline from, `lookup`/`store` a lasting cache's."""

    def __init__(self, llm: LLMClient, lock: Any) -> None:
        self._llm, self._lock = llm, lock
        self.model = llm.model

    @property
    def inner(self) -> Any:
        return getattr(self._llm, "inner", self._llm)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._llm, name)

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        try:
            self._lock.release()
        except RuntimeError:  # not held by this thread: nothing to let go of
            return self._llm.complete(prompt, system=system, max_tokens=max_tokens)
        try:
            return self._llm.complete(prompt, system=system, max_tokens=max_tokens)
        finally:
            self._lock.acquire()
