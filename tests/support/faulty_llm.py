"""The fake LLM server misbehaving on purpose (real sockets), and a port nothing listens on.

`FaultyLLMServer("hang")` is `FakeLLMServer(fault="hang")`: see `fake_llm.FAULTS` for the
faults; the fault can change while the server runs (`srv.fault = "ok"`).
"""

from __future__ import annotations

import socket

from tests.support.fake_llm import FAULTS, FakeLLMServer

__all__ = ["FAULTS", "FaultyLLMServer", "closed_port"]


def closed_port() -> int:
    """A local port with no listener (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FaultyLLMServer(FakeLLMServer):
    """`with FaultyLLMServer("hang") as srv:`; `srv.base_url`, `srv.requests`, `srv.fault`."""

    def __init__(self, fault: str = "ok", *, delay: float = 0.5) -> None:
        super().__init__(fault, delay=delay)
