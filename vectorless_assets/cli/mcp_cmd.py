"""`vectorless mcp [IR folder]`: serve a folder of compiled IRs to agents over MCP.

Stdio by default (the host starts the command and talks over its stdin/stdout, so
nothing else may be printed on stdout); `--http` serves streamable HTTP on
127.0.0.1:`--port` at path /mcp (`mcp_server.serve`). The MCP SDK is imported only when
the command runs.
"""

from __future__ import annotations

import argparse
import sys

from vectorless_assets.cli.output import error
from vectorless_assets.environment import DEFAULT_IR_DIR, Environment
from vectorless_assets.mcp_server import DEFAULT_PORT, serve


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
        help=f"folder of IR files (default: $VECTORLESS_IR_DIR or {DEFAULT_IR_DIR})",
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
    environment = Environment.read()
    folder = environment.ir_dir(args.ir)
    if not folder.is_dir():
        error(f"{folder}: not a folder of IR files")
        return 1
    try:
        # the settings the server reads, checked before it starts: a malformed one is one
        # line naming it and status 2, as for `vectorless compile`
        llm = environment.llm_client()  # VECTORLESS_LLM_*: offers locate(guided=True)
        environment.mcp_cache_bytes  # noqa: B018 - VECTORLESS_MCP_CACHE_MB
        environment.lexicons  # noqa: B018 - VECTORLESS_LEXICONS
    except ValueError as exc:
        error(str(exc))
        return 2
    started = False

    def ready(where: str) -> None:
        nonlocal started
        started = True
        guided = f" (guided locate with {llm.model})" if llm else ""
        print(f"vectorless mcp: serving {folder} on {where}{guided}", file=sys.stderr, flush=True)

    try:
        serve(folder, http=args.http, port=args.port, llm=llm, ready=ready)
    except ImportError as exc:  # the SDK is a dependency; say so clearly if it is missing
        if started:
            raise
        error(f"the MCP server needs the 'mcp' package: {exc}")
        return 1
    except ValueError as exc:  # a setting the checks above did not reach
        if started:
            raise
        error(str(exc))
        return 2
    return 0
