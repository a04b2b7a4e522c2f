"""Every `VECTORLESS_*` environment variable: its name, type and default, read in one place.

`Environment.read()` takes a snapshot of the process environment (or of a given mapping)
when asked, never at import time; each property reads one variable when it is used, so a
malformed variable fails only the command that needs it (a bad `VECTORLESS_WORKERS` does not
stop `vectorless mcp`). The CLI reads it directly; the Dagster code location builds its
`orchestration.base.settings.Settings` from it inside the Definitions factory.

The variables, their meanings and defaults are listed in docs/operations.md (one row each);
the LLM's (`VECTORLESS_LLM_BASE_URL`, `_MODEL`, `_API_KEY` and the bounds of `llm.guard`) and
the lexicons (`VECTORLESS_LEXICONS`, `navigator.lexicons`) are read here too. A malformed
value is a `ValueError` naming the variable.
"""

from __future__ import annotations

import math
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from vectorless_assets.locations import LOCAL_DIR
from vectorless_assets.options import MODES

if TYPE_CHECKING:  # the LLM modules are imported when an LLM setting is read
    from vectorless_assets.llm.guard import LLMLimits
    from vectorless_assets.llm.openai import OpenAICompatibleClient
    from vectorless_assets.navigator.lexicons import Lexicons

#: IR folder when neither an explicit folder (`--out`, the IR argument) nor VECTORLESS_IR_DIR
#: is given.
DEFAULT_IR_DIR = LOCAL_DIR / "ir"
#: The bundled sample documents (the default documents root, `vectorless demo`).
SAMPLES_DIR = Path(__file__).resolve().parent / "samples"
DEFAULT_MODE = "fast"
DEFAULT_LLM_CONCURRENCY = 4
DEFAULT_BACKFILL_CHUNK = 100
DEFAULT_SENSOR_INTERVAL = 10
#: Megabytes of IR files whose documents the MCP server keeps loaded.
DEFAULT_MCP_CACHE_MB = 16
#: The largest VECTORLESS_MCP_CACHE_MB taken (a petabyte: larger is a typo, and 1e308 has no
#: whole number of bytes).
MAX_MCP_CACHE_MB = 1_000_000_000
DEFAULT_CELERY_VISIBILITY_TIMEOUT = 600
ALLOW_MASS_DELETE = "VECTORLESS_SENSOR_ALLOW_MASS_DELETE"
CELERY_BROKER = "VECTORLESS_CELERY_BROKER"
CELERY_BACKEND = "VECTORLESS_CELERY_BACKEND"
CELERY_VISIBILITY_TIMEOUT = "VECTORLESS_CELERY_VISIBILITY_TIMEOUT"


def default_workers() -> int:
    """The cores this process may use, at most 8: a run's worker processes (`batch.pool`)."""
    cores = (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )
    return max(1, min(8, cores))


#: The words that switch a yes/no variable on (any case).
YES_WORDS = ("1", "on", "true", "yes", "running")


def _yes(text: str | None) -> bool:
    return (text or "").strip().lower() in YES_WORDS


