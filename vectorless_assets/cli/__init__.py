"""The `vectorless` command line."""

from __future__ import annotations

import argparse
import sys

from vectorless_assets.version import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vectorless",
        description="Compile documents into a navigable Document IR (vectorless retrieval).",
    )
    parser.add_argument("--version", action="version", version=f"vectorless {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    from vectorless_assets.cli import compile_cmd, demo_cmd, inspect_cmd, mcp_cmd, query

    demo_cmd.register(sub)
    compile_cmd.register(sub)
    inspect_cmd.register(sub)
    query.register(sub)
    mcp_cmd.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
