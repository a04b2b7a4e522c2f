"""LLM configuration from the environment (read only when called, never at import).

| variable | meaning |
|---|---|
| `VECTORLESS_LLM_BASE_URL` | OpenAI-compatible endpoint,
e.g. `http://127.0.0.1:8000/v1`; unset = no LLM |
| `VECTORLESS_LLM_MODEL` | model name sent with each request (required with a base URL) |
| `VECTORLESS_LLM_API_KEY` | bearer token, if the endpoint wants one |

Bounds on the LLM work (timeouts, retries, per-document deadline, circuit breaker):
`VECTORLESS_LLM_CONNECT_TIMEOUT`, `_READ_TIMEOUT`, `_RETRIES`, `_DOCUMENT_DEADLINE`,
`_BREAKER_FAILURES`, `_BREAKER_COOLDOWN` (`llm.guard.LLMLimits`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient


def client_from_env(env: Mapping[str, str] | None = None) -> OpenAICompatibleClient | None:
    """The configured client, or None when no endpoint is configured (every pass falls back)."""
    env = os.environ if env is None else env
    base_url = (env.get("VECTORLESS_LLM_BASE_URL") or "").strip()
    if not base_url:
        return None
    model = (env.get("VECTORLESS_LLM_MODEL") or "").strip()
    if not model:
        raise ValueError("VECTORLESS_LLM_BASE_URL is set but VECTORLESS_LLM_MODEL is not")
    return OpenAICompatibleClient.with_limits(
        base_url, model, env.get("VECTORLESS_LLM_API_KEY", ""), LLMLimits.from_env(env)
    )
