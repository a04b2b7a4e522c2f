"""MCP over HTTP bounds what clients can hold (issue 35): a request body over `MAX_BODY_BYTES` is
answered 413 (declared, or as it streams in), and past `MAX_CONNECTIONS` open connections a
request is answered 503 at once; once they close, requests are served again. Before, bodies of
up to 4 MiB were read and kept (150 connections of 3.9 MB added 700 MB) and connections were
unbounded. A real `vectorless mcp --http` process, raw sockets."""

from __future__ import annotations

import json
import socket
from typing import Any

from tests.mcp_server.test_server import http_server  # noqa: F401  # the fixture
from vectorless_assets.mcp_server.server import MAX_BODY_BYTES, MAX_CONNECTIONS

INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
).encode()


def _address(url: str) -> tuple[str, int]:
    host, port = url.split("//")[1].split("/")[0].split(":")
    return host, int(port)


def _head(url: str, body_length: int | None) -> bytes:
    length = f"Content-Length: {body_length}\r\n" if body_length is not None else ""
    chunked = "" if body_length is not None else "Transfer-Encoding: chunked\r\n"
    host = url.split("//")[1].split("/")[0]
    return (
        f"POST /mcp HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Accept: application/json, text/event-stream\r\n{length}{chunked}\r\n"
    ).encode()


def _status(sock: socket.socket) -> int:
    sock.settimeout(10)
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ", 2)[1])


def _post(url: str, body: bytes) -> int:
    with socket.create_connection(_address(url), timeout=10) as sock:
        sock.sendall(_head(url, len(body)) + body)
        return _status(sock)


def test_a_body_over_the_bound_is_refused_unread(http_server: str) -> None:  # noqa: F811
    assert _post(http_server, INITIALIZE) == 200
    with socket.create_connection(_address(http_server), timeout=10) as sock:
        sock.sendall(_head(http_server, 3_900_000))  # declared, never sent
        assert _status(sock) == 413
    with socket.create_connection(_address(http_server), timeout=10) as sock:
        sock.sendall(_head(http_server, None))  # streamed: refused once past the bound
        piece = b"x" * 65_536
        sent = 0
        try:
            while sent <= MAX_BODY_BYTES + len(piece):
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
                sent += len(piece)
        except OSError:
            pass  # the server answered and closed while the body was still coming
        assert _status(sock) == 413


def test_connections_past_the_bound_are_answered_503(http_server: str) -> None:  # noqa: F811
    held: list[Any] = []
    try:
        for _ in range(MAX_CONNECTIONS):
            held.append(socket.create_connection(_address(http_server), timeout=10))
        assert _post(http_server, INITIALIZE) == 503
    finally:
        for sock in held:
            sock.close()
    for _ in range(50):
        status = _post(http_server, INITIALIZE)
        if status == 200:
            break
    assert status == 200
