"""Dagster resources: the documents root, the IR store and the LLM.

Locations are strings read by UPath, so any fsspec location works (local by default). The
resources are built from `settings.Settings` in `definitions.build_defs`; nothing here reads
the environment.

The compile options are not a resource: every asset's code version includes their logic
fingerprint, so they are fixed when the definitions are built (`build_defs(settings)`); a
run-time option that disagreed with the code versions would record wrong versions.

Each compiler binds them under its own keys (`Names.documents`: `docs__documents`). Dagster
binds resources to function parameters by name, and a prefixed key cannot be a fixed
parameter name, so the assets, ops, sensors and schedules declare `required_resource_keys`
and read them with `bound`. (A sensor or schedule called directly, as in tests, gets its
required resources as keyword arguments too: their functions take `**_bound` and ignore it.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dagster as dg
from upath import UPath

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY
from vectorless_assets.frontends.discovery import is_remote, locate
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.ir.persist import (
    IR_SUFFIX,
    envelope_bytes,
    load_ir_bytes,
    retire_ir,
    save_ir,
    write_error,
)
from vectorless_assets.ir.stamp import IRState, ir_state, stamp_of
from vectorless_assets.llm.cache import CACHE_VARIABLE, LLMCache
from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.orchestration.base.settings import Settings


class DocumentsRoot(dg.ConfigurableResource):
    """The folder (local path or UPath URL) the documents are read from."""

    path: str

    def location(self, document_key: str) -> UPath:
        """Where document `document_key` is; `ValueError` if the key would leave the root
        (`..`, an absolute path, or a symbolic link pointing outside it)."""
        if is_remote(self.path):
            locate("/", document_key)  # the same key rules; links cannot exist there
            return UPath(self.path) / document_key
        return UPath(locate(self.path, document_key))

    def read(self, document_key: str) -> bytes:
        return self.location(document_key).read_bytes()


class IRStore(dg.ConfigurableResource):
    """The folder of assembled IR files, one `<doc_id>.bin` per document (`ir.persist` format)."""

    path: str

    def location(self, doc_id: str) -> UPath:
        return UPath(self.path) / f"{doc_id}{IR_SUFFIX}"

    def retire(self, doc_id: str) -> str | None:
        """Move `<doc_id>.bin` aside to `<path>/.deleted/<doc_id>.bin` (its source was deleted).

        IR readers list `*.bin` in the folder itself, so a retired IR is no longer served but
        can be restored by moving it back. Returns the new location (None: no IR file).
        """
        source = self.location(doc_id)
        return str(retire_ir(source)) if source.exists() else None

    def _local(self, doc_id: str) -> str | None:
        target = self.location(doc_id)
        return target.path if target.protocol in ("", "file", "local") else None

    def stamp(self, doc_id: str) -> str | None:
        """The `ir.stamp` of the IR file as it is now (None: not a local file, or unreadable)."""
        local = self._local(doc_id)
        try:
            return stamp_of(local) if local else None
        except OSError:
            return None

    def state(self, doc_id: str, stamp: str | None = None, *, verify: bool = False) -> IRState:
        """`intact`, `missing`, `damaged` or `old`: the cheap check against `stamp`, or a full
        verification with `verify` (`ir.stamp.ir_state`; remote files: full check or exists)."""
        local = self._local(doc_id)
        if local is not None:
            return ir_state(local, stamp, verify=verify)
        target = self.location(doc_id)
        if not target.exists():
            return "missing"
        if not verify:
            return "intact"
        try:
            doc = load_ir_bytes(target.read_bytes(), str(target))
        except (IRIntegrityError, OSError):
            return "damaged"
        return "old" if doc.is_old else "intact"

    def write(self, doc: Document) -> str:
        """Write `doc` (atomically on local disks) and return its location as a string; a
        failed write is an `IRWriteError` naming the file and the IR folder (one line)."""
        target = self.location(doc.doc_id)
        if target.protocol in ("", "file", "local"):
            return str(save_ir(doc, target.path))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(envelope_bytes(doc))
        except OSError as exc:
            raise write_error(Path(str(target)), exc) from None
        return str(target)


class LLMResource(dg.ConfigurableResource):
    """An OpenAI-compatible chat endpoint for the LLM passes; empty `base_url` = no LLM.

    The model name is also part of the compile options (`CompileOptions.llm_model`), so it is
    in every code version: switching the model recompiles.
    """

    base_url: str = ""
    model: str = ""
    api_key: str = ""
    #: bounds on LLM work (`llm.guard.LLMLimits`; the VECTORLESS_LLM_* variables set them)
    connect_timeout_s: float = LLMLimits.connect_timeout_s
    read_timeout_s: float = LLMLimits.read_timeout_s
    retries: int = LLMLimits.retries
    document_deadline_s: float = LLMLimits.document_deadline_s
    breaker_failures: int = LLMLimits.breaker_failures
    breaker_cooldown_s: float = LLMLimits.breaker_cooldown_s
    #: the lasting LLM cache (a local SQLite file; empty = no cache): `Settings.llm_cache_path`
    cache_path: str = ""
    #: the variable the cache path came from (named when it is no cache file)
    cache_variable: str = CACHE_VARIABLE
    #: ask the model again even for cached prompts (the new answers are stored)
    refresh: bool = False
    #: a document's concurrent LLM calls at most (VECTORLESS_LLM_CONCURRENCY)
    concurrency: int = DEFAULT_LLM_CONCURRENCY

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMResource:
        """The resource of `settings`: endpoint, model, limits, cache file, concurrency."""
        return cls(
            base_url=settings.llm_base_url,
            model=settings.options.llm_model or "",
            api_key=settings.llm_api_key,
            **settings.llm_limits.as_dict(),
            cache_path=settings.llm_cache_path,
            cache_variable=settings.llm_cache_variable,
            concurrency=settings.llm_concurrency,
        )

    def client(self) -> LLMClient | None:
        if not self.base_url:
            return None
        limits = LLMLimits(
            self.connect_timeout_s,
            self.read_timeout_s,
            self.retries,
            self.document_deadline_s,
            self.breaker_failures,
            self.breaker_cooldown_s,
        )
        return OpenAICompatibleClient.with_limits(self.base_url, self.model, self.api_key, limits)

    def cache(self) -> LLMCache | None:
        """The lasting cache (one connection per call: a run opens it once per step)."""
        if not (self.base_url and self.cache_path):
            return None
        return LLMCache(self.cache_path, variable=self.cache_variable)


def bound(context: Any, key: str) -> Any:
    """The resource bound under `key` (a compiler's prefixed resource key, declared in the
    function's `required_resource_keys`) in an asset, op, sensor or schedule context."""
    return getattr(context.resources, key)
