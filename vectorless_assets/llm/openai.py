"""A minimal client for any OpenAI-compatible chat-completions endpoint (stdlib only)."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from vectorless_assets.llm.answer import MalformedAnswer, answer_text
from vectorless_assets.llm.guard import Breaker, LLMLimits, breaker_for, call_budget
from vectorless_assets.llm.protocol import LLMError

TRANSIENT_STATUS = frozenset({408, 429})
#: Largest response body read (bytes): an answer is a few kilobytes.
MAX_RESPONSE_BYTES = 8_000_000


@dataclass
class OpenAICompatibleClient:
    """POSTs `{base_url}/chat/completions`; temperature 0 so answers are as stable as the model
    allows.

    `base_url` is e.g. "http://127.0.0.1:8000/v1"; `api_key` may be empty for local servers.
    Timeouts are separate: `connect_timeout_s` to open the connection, `timeout_s` for the
    whole answer once connected (a wall-clock deadline: an endpoint trickling a byte at a
    time is cut off at it, not after each read), and the body is read up to
    `MAX_RESPONSE_BYTES`. An answer is checked before it is returned (`llm.answer`: the JSON
    shape, `finish_reason`, text content). Transient failures (connection errors, timeouts, HTTP
    408/429/5xx, a
    body that is not the expected JSON) are retried `retries` times with exponential backoff,
    never past the deadline of the call's budget (`guard.call_budget`, set by `llm.ask` from
    the document's deadline). The other bounds (`guard.LLMLimits`) are carried here so that
    `llm.ask` finds them: `document_deadline_s` and the breaker (`breaker`).
    """

    base_url: str
    model: str
    api_key: str = ""
    timeout_s: float = 60.0
    retries: int = 2
    backoff_s: float = 0.5
    connect_timeout_s: float = 10.0
    document_deadline_s: float = 120.0
    breaker_failures: int = 5
    breaker_cooldown_s: float = 60.0

    @classmethod
    def with_limits(
        cls, base_url: str, model: str, api_key: str = "", limits: LLMLimits | None = None
    ) -> OpenAICompatibleClient:
        lim = limits or LLMLimits()
        return cls(
            base_url=base_url,
            model=model,
            api_key=api_key,
            timeout_s=lim.read_timeout_s,
            retries=lim.retries,
            connect_timeout_s=lim.connect_timeout_s,
            document_deadline_s=lim.document_deadline_s,
            breaker_failures=lim.breaker_failures,
            breaker_cooldown_s=lim.breaker_cooldown_s,
        )

    @property
    def limits(self) -> LLMLimits:
        return LLMLimits(
            self.connect_timeout_s,
            self.timeout_s,
            self.retries,
            self.document_deadline_s,
            self.breaker_failures,
            self.breaker_cooldown_s,
        )

    @property
    def breaker(self) -> Breaker:
        """The process-wide breaker of this endpoint and model."""
        return breaker_for(self.base_url, self.model, self.limits)

    def _post(
        self, url: str, body: bytes, headers: dict[str, str], connect_s: float, read_s: float
    ) -> tuple[int, bytes]:
        parts = urllib.parse.urlsplit(url)
        if urllib.request.getproxies().get(parts.scheme) and not urllib.request.proxy_bypass(
            parts.hostname or ""
        ):
            # through the proxy: one timeout
            req = urllib.request.Request(url, data=body, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=max(connect_s, read_s)) as resp:
                    return resp.status, resp.read()
            except urllib.error.HTTPError as exc:
                return exc.code, b""
        conn_type = (
            http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        )
        conn = conn_type(parts.hostname or "", parts.port, timeout=connect_s)
        expired = threading.Event()
        try:
            conn.connect()
            # the response outlives conn.sock
            watchdog = threading.Timer(read_s, _cut, (conn.sock, expired))
            watchdog.daemon = True
            watchdog.start()
            try:
                conn.sock.settimeout(read_s)
                path = parts.path + (f"?{parts.query}" if parts.query else "")
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read(MAX_RESPONSE_BYTES + 1)
            finally:
                watchdog.cancel()
            if expired.is_set():  # the socket was shut down mid-answer: what was read is partial
                raise TimeoutError(f"timed out: no complete answer within {read_s:g} s")
            if len(data) > MAX_RESPONSE_BYTES:
                raise http.client.HTTPException(
                    f"response larger than {MAX_RESPONSE_BYTES:,} bytes"
                )
            return resp.status, data
        except (OSError, http.client.HTTPException):
            if expired.is_set():
                raise TimeoutError(f"timed out: no complete answer within {read_s:g} s") from None
            raise
        finally:
            conn.close()

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        messages = ([{"role": "system", "content": system}] if system else []) + [
            {"role": "user", "content": prompt}
        ]
        body = json.dumps(
            {"model": self.model, "messages": messages, "max_tokens": max_tokens, "temperature": 0}
        ).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        budget = call_budget.get()
        last: str = "no attempt made"
        for attempt in range(self.retries + 1):
            remaining = budget.remaining() if budget is not None else None
            if remaining is not None and remaining <= 0:
                last = "the document's LLM deadline was reached"
                break
            connect_s = (
                self.connect_timeout_s
                if remaining is None
                else min(self.connect_timeout_s, remaining)
            )
            read_s = self.timeout_s if remaining is None else min(self.timeout_s, remaining)
            try:
                status, data = self._post(url, body, headers, connect_s, read_s)
            except (OSError, http.client.HTTPException) as exc:  # refused, reset, timed out
                last = f"{type(exc).__name__}: {exc}"
            else:
                if status == 200:
                    try:
                        return answer_text(data)
                    except MalformedAnswer as exc:
                        last = str(exc)
                        if exc.final:
                            break
                else:
                    last = f"HTTP {status}"
                    if status not in TRANSIENT_STATUS and status < 500:
                        break
            if attempt < self.retries:
                if budget is not None:
                    budget.retries += 1
                pause = self.backoff_s * 2**attempt
                remaining = budget.remaining() if budget is not None else None
                time.sleep(pause if remaining is None else max(0.0, min(pause, remaining)))
        raise LLMError(f"LLM request to {url} failed: {last}")


def _cut(sock: socket.socket | None, expired: threading.Event) -> None:
    """The call's deadline passed: shut its socket down, so a read blocked on it ends now."""
    expired.set()
    if sock is not None:
        with contextlib.suppress(OSError):  # already closed
            sock.shutdown(socket.SHUT_RDWR)
