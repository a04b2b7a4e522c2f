"""The CLI's parser: every command is registered, and a command loads only its own module."""

from __future__ import annotations

import subprocess
import sys

from vectorless_assets.cli import COMMANDS, build_parser


def _commands(parser) -> list[str]:  # noqa: ANN001 - an argparse parser
    [sub] = [a for a in parser._actions if a.dest == "command"]
    return list(sub.choices)


def test_the_full_parser_has_exactly_the_commands_of_the_table_in_order() -> None:
    assert _commands(build_parser()) == list(COMMANDS)


def test_a_known_command_registers_its_own_module_only() -> None:
    for command, module in COMMANDS.items():
        same = [c for c, m in COMMANDS.items() if m == module]
        assert _commands(build_parser(command)) == same


def test_vectorless_compile_imports_no_navigator_or_mcp_code() -> None:
    code = (
        "import sys\n"
        "from vectorless_assets.cli import build_parser\n"
        "build_parser('compile').parse_args(['compile', 'x.md'])\n"
        "print([m for m in sys.modules if m.startswith(('vectorless_assets.navigator',"
        " 'vectorless_assets.mcp_server', 'vectorless_assets.cli.navigate_cmd'))])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "[]"
