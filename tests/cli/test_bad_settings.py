"""A malformed setting stops `vectorless mcp`, `locate` and `compile` alike (issue 35): status
2, one `error:` line naming the variable, no traceback, nothing served or compiled."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CODE = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
#: a lexicon module of one's own that fails when imported
RAISING_MODULE = "raise RuntimeError('lexicon data missing')\n"
LLM = {"VECTORLESS_LLM_MODEL": "m"}

BAD = [
    ({"VECTORLESS_MCP_CACHE_MB": "1e308"}, "VECTORLESS_MCP_CACHE_MB"),
    ({"VECTORLESS_LEXICONS": "bogus"}, "VECTORLESS_LEXICONS"),
    ({"VECTORLESS_LEXICONS": "raising_lexicon:WORDS"}, "VECTORLESS_LEXICONS"),
    ({"VECTORLESS_LLM_BASE_URL": "http://[::1"} | LLM, "VECTORLESS_LLM_BASE_URL"),
    ({"VECTORLESS_LLM_BASE_URL": "ftp://127.0.0.1/v1"} | LLM, "VECTORLESS_LLM_BASE_URL"),
    ({"VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:port/v1"} | LLM, "VECTORLESS_LLM_BASE_URL"),
]


def vectorless(tmp_path: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess:
    (tmp_path / "raising_lexicon.py").write_text(RAISING_MODULE)
    clean = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_")}
    clean |= env | {
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)]),
        "DAGSTER_HOME": str(tmp_path / "home"),
    }
    return subprocess.run(
        [sys.executable, "-c", CODE, *argv],
        env=clean,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def assert_one_error_line(done: subprocess.CompletedProcess, named: str) -> None:
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], lines


@pytest.mark.parametrize(("env", "named"), BAD)
def test_mcp_refuses_a_bad_setting_in_one_line(tmp_path: Path, env: dict, named: str) -> None:
    (tmp_path / "ir").mkdir()
    assert_one_error_line(vectorless(tmp_path, env, "mcp", str(tmp_path / "ir")), named)


@pytest.mark.parametrize(("env", "named"), [c for c in BAD if "MCP" not in c[1]])
def test_locate_refuses_a_bad_setting_in_one_line(tmp_path: Path, env: dict, named: str) -> None:
    (tmp_path / "ir").mkdir()
    llm = ["--llm"] if "VECTORLESS_LLM_BASE_URL" in env else []
    done = vectorless(tmp_path, env, "locate", str(tmp_path / "ir"), "question", *llm)
    assert_one_error_line(done, named)


@pytest.mark.parametrize(("env", "named"), [c for c in BAD if "LLM" in c[1]])
@pytest.mark.parametrize("in_process", [True, False])
def test_compile_checks_the_llm_url_before_compiling(
    tmp_path: Path, env: dict, named: str, in_process: bool
) -> None:
    """`http://[::1` failed every document with an unnamed ValueError; `ftp://` meant no LLM."""
    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    argv = ["compile", str(tmp_path / "a.md"), "--out", str(tmp_path / "out")]
    done = vectorless(tmp_path, env, *argv, *(["--in-process"] if in_process else []))
    assert_one_error_line(done, named)
    assert not (tmp_path / "out").exists()


def test_a_lexicon_module_that_raises_is_named_through_the_api(tmp_path: Path, monkeypatch):
    """The Python API says which lexicon failed, not the module's own exception."""
    from vectorless_assets.navigator.lexicons import LexiconError, load_lexicons

    (tmp_path / "raising_lexicon_api.py").write_text(RAISING_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(LexiconError, match="raising_lexicon_api:WORDS.*RuntimeError"):
        load_lexicons("raising_lexicon_api:WORDS")
