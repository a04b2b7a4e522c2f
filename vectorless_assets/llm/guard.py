"""Bounds on LLM work: timeouts, retries, a per-document deadline and a circuit breaker.

A hung, failing or rate-limiting endpoint must cost a compile a bounded time, and every
document must still compile (with the LLM-free fallbacks). The bounds (`LLMLimits`, read
from the environment beside the other `VECTORLESS_LLM_*` variables and settable on the
Dagster `llm` resource):

* `VECTORLESS_LLM_CONNECT_TIMEOUT`: seconds to open the connection (10);
* `VECTORLESS_LLM_READ_TIMEOUT`: seconds to wait for the whole answer once connected, a
  wall-clock deadline per call (60);
* `VECTORLESS_LLM_RETRIES`: retries of a transient failure: connection, 408/429/5xx,
  malformed body (2);
* `VECTORLESS_LLM_DOCUMENT_DEADLINE`: seconds of LLM work per document; then it falls back
  (120);
* `VECTORLESS_LLM_BREAKER_FAILURES`: consecutive failed calls that open the breaker (5);
* `VECTORLESS_LLM_BREAKER_COOLDOWN`: seconds before an open breaker lets one call probe (60).

One retry layer: the client retries transient failures within the document's remaining
deadline (`call_budget`: no attempt starts after it, and timeouts are cut to it); callers
(`llm.ask`) never retry a failed call.

The breaker is shared by every document of a process that uses the same endpoint and
model (`breaker_for`), so a batched run, or a CLI compile of many documents, stops calling
a dead endpoint after `failures` consecutive failures: the remaining calls fall back at
once, and the opening is reported once. After `cooldown` seconds one call (exactly one,
also with concurrent callers) probes the endpoint: success closes the breaker, failure
keeps it open for another cooldown. All state changes are under a lock.
"""

from __future__ import annotations

import contextvars
import logging
import math
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, is_dataclass, replace

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LLMLimits:
    connect_timeout_s: float = 10.0
    read_timeout_s: float = 60.0
    retries: int = 2
    document_deadline_s: float = 120.0
    breaker_failures: int = 5
    breaker_cooldown_s: float = 60.0

    ENV = {
        "connect_timeout_s": "VECTORLESS_LLM_CONNECT_TIMEOUT",
        "read_timeout_s": "VECTORLESS_LLM_READ_TIMEOUT",
        "retries": "VECTORLESS_LLM_RETRIES",
        "document_deadline_s": "VECTORLESS_LLM_DOCUMENT_DEADLINE",
        "breaker_failures": "VECTORLESS_LLM_BREAKER_FAILURES",
        "breaker_cooldown_s": "VECTORLESS_LLM_BREAKER_COOLDOWN",
    }

    def as_dict(self) -> dict[str, float | int]:
        """The limits by field name (the `llm` resource's fields of the same names)."""
        return {name: getattr(self, name) for name in self.ENV}

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> LLMLimits:
        """The limits set in `env` (default: the process environment); `ValueError` if malformed."""
        env = os.environ if env is None else env
        values: dict[str, float | int] = {}
        for name, var in cls.ENV.items():
            text = (env.get(var) or "").strip()
            if not text:
                continue
            try:
                value = int(text) if name in ("retries", "breaker_failures") else float(text)
            except ValueError:
                raise ValueError(f"{var} must be a number, not {text!r}") from None
            if not math.isfinite(value) or value < 0 or (value == 0 and name != "retries"):
                least = "0 or more" if name == "retries" else "a finite positive number"
                raise ValueError(f"{var} must be {least}, not {text!r}")
            values[name] = value
        return cls(**values)  # type: ignore[arg-type]


