"""A malformed `VECTORLESS_*` variable stops `vectorless compile` (and `demo`) with one
`error:` line naming it and a non-zero status, before anything is compiled: no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vectorless_assets.cli import main

CODE = "import sys; from vectorless_assets.cli import main; sys.exit(main())"

BAD = [
    ({"VECTORLESS_LLM_CONCURRENCY": "abc"}, "VECTORLESS_LLM_CONCURRENCY"),
    ({"VECTORLESS_LLM_CONCURRENCY": "0"}, "VECTORLESS_LLM_CONCURRENCY"),
    ({"VECTORLESS_WORKERS": "0"}, "VECTORLESS_WORKERS"),
    ({"VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:1/v1"}, "VECTORLESS_LLM_MODEL"),
    (
        {"VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:1/v1", "VECTORLESS_LLM_MODEL": "m"}
        | {"VECTORLESS_LLM_READ_TIMEOUT": "soon"},
        "VECTORLESS_LLM_READ_TIMEOUT",
    ),
]


#: (variables, the one named in the error, --in-process): an in-process compile has no
#: worker processes, so VECTORLESS_WORKERS is read only through Dagster
CASES = [
    (env, named, in_process)
    for env, named in BAD
    for in_process in (True, False)
    if not (in_process and named == "VECTORLESS_WORKERS")
]


@pytest.mark.parametrize(("env", "named", "in_process"), CASES)
def test_a_bad_variable_is_one_error_line(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, env: dict, named: str, in_process
) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    argv = ["compile", str(tmp_path / "a.md"), "--out", str(tmp_path / "ir")]
    assert main(argv + (["--in-process"] if in_process else [])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:") and named in err, err
    assert not (tmp_path / "ir").exists()


def test_no_traceback_from_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_")}
    env |= {"VECTORLESS_LLM_CONCURRENCY": "abc", "DAGSTER_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-c", CODE, "compile", str(tmp_path / "a.md")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "VECTORLESS_LLM_CONCURRENCY" in done.stderr


def test_the_in_process_compile_ignores_a_bad_worker_count(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    monkeypatch.setenv("VECTORLESS_WORKERS", "0")
    argv = ["compile", "--in-process", str(tmp_path / "a.md"), "--out", str(tmp_path / "ir")]
    assert main(argv) == 0


def test_no_sources_names_every_suffix(tmp_path: Path, capsys) -> None:
    assert main(["compile", "--in-process", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert all(s in err for s in (".md", ".markdown", ".txt", ".pdf", ".docx")), err
