"""The `vectorless` command line."""

from __future__ import annotations

import argparse
import importlib
import sys

from vectorless_assets.version import __version__

#: the module of `cli/` that registers each command, in the order `--help` lists them
COMMANDS: dict[str, str] = {
    "demo": "demo_cmd",
    "compile": "compile_cmd",
    "inspect": "inspect_cmd",
    "verify": "inspect_cmd",
    "ls": "navigate_cmd",
    "cat": "navigate_cmd",
    "find": "navigate_cmd",
    "toc": "navigate_cmd",
    "locate": "locate_cmd",
    "mcp": "mcp_cmd",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `vectorless` parser. For a known `command` only the module of that command is
    imported and registered (`vectorless compile` loads no navigator or MCP code); otherwise,
    as for `--help` or an unknown command, every command's."""
    parser = argparse.ArgumentParser(
        prog="vectorless",
        description="Compile documents into a navigable Document IR (vectorless retrieval).",
    )
    parser.add_argument("--version", action="version", version=f"vectorless {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    modules = [COMMANDS[command]] if command in COMMANDS else dict.fromkeys(COMMANDS.values())
    for module in modules:
        importlib.import_module(f"vectorless_assets.cli.{module}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = next((a for a in argv if not a.startswith("-")), None)
    args = build_parser(command).parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
