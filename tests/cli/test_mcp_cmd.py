"""`vectorless mcp` argument errors are one line (issue 25 item 18)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_port_out_of_range_is_a_usage_error(tmp_path: Path) -> None:
    """`--port 99999` ended in an OverflowError traceback from the HTTP server."""
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", code, "mcp", str(tmp_path), "--http", "--port", "99999"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith("argument --port: 99999 is not a port (1-65535)")
    )


def test_a_bad_cache_bound_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    from vectorless_assets.cli import main

    monkeypatch.setenv("VECTORLESS_MCP_CACHE_MB", "lots")
    assert main(["mcp", str(tmp_path)]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "error: VECTORLESS_MCP_CACHE_MB must be a number of megabytes, got 'lots'"
    )


def test_the_command_runs_the_one_serve(tmp_path: Path, capsys, monkeypatch) -> None:
    """`vectorless mcp` hands its folder, transport and port to `mcp_server.serve`."""
    from vectorless_assets.cli import main, mcp_cmd

    seen: dict = {}

    def fake_serve(folder, *, http, port, llm, ready) -> None:
        seen.update(folder=folder, http=http, port=port, llm=llm)
        ready("http://127.0.0.1:9999/mcp")

    monkeypatch.setattr(mcp_cmd, "serve", fake_serve)
    monkeypatch.delenv("VECTORLESS_LLM_BASE_URL", raising=False)
    assert main(["mcp", str(tmp_path), "--http", "--port", "9999"]) == 0
    assert seen == {"folder": tmp_path, "http": True, "port": 9999, "llm": None}
    assert capsys.readouterr().err == (
        f"vectorless mcp: serving {tmp_path} on http://127.0.0.1:9999/mcp\n"
    )
