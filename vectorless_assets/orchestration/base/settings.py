"""The Dagster-facing settings: locations, compile options, LLM, workers, the compiler's names.

Built from the core `environment.Environment` (which reads and documents every
`VECTORLESS_*` variable) by `Settings.from_environment()` inside the Definitions factory, never at
import time. `prefix` is not read from the environment: the standalone project has none
(today's names); each `DocumentCompilerComponent` passes its own (`keys.prefixed_name`,
`keys.prefixed_key`).

Relative paths are resolved against the current working directory when read. The CLI
(`compile_paths`) uses the same rule for the fields folder, so `dagster dev` and the
CLI share values as long as they share the IR folder, the documents root (partition keys are
paths relative to it) and the mode (part of every code version).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from vectorless_assets.environment import (
    DEFAULT_BACKFILL_CHUNK,
    DEFAULT_LLM_CONCURRENCY,
    Environment,
    default_workers,
)
from vectorless_assets.frontends.registry import REGISTRY, Registry
from vectorless_assets.llm.cache import CACHE_VARIABLE
from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.locations import (
    LOCAL_DIR,
    STATE_SUBDIR,  # the automation state (`doc_state`) and the lock files live in it
    cache_path_for,
    document_lock_path,
)
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import check_prefix
from vectorless_assets.orchestration.base.names import Names, names_for
from vectorless_assets.pipeline.table import TABLE, PassTable

#: The field values live in a hidden folder inside the IR folder, so an IR folder (`--out`)
#: is self-contained; IR readers list `*.bin` there and never descend into it.
FIELDS_SUBDIR = ".fields"


def _resolve(location: str) -> str:
    """Absolute local paths stay local; URLs (`s3://`, `memory://`, ...) are kept as given."""
    if "://" in location:
        return location
    return os.path.abspath(os.path.expanduser(location))


@dataclass(frozen=True)
class Settings:
    docs_dir: str
    ir_dir: str
    fields_dir: str
    options: CompileOptions = field(default_factory=CompileOptions)
    #: OpenAI-compatible endpoint (VECTORLESS_LLM_BASE_URL); the model is `options.llm_model`.
    llm_base_url: str = ""
    llm_api_key: str = ""
    #: the pass table and frontends the assets are generated from (tests and plugins pass others)
    table: PassTable = TABLE
    frontends: Registry = REGISTRY
    #: bounds on LLM work: timeouts, retries, per-document deadline, breaker (`llm.guard`)
    llm_limits: LLMLimits = field(default_factory=LLMLimits)
    #: VECTORLESS_LLM_CACHE: a path, "off", or None for the default (`locations.cache_path_for`)
    llm_cache: str | None = None
    #: the variable `llm_cache` came from, named when the path is no cache (a Component's own)
    llm_cache_variable: str = CACHE_VARIABLE
    #: processes computing a run's documents (1: in the run's own process)
    workers: int = field(default_factory=default_workers)
    #: documents per run of a backfill of the compile asset (`BackfillPolicy.multi_run`)
    backfill_chunk: int = DEFAULT_BACKFILL_CHUNK
    #: a document's concurrent LLM calls at most (the `llm` resource's `concurrency`)
    llm_concurrency: int = DEFAULT_LLM_CONCURRENCY
    #: the compiler's name prefix in a Dagster project ("" = the standalone project's names)
    prefix: str = ""

    @property
    def names(self) -> Names:
        """This compiler's Dagster names and asset keys (`base.names`, from `prefix`)."""
        return names_for(self.prefix)

    @property
    def llm_cache_path(self) -> str:
        """The lasting LLM cache's file ("" = no cache)."""
        return cache_path_for(self.ir_dir, self.llm_cache) or ""

    def llm_client(self) -> OpenAICompatibleClient | None:
        """The configured LLM client with its limits (None: no LLM)."""
        if not self.llm_base_url:
            return None
        return OpenAICompatibleClient.with_limits(
            self.llm_base_url, self.options.llm_model or "", self.llm_api_key, self.llm_limits
        )

    @property
    def state_path(self) -> str:
        """The automation's state file (`doc_state`): `<ir_dir>/.state/documents.sqlite`.

        SQLite needs a local file: with an IR folder on an object store it lives in
        `./.vectorless/.state/` (relative to the current directory; `./.vectorless/<prefix>/.state/`
        for a prefixed compiler) instead.
        """
        base = (
            self.ir_dir
            if "://" not in self.ir_dir
            else os.path.abspath(os.path.join(LOCAL_DIR, self.prefix))
        )
        return os.path.join(base, STATE_SUBDIR, "documents.sqlite")

    def lock_path(self, doc_id: str) -> str:
        """The per-document lock file (`storage.locks`) beside the state file: compiles of one
        document by several processes on this machine take turns."""
        return document_lock_path(os.path.dirname(self.state_path), doc_id)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, prefix: str = "") -> Settings:
        """Settings from the `VECTORLESS_*` variables of `env` (default: `os.environ`), read
        by `environment.Environment`."""
        return cls.from_environment(Environment.read(env), prefix=prefix)

    @classmethod
    def from_environment(cls, environment: Environment, *, prefix: str = "") -> Settings:
        """Settings from a snapshot of the environment (`environment.Environment`)."""
        base_url, model, api_key = environment.llm_endpoint or ("", None, "")
        return cls.create(
            docs_dir=environment.docs_dir,
            ir_dir=environment.ir_dir(),
            fields_dir=environment.fields_dir,
            options=CompileOptions(mode=environment.mode, llm_model=model),
            llm_base_url=base_url,
            llm_api_key=api_key,
            llm_limits=environment.llm_limits,
            llm_cache=environment.llm_cache,
            workers=environment.workers,
            backfill_chunk=environment.backfill_chunk,
            llm_concurrency=environment.llm_concurrency,
            prefix=prefix,
        )

    @classmethod
    def create(
        cls,
        *,
        docs_dir: str | os.PathLike[str],
        ir_dir: str | os.PathLike[str],
        fields_dir: str | os.PathLike[str] | None = None,
        options: CompileOptions | None = None,
        llm_base_url: str = "",
        llm_api_key: str = "",
        table: PassTable = TABLE,
        frontends: Registry = REGISTRY,
        llm_limits: LLMLimits | None = None,
        llm_cache: str | None = None,
        workers: int | None = None,
        backfill_chunk: int = DEFAULT_BACKFILL_CHUNK,
        llm_concurrency: int = DEFAULT_LLM_CONCURRENCY,
        prefix: str = "",
    ) -> Settings:
        """Settings with resolved locations; `fields_dir` defaults to `<ir_dir>/.fields`."""
        ir = _resolve(os.fspath(ir_dir))
        fields = (
            ir.rstrip("/") + "/" + FIELDS_SUBDIR
            if fields_dir is None
            else _resolve(os.fspath(fields_dir))
        )
        return cls(
            docs_dir=_resolve(os.fspath(docs_dir)),
            ir_dir=ir,
            fields_dir=fields,
            options=options or CompileOptions(),
            llm_base_url=llm_base_url,
            llm_api_key=llm_api_key,
            table=table,
            frontends=frontends,
            llm_limits=llm_limits or LLMLimits(),
            llm_cache=llm_cache,
            workers=workers or default_workers(),
            backfill_chunk=backfill_chunk,
            llm_concurrency=llm_concurrency,
            prefix=check_prefix(prefix),
        )
