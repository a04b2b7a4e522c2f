"""`vectorless mcp [IR folder]`: serve a folder of compiled IRs to agents over MCP.

Stdio by default (the host starts the command and talks over its stdin/stdout, so
nothing else may be printed on stdout); `--http` serves streamable HTTP on
127.0.0.1:`--port` at path /mcp. The MCP SDK is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import sys

from vectorless_assets.cli import settings
from vectorless_assets.cli.output import error
from vectorless_assets.llm.config import client_from_env

DEFAULT_PORT = 8765


def port(text: str) -> int:
    """A TCP port number (argparse type): 1-65535, else a one-line usage error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (1-65535)")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `mcp` subcommand to an argparse subparsers object."""
    p = sub.add_parser(
        "mcp", help="serve a folder of compiled IRs to agents (Model Context Protocol)"
    )
    p.add_argument(
        "ir",
        nargs="?",
        default=None,
        metavar="IR-folder",
        help=f"folder of IR files (default: $VECTORLESS_IR_DIR or {settings.DEFAULT_IR_DIR})",
    )
    p.add_argument(
        "--http", action="store_true", help="serve streamable HTTP on 127.0.0.1 instead of stdio"
    )
    p.add_argument(
        "--port",
        type=port,
        default=DEFAULT_PORT,
        help=f"HTTP port 1-65535 (default {DEFAULT_PORT})",
    )
    p.set_defaults(handler=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    folder = settings.ir_dir(args.ir)
    if not folder.is_dir():
        error(f"{folder}: not a folder of IR files")
        return 1
    try:
        from vectorless_assets.mcp_server import build_server
    except ImportError as exc:  # the SDK is a dependency; say so clearly if it is missing
        error(f"the MCP server needs the 'mcp' package: {exc}")
        return 1
    try:
        llm = client_from_env()  # VECTORLESS_LLM_*: offers locate(guided=True)
    except ValueError as exc:
        error(str(exc))
        return 1
    try:
        server = build_server(folder, llm=llm)
    except ValueError as exc:  # VECTORLESS_MCP_CACHE_MB that is not a number
        error(str(exc))
        return 1
    where = f"http://127.0.0.1:{args.port}/mcp" if args.http else "stdio"
    guided = f" (guided locate with {llm.model})" if llm else ""
    print(f"vectorless mcp: serving {folder} on {where}{guided}", file=sys.stderr, flush=True)
    if args.http:
        server.run("streamable-http", host="127.0.0.1", port=args.port)
    else:
        server.run("stdio")
    return 0
