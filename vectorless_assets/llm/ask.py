"""One counted LLM call (the only place usage is counted), and lenient JSON reading of answers
(`json_value`, `json_positions`)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from vectorless_assets.llm.guard import CallBudget, call_budget
from vectorless_assets.llm.protocol import LLMClient, LLMError
from vectorless_assets.llm.usage import LLMUsage

_FENCE_RE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def ask(
    llm: LLMClient | None,
    usage: LLMUsage,
    prompt: str,
    *,
    max_tokens: int,
    system: str | None = None,
    accept: Callable[[str], bool] | None = None,
) -> str | None:
    """The LLM's answer (stripped), counted in `usage`; None without an LLM, on `LLMError`
    or for an empty answer (both counted as failures), and without calling once the
    document's LLM deadline has passed or while the endpoint's breaker is open (`guard`;
    counted in `usage.skipped`). Never retries: the client's retries are the only layer.

    A client with a lasting cache (`llm.cache.CachedLLM`) is asked its cache first: a hit
    counts in `usage.cache_hits`, not as a call; a real answer is stored, a failure never is.
    `accept` (the caller's parser: True when it can use the answer) keeps an answer of the
    wrong shape out of the cache: it is returned (the caller falls back) but not stored, and
    a stored answer it refuses is a miss (asked again).
    """
    if llm is None:
        return None
    lookup = getattr(llm, "lookup", None)
    if lookup is not None:
        cached = lookup(prompt, system=system, max_tokens=max_tokens)
        if cached is not None and (accept is None or accept(cached)):
            usage.add(cache_hits=1)
            return cached
    if not _may_call(llm, usage):
        return None
    breaker = getattr(getattr(llm, "inner", llm), "breaker", None)
    usage.add(calls=1)
    budget = CallBudget(deadline=usage.deadline_at)
    token = call_budget.set(budget)
    try:
        answer = (
            llm.complete(prompt, system=system, max_tokens=max_tokens)
            if system
            else llm.complete(prompt, max_tokens=max_tokens)
        )
    except LLMError:
        usage.add(failures=1)
        if breaker is not None and breaker.failure():
            usage.note("breaker opened")
        return None
    finally:
        call_budget.reset(token)
        usage.add(retries=budget.retries)
    if breaker is not None:
        breaker.success()
    usage.add(prompt_chars=len(prompt))  # tokens of answered calls only
    usage.add(completion_chars=len(answer or ""))
    if not (answer and answer.strip()):
        usage.add(failures=1)
        return None
    store = getattr(llm, "store", None)
    if store is not None and (accept is None or accept(answer.strip())):
        store(prompt, answer.strip(), system=system, max_tokens=max_tokens)
    return answer.strip()


def _may_call(llm: LLMClient, usage: LLMUsage) -> bool:
    """False (counted in `usage.skipped`) once the document's LLM deadline has passed or
    while the endpoint's breaker is open (`guard`); starts the deadline at the first call."""
    inner = getattr(llm, "inner", llm)
    deadline_s = getattr(inner, "document_deadline_s", None)
    if usage.deadline_at is None and deadline_s:
        usage.deadline_at = time.monotonic() + deadline_s
    if usage.deadline_at is not None and time.monotonic() >= usage.deadline_at:
        usage.add(skipped=1)
        usage.note("deadline reached")
        return False
    breaker = getattr(inner, "breaker", None)
    if breaker is not None and not breaker.allow():
        usage.add(skipped=1)
        usage.note("breaker open")
        return False
    return True


def json_positions(value: Any, limit: int) -> list[int]:
    """0-based positions from a JSON list of 1-based item numbers (`[2, 5]`), in the answer's
    order without repeats; only whole numbers 1..`limit` count: ints, integral floats (`2.0`)
    and digit strings (`"2"`). Booleans, NaN, infinities, fractions, negatives and anything
    else are ignored (`json.loads` accepts NaN and Infinity; `True` is an int in Python)."""
    if not isinstance(value, list):
        return []
    out: list[int] = []
    for item in value:
        if isinstance(item, bool):
            continue
        if isinstance(item, str) and item.strip().isdecimal():
            item = int(item.strip())
        if isinstance(item, float) and item.is_integer():
            item = int(item)
        if isinstance(item, int) and 1 <= item <= limit and item - 1 not in out:
            out.append(item - 1)
    return out


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
