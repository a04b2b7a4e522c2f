"""A deterministic fake OpenAI-compatible server on 127.0.0.1, for tests (real HTTP, no network).

Answers depend only on the prompt: branch prompts (asking for OVERVIEW/QUESTIONS/TAGS) get
those three lines, concept prompts a JSON list, synonym prompts a JSON object, anything else
a two-sentence summary quoting the first words of the prompt's text.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def answer(prompt: str) -> str:
    words = [w for w in prompt.split() if w.isalpha()][-12:]
    digest = hashlib.sha256(prompt.encode()).hexdigest()[:6]
    if "OVERVIEW" in prompt:
        return (
            f"OVERVIEW: Section about {' '.join(words[:5])} ({digest}).\nQUESTIONS: "
            f"What is {words[0] if words else 'this'}?, How does it work?, Why does "
            f"it matter?\nTAGS: {', '.join(words[:3]) or 'general'}"
        )
    if "concept" in prompt.lower() and "json" in prompt.lower():
        return json.dumps(
            [{"name": "Fake concept", "summary": f"A concept ({digest}).", "sections": []}]
        )
    if "synonym" in prompt.lower():
        return json.dumps({})
    return f"Summary of {' '.join(words[:6])}. Digest {digest}."


#: What the server can be told to do: answer (`ok`), accept and never answer (`hang`), fail
#: with HTTP 500 or 429, answer after `delay` seconds (`slow`), answer 200 with a body that
#: is not the expected JSON (`malformed`), send the answer one byte every `delay` seconds
#: (`trickle`), answer with an HTML error page as the content (`html`), with an answer cut
#: at the token limit (`length`: finish_reason "length"), or with the content as a list of
#: text parts (`parts`).
FAULTS = ("ok", "hang", "500", "429", "slow", "malformed", "trickle", "html", "length", "parts")
HTML_PAGE = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"


class FakeLLMServer:
    """Start with `with FakeLLMServer() as srv:`; `srv.base_url`, `srv.requests` (count),
    `srv.prompts` (the prompts answered), `srv.fail_next` (that many 503s first), `srv.delay_s`
    (latency of every answer), `srv.max_in_flight`, and `srv.fault` (one of `FAULTS`; it can
    change while the server runs: `srv.fault = "ok"` and the endpoint is back); `srv.hang_on`
    (a text: a prompt containing it is accepted and never answered, its client's address is
    kept in `srv.hung_clients`)."""

    def __init__(self, fault: str = "ok", *, delay: float = 0.5) -> None:
        assert fault in FAULTS, fault
        self.fault, self.delay = fault, delay
        self.requests = 0
        self.prompts: list[str] = []
        self.delay_s = 0.0
        self.in_flight = self.max_in_flight = 0
        self.fail_next = 0
        self.hang_on: str | None = None
        self.hung_clients: list[tuple[str, int]] = []
        self._stop = threading.Event()
        lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _empty(self, status: int) -> None:
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                outer.requests += 1
                fault = outer.fault
                if outer.fail_next > 0:
                    outer.fail_next -= 1
                    return self._empty(503)
                hang_on = outer.hang_on
                if hang_on and hang_on in json.dumps(body):
                    outer.hung_clients.append(self.client_address[:2])
                    fault = "hang"
                if fault == "hang":
                    outer._stop.wait(600)
                    return None
                if fault in ("500", "429"):
                    return self._empty(int(fault))
                prompt = body["messages"][-1]["content"]
                with lock:
                    outer.prompts.append(prompt)
                    outer.in_flight += 1
                    outer.max_in_flight = max(outer.max_in_flight, outer.in_flight)
                time.sleep(outer.delay_s + (outer.delay if fault == "slow" else 0.0))
                with lock:
                    outer.in_flight -= 1
                text = answer(prompt)
                content: object = {
                    "html": HTML_PAGE,
                    "parts": [
                        {"type": "text", "text": text[:5]},
                        {"type": "text", "text": text[5:]},
                    ],
                }.get(fault, text)
                choice = {
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "length" if fault == "length" else "stop",
                }
                data = (
                    b"<html>upstream error</html>"
                    if fault == "malformed"
                    else json.dumps({"choices": [choice], "model": body.get("model")}).encode()
                )
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if fault == "trickle":
                    for i in range(len(data)):
                        if outer._stop.wait(outer.delay):
                            return None
                        self.wfile.write(data[i : i + 1])
                        self.wfile.flush()
                    return None
                self.wfile.write(data)
                return None

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()


class CountingLLM:
    """In-process client with the server's answers, recording every prompt (`fail` = error)."""

    def __init__(self, model: str = "fake-model", *, fail: bool = False) -> None:
        self.model, self.fail = model, fail
        self.prompts: list[str] = []

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        from vectorless_assets.llm.protocol import LLMError

        self.prompts.append(prompt)
        if self.fail:
            raise LLMError("endpoint down")
        return answer(prompt)
