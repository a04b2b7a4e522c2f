"""A minimal client for any OpenAI-compatible chat-completions endpoint (stdlib only)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from vectorless_assets.llm.protocol import LLMError


@dataclass
class OpenAICompatibleClient:
    """POSTs `{base_url}/chat/completions`; temperature 0 so answers are as stable as the model allows.

    `base_url` is e.g. "http://127.0.0.1:8000/v1"; `api_key` may be empty for local servers.
    Retries transient failures (connection errors, HTTP 429/5xx) with exponential backoff.
    """

    base_url: str
    model: str
    api_key: str = ""
    timeout_s: float = 60.0
    retries: int = 2
    backoff_s: float = 0.5

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]
        body = json.dumps({"model": self.model, "messages": messages, "max_tokens": max_tokens, "temperature": 0}).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        last: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                req = urllib.request.Request(url, data=body, headers=headers, method="POST")
                with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                    data = json.loads(resp.read().decode("utf-8"))
                return str(data["choices"][0]["message"]["content"] or "")
            except urllib.error.HTTPError as exc:
                last = exc
                if exc.code not in (408, 429) and exc.code < 500:
                    break
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                last = exc
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise LLMError(f"malformed response from {url}: {exc}") from exc
            if attempt < self.retries:
                time.sleep(self.backoff_s * 2**attempt)
        raise LLMError(f"LLM request to {url} failed: {last}")
