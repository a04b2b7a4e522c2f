"""The folder of IRs an MCP server serves: a `Catalog` kept in step with the folder.

Tools run in worker threads, several clients at once, and no tool holds a library-wide lock while it
computes: a call takes the catalog's current snapshot and computes over it (`Catalog.snapshot`),
while the folder is re-indexed beside it. The catalog is read first at the first call, then
refreshed, in a background thread, at most once per `check_every` seconds (a refresh stats every
file and reads only the changed ones); a call waits for a refresh it started at most `wait_s`
seconds, then answers from what is indexed so far and says so (`progress`). So the server answers at
once over a folder of a thousand IRs, and memory holds the documents' cards plus the documents last
used, up to `cache_bytes` of IR files (`VECTORLESS_MCP_CACHE_MB`).

A guided `locate` waits for the model without holding anything but its worker thread, and
at most `guided_at_once` of them run at a time (`guided_slot`): a burst of guided calls
cannot take every worker thread from the plain calls. Looking a document up reports a
refused (tampered, corrupted) file by name instead of "not found".
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from pathlib import Path

from vectorless_assets.environment import Environment
from vectorless_assets.ir.persist import IR_SUFFIX
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.navigator import Catalog, DocumentNavigator, NavigationError

#: Seconds between two looks at the folder (new, rewritten or removed IR files).
CHECK_EVERY = 0.5
#: Seconds a call waits for a refresh of the folder before answering from what is indexed.
WAIT_S = 0.2
#: Guided `locate` calls running at once; more answer without the model.
GUIDED_AT_ONCE = 4

log = logging.getLogger(__name__)


class Library:
    """A live catalog over `folder`, safe to share between threads."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        *,
        check_every: float = CHECK_EVERY,
        llm: LLMClient | None = None,
        cache_bytes: int | None = None,
        wait_s: float = WAIT_S,
        guided_at_once: int = GUIDED_AT_ONCE,
    ) -> None:
        self.check_every, self.wait_s = check_every, wait_s
        #: the model behind `locate(guided=True)` (None: the server offers no guided locate)
        self.llm = llm
        environment = Environment.read()
        self._catalog = Catalog(
            folder,
            cache_bytes=environment.mcp_cache_bytes if cache_bytes is None else cache_bytes,
            index=False,
            lexicons=environment.lexicons,
        )
        self._guard = threading.Lock()  # held only to start a refresh, never while computing
        self._refresh: tuple[threading.Thread, float] | None = None
        self._checked = -math.inf
        self._guided = threading.BoundedSemaphore(max(1, guided_at_once))
        # the folder is first read when the first call comes: a reading started here would
        # compete with the server's own start-up for the interpreter (first answer 1.4 s later)

    @property
    def folder(self) -> Path:
        return self._catalog.folder

    def catalog(self) -> Catalog:
        """The catalog; a refresh is started first when the last look at the folder is old
        enough, and waited for at most `wait_s` seconds from its start."""
        with self._guard:
            now = time.monotonic()
            if self._refresh is None and now - self._checked >= self.check_every:
                thread = threading.Thread(
                    target=self._run_refresh, name="vectorless-mcp-index", daemon=True
                )
                self._refresh = (thread, now)
                thread.start()
            running = self._refresh
        if running is not None:
            running[0].join(max(0.0, running[1] + self.wait_s - time.monotonic()))
        return self._catalog

    def _run_refresh(self) -> None:
        try:
            self._catalog.refresh()
        except Exception:  # a folder that vanished or cannot be listed: keep serving the last state
            log.exception("reading %s failed", self.folder)
        finally:
            with self._guard:
                self._refresh, self._checked = None, time.monotonic()

    def guided_slot(self) -> bool:
        """Take one of the `guided_at_once` slots of guided searches (False when all are taken);
        give it back with `release_guided`."""
        return self._guided.acquire(blocking=False)

    def release_guided(self) -> None:
        self._guided.release()

    def document(self, key: str) -> DocumentNavigator:
        """A document by doc_id, doc_id prefix, name or source file name.

        Raises `NavigationError` for an unknown or ambiguous key, and for a document whose
        IR file was refused when loaded (the message says why). While the folder is still
        being read, a document named by its file (`<doc_id>.bin`) is read at once.
        """
        catalog = self.catalog()
        key = key.strip()
        if not key:
            raise NavigationError(
                "name a document (doc_id, doc_id prefix or name; see list_documents)"
            )
        try:
            return catalog.get(key)
        except NavigationError:
            for r in catalog.rejected:
                if Path(r["path"]).stem.startswith(key) or Path(r["path"]).name == key:
                    raise NavigationError(
                        f"document {key!r} was refused when loaded: {Path(r['path']).name}: "
                        f"{r['problem']} ({r['error']})"
                    ) from None
            early = catalog.folder / f"{key}{IR_SUFFIX}"
            if catalog.progress() is not None and "/" not in key and early.is_file():
                return catalog.open_file(early)
            raise
