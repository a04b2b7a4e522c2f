"""`vectorless compile` (through Dagster) honours the environment's LLM cache file and LLM
concurrency, as `--in-process` always did: a subprocess against the fake OpenAI-compatible
server over real HTTP."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.fake_llm import FakeLLMServer

REPO = Path(__file__).resolve().parents[2]

DOC = "# Guide\n\n" + "\n\n".join(
    f"## Part {i}\n\n"
    + " ".join(f"Step {i}.{j} tightens bolt {j} on panel {i}." for j in range(30))
    for i in range(6)
)


def compile_with(tmp_path: Path, base_url: str, **env: str) -> subprocess.CompletedProcess[str]:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "guide.md").write_text(DOC)
    run_env = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_")}
    run_env |= {
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
        "DAGSTER_HOME": str(tmp_path / "home"),
        "VECTORLESS_LLM_BASE_URL": base_url,
        "VECTORLESS_LLM_MODEL": "fake",
        "VECTORLESS_LLM_RETRIES": "0",
        "VECTORLESS_MODE": "deep",
        **env,
    }
    (tmp_path / "home").mkdir(exist_ok=True)
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    argv = ["compile", str(docs), "--out", str(tmp_path / "ir")]
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        env=run_env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_compile_uses_the_llm_cache_file_and_concurrency_of_the_environment(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "elsewhere" / "answers.sqlite"
    with FakeLLMServer() as srv:
        srv.delay_s = 0.05  # answers overlap when several calls are in flight
        done = compile_with(
            tmp_path,
            srv.base_url,
            VECTORLESS_LLM_CACHE=str(cache),
            VECTORLESS_LLM_CONCURRENCY="1",
        )
        assert done.returncode == 0, done.stderr
        assert srv.requests > 1
        assert srv.max_in_flight == 1
    assert cache.is_file()
    assert not (tmp_path / "ir" / ".cache" / "llm.sqlite").exists()
