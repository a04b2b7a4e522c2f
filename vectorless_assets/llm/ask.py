"""One counted LLM call for the index passes, and lenient JSON reading of its answer."""

from __future__ import annotations

import json
import re
from typing import Any

from vectorless_assets.llm.protocol import LLMError
from vectorless_assets.passes.env import PassEnv

_FENCE_RE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def ask(env: PassEnv, prompt: str, *, max_tokens: int) -> str | None:
    """The LLM's answer, counted in `env.usage`; None without an LLM or on `LLMError`."""
    if env.llm is None:
        return None
    env.usage.calls += 1
    env.usage.prompt_chars += len(prompt)
    try:
        answer = env.llm.complete(prompt, max_tokens=max_tokens)
    except LLMError:
        env.usage.failures += 1
        return None
    env.usage.completion_chars += len(answer)
    return answer


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