class Breaker:
    """Consecutive-failure circuit breaker, safe with concurrent callers (see module doc)."""

    def __init__(self, failures: int, cooldown_s: float, name: str = "") -> None:
        self.failures, self.cooldown_s, self.name = failures, cooldown_s, name
        self._lock = threading.Lock()
        self._in_a_row = 0
        self._opened_at: float | None = None
        self._probing = False

    @property
    def is_open(self) -> bool:
        with self._lock:
            return self._opened_at is not None

    def allow(self) -> bool:
        """May a call be made now? While open, only one probe per cooldown is allowed."""
        with self._lock:
            if self._opened_at is None:
                return True
            if not self._probing and time.monotonic() - self._opened_at >= self.cooldown_s:
                self._probing = True
                return True
            return False

    def success(self) -> None:
        with self._lock:
            if self._opened_at is not None:
                log.warning("LLM endpoint %s answers again: calls resume", self.name)
            self._in_a_row, self._opened_at, self._probing = 0, None, False

    def failure(self) -> bool:
        """Count a failed call; True when this failure opened the breaker (say it once)."""
        with self._lock:
            self._in_a_row += 1
            if self._opened_at is not None:  # a failed probe: closed for another cooldown
                self._opened_at, self._probing = time.monotonic(), False
                return False
            if self._in_a_row >= self.failures:
                self._opened_at = time.monotonic()
                log.warning(
                    (
                        "LLM endpoint %s failed %d calls in a row: the remaining LLM work "
                        "falls back without calling (probe again in %.0f s)"
                    ),
                    self.name,
                    self._in_a_row,
                    self.cooldown_s,
                )
                return True
            return False


_breakers: dict[tuple[str, str, int, float], Breaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(base_url: str, model: str, limits: LLMLimits) -> Breaker:
    """The process-wide breaker of an endpoint and model."""
    key = (base_url, model, limits.breaker_failures, limits.breaker_cooldown_s)
    with _breakers_lock:
        if key not in _breakers:
            _breakers[key] = Breaker(
                limits.breaker_failures, limits.breaker_cooldown_s, name=base_url
            )
        return _breakers[key]


@dataclass
class CallBudget:
    """What one `ask` lets the client spend: until `deadline` (monotonic); the client counts
    its retries here."""

    deadline: float | None = None
    retries: int = 0

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()


#: The budget of the call in progress in this thread (set by `llm.ask`, read by clients).
call_budget: contextvars.ContextVar[CallBudget | None] = contextvars.ContextVar(
    "vectorless_llm_call_budget", default=None
)


_probes: dict[tuple[str, str], tuple[float, bool]] = {}
_probes_lock = threading.Lock()
PROBE_TTL_S = 60.0


def llm_works(client: object | None, *, probe: bool = False) -> bool:
    """Is a working LLM configured? Used to decide that an IR built with LLM fallbacks is stale.

    None: no. An open breaker (this process saw the endpoint fail): no. Otherwise yes, or,
    with `probe` (sensor ticks and schedules, whose process made no calls), the answer of one
    tiny request with short timeouts and no retry, remembered for a minute per endpoint."""
    if client is None:
        return False
    inner = getattr(client, "inner", client)
    breaker = getattr(inner, "breaker", None)
    if breaker is not None and breaker.is_open:
        return False
    if not probe:
        return True
    key = (str(getattr(inner, "base_url", "")), str(getattr(inner, "model", "")))
    now = time.monotonic()
    with _probes_lock:
        seen = _probes.get(key)
        if seen is not None and now - seen[0] < PROBE_TTL_S:
            return seen[1]
    token = call_budget.set(CallBudget(deadline=now + 10.0))
    try:
        # the OpenAI client: no retries, short timeouts
        if is_dataclass(inner) and hasattr(inner, "retries"):
            inner = replace(  # type: ignore[arg-type]
                inner,
                retries=0,
                connect_timeout_s=min(inner.connect_timeout_s, 5.0),
                timeout_s=min(inner.timeout_s, 10.0),
            )
        complete = inner.complete  # type: ignore[attr-defined]
        ok = bool(complete("Reply with the word OK.", max_tokens=2))
    except Exception:  # noqa: BLE001 - any failure means "not working"
        ok = False
    finally:
        call_budget.reset(token)
    with _probes_lock:
        _probes[key] = (time.monotonic(), ok)
    return ok
