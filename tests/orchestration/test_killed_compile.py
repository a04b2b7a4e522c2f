"""Issue 35, item 2: `kill -9` of a compile during its first document leaves no lock behind.

The worker pool was forked while the compile held that document's `flock`; after `kill -9`
the workers lived on (here: waiting for an LLM answer that never comes) with the lock, and
every later compile of that folder hung. Real processes: `vectorless compile` through
Dagster with two workers, SIGKILLed once its first LLM request is in flight; its workers
must be gone within seconds and a rerun must complete.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.support.fake_llm import FakeLLMServer
from tests.support.processes import alive, children_of

TEXT = "# Part {i}\n\n{body}\n\n## Detail\n\n{body}\n"


def _env(tmp_path: Path, base_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_")}
    env.update(
        DAGSTER_HOME=str(tmp_path / "home"),
        VECTORLESS_LLM_BASE_URL=base_url,
        VECTORLESS_LLM_MODEL="fake-model",
        VECTORLESS_LLM_READ_TIMEOUT="300",
        VECTORLESS_LLM_RETRIES="0",
        VECTORLESS_LLM_DOCUMENT_DEADLINE="300",
        VECTORLESS_WORKERS="2",
        VECTORLESS_MODE="standard",  # the mode Dagster compiles in: --mode may only repeat it
    )
    return env


def _compile(tmp_path: Path) -> list[str]:
    vectorless = Path(sys.executable).with_name("vectorless")
    docs, ir = tmp_path / "docs", tmp_path / "ir"
    return [str(vectorless), "compile", str(docs), "--out", str(ir), "--mode", "standard", "-q"]


def test_a_compile_killed_in_its_first_document_leaves_no_lock(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(3):
        body = " ".join(f"Sentence {j} of part {i} explains the cost." for j in range(6))
        (docs / f"d{i}.md").write_text(TEXT.format(i=i, body=body))
    with FakeLLMServer("hang") as srv:
        env = _env(tmp_path, srv.base_url)
        first = subprocess.Popen(_compile(tmp_path), env=env, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 300  # a loaded machine: start-up may take long
        while srv.requests == 0:  # a worker is computing the first document
            assert first.poll() is None and time.monotonic() < deadline, "no LLM request came"
            time.sleep(0.05)
        workers = children_of(first.pid)
        assert workers, "the compile forked no worker"
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        srv.fault = "ok"  # the requests in flight stay unanswered; new ones are answered
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        survivors = [pid for pid in workers if alive(pid)]
        for pid in survivors:  # never leave them to the next test
            os.kill(pid, signal.SIGKILL)
        assert not survivors, "pool workers outlived the killed compile"
        t0 = time.monotonic()
        rerun = subprocess.run(
            _compile(tmp_path), env=env, capture_output=True, text=True, timeout=120
        )
        seconds = time.monotonic() - t0
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    assert sorted(p.suffix for p in (tmp_path / "ir").glob("*.bin")) == [".bin"] * 3
    print(f"rerun after kill -9: {seconds:.1f} s")
