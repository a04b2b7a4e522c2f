"""Issue 35, item 4: one SIGKILLed pool worker fails its own document, not the whole run.

Before, `kill -9` of one worker process (what the OOM killer does) broke the
`ProcessPoolExecutor`: every pending document of the run failed with `BrokenProcessPool`
and none was named as the cause. Real processes: a run with two forked workers, the worker
computing `a-poison.md` (its LLM request is never answered) is found by its socket and killed.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import dagster as dg

from tests.support.fake_llm import FakeLLMServer
from tests.support.processes import alive, children_of, pid_of_client
from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.compile_paths import compile_paths

LIMITS = LLMLimits(
    connect_timeout_s=30.0,
    read_timeout_s=600.0,
    retries=0,
    document_deadline_s=600.0,
    breaker_failures=1000,
    breaker_cooldown_s=60.0,
)


def _text(i: int, word: str = "") -> str:
    body = " ".join(f"Sentence {j} of part {i} says {word} what it costs." for j in range(6))
    return f"# Part {i}\n\n{body}\n\n## Detail\n\n{body}\n"


def _kill_the_poisoned_worker(srv: FakeLLMServer, killed: list[int]) -> None:
    deadline = time.monotonic() + 300  # a loaded machine: the run's set-up may take long
    while time.monotonic() < deadline:
        if srv.hung_clients:
            port = srv.hung_clients[0][1]
            pid = pid_of_client(port, children_of(os.getpid()))
            if pid is not None:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
        time.sleep(0.05)


def test_a_killed_worker_fails_its_document_only(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a-poison.md").write_text(_text(0, "POISON"))
    names = [f"b{i}.md" for i in range(5)]
    for i, name in enumerate(names, start=1):
        (docs / name).write_text(_text(i))
    killed: list[int] = []
    with FakeLLMServer() as srv:
        srv.delay_s, srv.hang_on = 0.05, "POISON"
        client = OpenAICompatibleClient.with_limits(srv.base_url, "fake-model", "", LIMITS)
        killer = threading.Thread(target=_kill_the_poisoned_worker, args=(srv, killed))
        killer.start()
        results = compile_paths(
            [docs / "a-poison.md", *(docs / n for n in names)],
            docs_root=docs,
            ir_dir=tmp_path / "ir",
            instance=dg.DagsterInstance.ephemeral(),
            options=CompileOptions(mode="standard"),
            llm=client,
            workers=2,
        )
        killer.join()
    shown = [(r.document_key, r.status, r.error) for r in results]
    assert killed and not alive(killed[0]), (srv.hung_clients, shown)
    by_key = {r.document_key: r for r in results}
    poisoned = by_key.pop("a-poison.md")
    assert poisoned.status == "failed", shown
    assert "worker process computing it died (killed by SIGKILL)" in (poisoned.error or ""), shown
    assert {k: r.status for k, r in by_key.items()} == dict.fromkeys(names, "compiled"), shown
    assert all(Path(r.ir_path or "").is_file() for r in by_key.values())
