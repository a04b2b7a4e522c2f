"""What a `vectorless compile` (or `demo`) takes from the environment, read and checked once.

`cmd_compile` reads the `VECTORLESS_*` snapshot (`environment.Environment`) once, turns it into
a `CompileSetup` before any document is compiled, and passes it down to the in-process loop or
the Dagster bridge; a malformed variable is one `error:` line naming it, not a traceback.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY, Environment, cache_path_for
from vectorless_assets.llm.cache import LLMCache

if TYPE_CHECKING:
    from vectorless_assets.llm.openai import OpenAICompatibleClient


@dataclass(frozen=True)
class CompileSetup:
    """The LLM, its cache and concurrency, and the Dagster worker processes of one compile."""

    #: the OpenAI-compatible client with its limits (None: no LLM, the passes fall back)
    llm: OpenAICompatibleClient | None = None
    #: VECTORLESS_LLM_CACHE: a path, "off", or None for the default beside the IR folder
    llm_cache: str | None = None
    #: a document's concurrent LLM calls at most
    llm_concurrency: int = DEFAULT_LLM_CONCURRENCY
    #: processes computing the Dagster run's documents (None: in process, not read)
    workers: int | None = None

    @classmethod
    def read(cls, environment: Environment, *, in_process: bool) -> CompileSetup:
        """The setup `environment` describes; a malformed variable is a `ValueError` naming it
        (`VECTORLESS_WORKERS` is read only for a compile through Dagster)."""
        return cls(
            llm=environment.llm_client(),
            llm_cache=environment.llm_cache,
            llm_concurrency=environment.llm_concurrency,
            workers=None if in_process else environment.workers,
        )

    def check_cache(self, out: str | os.PathLike[str]) -> None:
        """Open the lasting LLM cache once, before anything is compiled: a path that is no
        cache file (a folder, a device, a read-only place) is a `CacheLocationError` (a
        `ValueError` naming VECTORLESS_LLM_CACHE), and a damaged cache is moved aside now."""
        path = cache_path_for(out, self.llm_cache) if self.llm is not None else None
        if path:
            LLMCache(path).close()