@dataclass(frozen=True)
class Environment:
    """A snapshot of the environment's `VECTORLESS_*` variables, typed on access."""

    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, env: Mapping[str, str] | None = None) -> Environment:
        """The variables of `env` (default: the process environment, copied now)."""
        source = os.environ if env is None else env
        return cls({k: v for k, v in source.items() if k.startswith("VECTORLESS_")})

    def _positive(self, name: str, default: int) -> int:
        text = (self.values.get(name) or "").strip()
        if not text:
            return default
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise ValueError(f"{name} must be a whole number of 1 or more, not {text!r}")
        return value

    # -- folders ----------------------------------------------------------------------------
    def ir_dir(self, explicit: str | os.PathLike[str] | None = None) -> Path:
        """The IR folder: `explicit`, else VECTORLESS_IR_DIR, else `DEFAULT_IR_DIR` (relative)."""
        return Path(explicit or self.values.get("VECTORLESS_IR_DIR") or DEFAULT_IR_DIR)

    @property
    def docs_dir(self) -> str:
        return self.values.get("VECTORLESS_DOCS_DIR") or str(SAMPLES_DIR)

    @property
    def fields_dir(self) -> str | None:
        """VECTORLESS_FIELDS_DIR; None: `.fields` inside the IR folder."""
        return self.values.get("VECTORLESS_FIELDS_DIR") or None

    # -- compiling --------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        mode = self.values.get("VECTORLESS_MODE", DEFAULT_MODE) or DEFAULT_MODE
        if mode not in MODES:
            raise ValueError(f"VECTORLESS_MODE must be one of {', '.join(MODES)}, not {mode!r}")
        return mode

    @property
    def llm_endpoint(self) -> tuple[str, str, str] | None:
        """(base URL, model, API key) of the OpenAI-compatible LLM: VECTORLESS_LLM_BASE_URL,
        `_MODEL` (required with a base URL) and `_API_KEY`; None: no LLM (passes fall back)."""
        base_url = (self.values.get("VECTORLESS_LLM_BASE_URL") or "").strip()
        if not base_url:
            return None
        check_base_url(base_url)
        model = (self.values.get("VECTORLESS_LLM_MODEL") or "").strip()
        if not model:
            raise ValueError("VECTORLESS_LLM_BASE_URL is set but VECTORLESS_LLM_MODEL is not")
        return base_url, model, self.values.get("VECTORLESS_LLM_API_KEY", "")

    def llm_client(self) -> OpenAICompatibleClient | None:
        """The configured LLM client with its limits (None: no LLM)."""
        endpoint = self.llm_endpoint
        if endpoint is None:
            return None
        from vectorless_assets.llm.openai import OpenAICompatibleClient

        return OpenAICompatibleClient.with_limits(*endpoint, self.llm_limits)

    @property
    def llm_limits(self) -> LLMLimits:
        from vectorless_assets.llm.guard import LLMLimits

        return LLMLimits.from_env(self.values)

    @property
    def llm_cache(self) -> str | None:
        """VECTORLESS_LLM_CACHE: a path, "off", or None (`locations.cache_path_for`)."""
        return self.values.get("VECTORLESS_LLM_CACHE")

    @property
    def llm_concurrency(self) -> int:
        return self._positive("VECTORLESS_LLM_CONCURRENCY", DEFAULT_LLM_CONCURRENCY)

    @property
    def workers(self) -> int:
        return self._positive("VECTORLESS_WORKERS", default_workers())

    @property
    def backfill_chunk(self) -> int:
        return self._positive("VECTORLESS_BACKFILL_CHUNK", DEFAULT_BACKFILL_CHUNK)

    # -- automation -------------------------------------------------------------------------
    @property
    def sensor_interval(self) -> int:
        return self._positive("VECTORLESS_SENSOR_INTERVAL", DEFAULT_SENSOR_INTERVAL)

    @property
    def sensor_running(self) -> bool:
        return _yes(self.values.get("VECTORLESS_SENSOR"))

    @property
    def recompile_cron(self) -> str | None:
        """VECTORLESS_RECOMPILE_CRON: `recompile_schedule`'s cron (None: nightly at 03:00)."""
        return (self.values.get("VECTORLESS_RECOMPILE_CRON") or "").strip() or None

    @property
    def force_recompile_cron(self) -> str | None:
        """VECTORLESS_FORCE_RECOMPILE_CRON: `force_recompile_schedule`'s cron (None: an hour
        after the other one)."""
        return (self.values.get("VECTORLESS_FORCE_RECOMPILE_CRON") or "").strip() or None

    @property
    def allow_mass_delete(self) -> bool:
        return _yes(self.values.get(ALLOW_MASS_DELETE))

    @property
    def celery_broker(self) -> str:
        return self.values.get(CELERY_BROKER, "")

    @property
    def celery_backend(self) -> str:
        return self.values.get(CELERY_BACKEND) or self.celery_broker

    @property
    def celery_visibility_timeout(self) -> int:
        return self._positive(CELERY_VISIBILITY_TIMEOUT, DEFAULT_CELERY_VISIBILITY_TIMEOUT)

    # -- serving ----------------------------------------------------------------------------
    @property
    def lexicons(self) -> Lexicons:
        """VECTORLESS_LEXICONS: the lexicons `locate` ranks with (unset or blank: the default,
        "none": no lexicon; `navigator.lexicons.load_lexicons`); an unknown one is a
        `LexiconError` (a `ValueError`)."""
        from vectorless_assets.navigator.lexicons import DEFAULT_SPEC, LexiconError, load_lexicons

        spec = (self.values.get("VECTORLESS_LEXICONS") or "").strip() or DEFAULT_SPEC
        try:
            return load_lexicons(spec)
        except LexiconError as exc:
            raise LexiconError(f"VECTORLESS_LEXICONS: {exc}") from None

    @property
    def mcp_cache_bytes(self) -> int:
        """VECTORLESS_MCP_CACHE_MB in bytes; a bad value is a ValueError."""
        raw = self.values.get("VECTORLESS_MCP_CACHE_MB", "").strip()
        try:
            mb = float(raw) if raw else DEFAULT_MCP_CACHE_MB
        except ValueError:
            raise ValueError(
                f"VECTORLESS_MCP_CACHE_MB must be a number of megabytes, got {raw!r}"
            ) from None
        if not math.isfinite(mb) or mb < 0:
            raise ValueError(f"VECTORLESS_MCP_CACHE_MB must be 0 or more, got {raw!r}")
        if mb > MAX_MCP_CACHE_MB:
            raise ValueError(
                f"VECTORLESS_MCP_CACHE_MB must be at most {MAX_MCP_CACHE_MB:,} "
                f"(a petabyte), got {raw!r}"
            )
        return int(mb * 1_000_000)


def check_base_url(url: str) -> str:
    """`url` if it is an http(s) URL with a host, else a `ValueError` naming
    VECTORLESS_LLM_BASE_URL (`http://[::1` or `ftp://...` would fail every call, not say so)."""
    name = "VECTORLESS_LLM_BASE_URL"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError as exc:
        raise ValueError(f"{name} is not a URL ({exc}): {url!r}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError(f"{name} must be an http:// or https:// URL, not {url!r}")
    if not parts.hostname:
        raise ValueError(f"{name} names no host: {url!r}")
    return url
