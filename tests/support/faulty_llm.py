"""An OpenAI-compatible HTTP server on 127.0.0.1 that misbehaves on purpose (real sockets).

Faults: `ok` (answers like `fake_llm`), `hang` (accepts, reads the request, never answers),
`500`, `429`, `slow` (answers after `delay` seconds), `malformed` (200 with a body that is
not the expected JSON). `closed_port()` is a port nothing listens on. The fault can change
while the server runs (`srv.fault = "ok"`: the endpoint is back).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.fake_llm import answer

FAULTS = ("ok", "hang", "500", "429", "slow", "malformed")


def closed_port() -> int:
    """A local port with no listener (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FaultyLLMServer:
    """`with FaultyLLMServer("hang") as srv:`; `srv.base_url`, `srv.requests`, `srv.fault`."""

    def __init__(self, fault: str = "ok", *, delay: float = 0.5) -> None:
        assert fault in FAULTS, fault
        self.fault, self.delay, self.requests = fault, delay, 0
        self._stop = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                outer.requests += 1
                fault = outer.fault
                if fault == "hang":
                    outer._stop.wait(600)
                    return
                if fault in ("500", "429"):
                    self.send_response(int(fault))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if fault == "slow":
                    time.sleep(outer.delay)
                reply = {"choices": [{"message": {"role": "assistant", "content": answer(body["messages"][-1]["content"])}}]}
                data = b"<html>upstream error</html>" if fault == "malformed" else json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> FaultyLLMServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()
