"""One counted LLM call (the only place usage is counted), and lenient JSON reading of answers."""

from __future__ import annotations

import json
import re
from typing import Any

from vectorless_assets.llm.protocol import LLMClient, LLMError
from vectorless_assets.llm.usage import LLMUsage

_FENCE_RE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def ask(llm: LLMClient | None, usage: LLMUsage, prompt: str, *, max_tokens: int, system: str | None = None) -> str | None:
    """The LLM's answer (stripped), counted in `usage`; None without an LLM, on `LLMError`
    or for an empty answer (both counted as failures).

    A client with a lasting cache (`llm.cache.CachedLLM`) is asked its cache first: a hit
    counts in `usage.cache_hits`, not as a call; a real answer is stored, a failure never is.
    """
    if llm is None:
        return None
    lookup = getattr(llm, "lookup", None)
    if lookup is not None:
        cached = lookup(prompt, system=system, max_tokens=max_tokens)
        if cached is not None:
            usage.cache_hits += 1
            return cached
    usage.calls += 1
    usage.prompt_chars += len(prompt)
    try:
        answer = llm.complete(prompt, system=system, max_tokens=max_tokens) if system else llm.complete(prompt, max_tokens=max_tokens)
    except LLMError:
        usage.failures += 1
        return None
    usage.completion_chars += len(answer or "")
    if not (answer and answer.strip()):
        usage.failures += 1
        return None
    store = getattr(llm, "store", None)
    if store is not None:
        store(prompt, answer.strip(), system=system, max_tokens=max_tokens)
    return answer.strip()


def json_value(answer: str) -> Any:
    """The JSON value in `answer` (bare, or in a ``` fence, or the first [...] / {...}); None."""
    fenced = _FENCE_RE.search(answer)
    candidates = [fenced.group(1)] if fenced else []
    candidates.append(answer)
    for opener, closer in (("[", "]"), ("{", "}")):
        start, end = answer.find(opener), answer.rfind(closer)
        if 0 <= start < end:
            candidates.append(answer[start : end + 1])
    for text in candidates:
        try:
            return json.loads(text.strip())
        except ValueError:
            continue
    return None
