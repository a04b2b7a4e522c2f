"""What a `vectorless compile` (or `demo`) takes from the environment, read and checked once.

`cmd_compile` reads the `VECTORLESS_*` snapshot (`environment.Environment`) once, turns it into
a `CompileSetup` before any document is compiled, and passes it down to the in-process loop or
the Dagster bridge; a malformed variable is one `error:` line naming it, not a traceback.

The mode is one setting, `VECTORLESS_MODE` (default fast), shared with the Dagster code
location, its schedules and sensor: it is part of every mode-dependent asset's code version,
so a compile through Dagster in another mode would show every partition as Unsynced in the
UI. `--mode` may only repeat it there; `--in-process` (not tracked by Dagster) takes any.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY, DEFAULT_MODE, Environment
from vectorless_assets.llm.cache import LLMCache
from vectorless_assets.locations import cache_path_for

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
    #: the compile mode: `--mode`, else VECTORLESS_MODE (`choose_mode`)
    mode: str = DEFAULT_MODE

    @classmethod
    def read(
        cls, environment: Environment, *, in_process: bool, mode: str | None = None
    ) -> CompileSetup:
        """The setup `environment` describes with the `mode` asked for (None: the setting); a
        malformed variable, or a mode Dagster's setting does not share, is a `ValueError`
        (`VECTORLESS_WORKERS` is read only for a compile through Dagster)."""
        return cls(
            llm=environment.llm_client(),
            llm_cache=environment.llm_cache,
            llm_concurrency=environment.llm_concurrency,
            workers=None if in_process else environment.workers,
            mode=choose_mode(mode, environment, in_process=in_process),
        )

    def check_cache(self, out: str | os.PathLike[str]) -> None:
        """Open the lasting LLM cache once, before anything is compiled: a path that is no
        cache file (a folder, a device, a read-only place) is a `CacheLocationError` (a
        `ValueError` naming VECTORLESS_LLM_CACHE), and a damaged cache is moved aside now."""
        path = cache_path_for(out, self.llm_cache) if self.llm is not None else None
        if path:
            LLMCache(path).close()


def choose_mode(asked: str | None, environment: Environment, *, in_process: bool) -> str:
    """The mode of a compile: `asked` (`--mode`), else the setting (VECTORLESS_MODE).

    Through Dagster the mode must be the setting the code location reads, or the UI would show
    the compiled partitions as having a new code version: another `asked` is a one-line
    `ValueError` saying how to change the setting."""
    setting = environment.mode
    if asked is None or asked == setting:
        return setting
    if in_process:
        return asked
    raise ValueError(
        f"--mode {asked} is not the mode Dagster compiles in (VECTORLESS_MODE="
        f"{setting}{'' if environment.values.get('VECTORLESS_MODE') else ', the default'}): "
        f"set VECTORLESS_MODE={asked} for the CLI and dagster dev alike, or compile "
        "--in-process (not tracked by Dagster)"
    )
