"""LLM work is bounded (issue 11, item 4): timeouts, one retry layer, a per-document
deadline and a circuit breaker, against a real misbehaving HTTP server."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest

from tests.support.faulty_llm import FaultyLLMServer, closed_port
from vectorless_assets.environment import Environment
from vectorless_assets.llm import LLMError
from vectorless_assets.llm.ask import ask
from vectorless_assets.llm.guard import Breaker, CallBudget, LLMLimits, call_budget
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.compile import compile_document


def _client(url: str, **kw: float) -> OpenAICompatibleClient:
    limits = {
        "connect_timeout_s": 1.0,
        "read_timeout_s": 0.3,
        "retries": 2,
        "document_deadline_s": 30.0,
        "breaker_failures": 1000,
        "breaker_cooldown_s": 60.0,
        **kw,
    }
    client = OpenAICompatibleClient.with_limits(
        url, f"model-{time.monotonic_ns()}", "", LLMLimits(**limits)
    )  # type: ignore[arg-type]
    client.backoff_s = 0.01
    return client


@pytest.mark.parametrize(
    ("fault", "attempts"), [("500", 3), ("429", 3), ("malformed", 3), ("hang", 3)]
)
def test_transient_faults_are_retried_by_the_client_only(fault: str, attempts: int) -> None:
    with FaultyLLMServer(fault) as srv:
        usage = LLMUsage()
        t0 = time.monotonic()
        assert (
            ask(_client(srv.base_url), usage, "Summarise this text please", max_tokens=20) is None
        )
        elapsed = time.monotonic() - t0
    assert (
        srv.requests == attempts
        and usage.calls == 1
        and usage.failures == 1
        and usage.retries == attempts - 1
    )
    assert usage.tokens == 0, "a call that was never answered uses no tokens"
    assert elapsed < 3 * 0.3 + 1.0  # hang: three read timeouts of 0.3 s


def test_connect_and_read_timeouts_are_separate() -> None:
    with FaultyLLMServer("slow", delay=0.6) as srv:
        slow_reader = _client(srv.base_url, read_timeout_s=2.0, connect_timeout_s=0.05, retries=0)
        # a short connect timeout does not cut the answer
        assert slow_reader.complete("hello there")
        impatient = _client(srv.base_url, read_timeout_s=0.2, connect_timeout_s=5.0, retries=0)
        with pytest.raises(LLMError, match="timed out"):
            impatient.complete("hello there")
    refused = _client(f"http://127.0.0.1:{closed_port()}/v1", retries=0)
    with pytest.raises(LLMError, match="Connection"):
        refused.complete("hi")


def test_the_budget_cuts_retries_and_timeouts() -> None:
    with FaultyLLMServer("hang") as srv:
        client = _client(srv.base_url, read_timeout_s=5.0, retries=5)
        token = call_budget.set(CallBudget(deadline=time.monotonic() + 0.4))
        t0 = time.monotonic()
        try:
            with pytest.raises(LLMError):
                client.complete("hi")
        finally:
            call_budget.reset(token)
        assert time.monotonic() - t0 < 1.0 and srv.requests == 1


def _long_doc(tmp_path: Path, sections: int = 40) -> Path:
    body = " ".join(
        f"Sentence {i} describes the replication log, its checkpoints and recovery."
        for i in range(14)
    )
    path = tmp_path / "long.md"
    path.write_text(
        "# Manual\n\n" + "".join(f"## Section {i}\n\n{body} Part {i}.\n\n" for i in range(sections))
    )
    return path


def test_a_hung_endpoint_costs_at_most_the_document_deadline(tmp_path: Path) -> None:
    doc_path = _long_doc(tmp_path)
    with FaultyLLMServer("hang") as srv:
        client = _client(srv.base_url, read_timeout_s=0.25, document_deadline_s=1.0)
        t0 = time.monotonic()
        doc = compile_document(
            doc_path,
            options=CompileOptions(mode="deep"),
            root=tmp_path,
            llm=client,
            llm_concurrency=1,
        )
        elapsed = time.monotonic() - t0
    meta = doc.meta
    assert elapsed < 1.0 + 0.25 + 3.0, elapsed  # deadline + one read timeout + the LLM-free compile
    assert meta.processing_model is None and meta.llm_skipped > 0 and meta.llm_failures >= 1
    assert meta.llm_tokens == 0 and meta.llm_fallback_nodes > 0
    [diag] = [d for d in doc.diagnostics if d.source == "llm"]
    assert "deadline reached" in diag.message and diag.severity == "warning"


def test_the_breaker_stops_calls_for_the_rest_of_the_document_and_the_next_ones(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # exact counts with one call at a time (llm_concurrency=1): with concurrent calls, those
    # already in flight when the breaker opens still finish (at most concurrency - 1 more)
    doc_path = _long_doc(tmp_path, 12)
    with FaultyLLMServer("500") as srv:
        client = _client(srv.base_url, retries=0, breaker_failures=3, breaker_cooldown_s=2.0)
        with caplog.at_level(logging.WARNING, logger="vectorless_assets.llm.guard"):
            first = compile_document(
                doc_path,
                options=CompileOptions(mode="deep"),
                root=tmp_path,
                llm=client,
                llm_concurrency=1,
            )
            calls = srv.requests
            second = compile_document(
                doc_path,
                options=CompileOptions(mode="deep"),
                root=tmp_path,
                llm=client,
                llm_concurrency=1,
            )
        assert calls == 3 and srv.requests == 3, "no call once the breaker is open"
        assert first.meta.llm_failures == 3 and first.meta.llm_skipped > 0
        assert second.meta.llm_calls == 0 and second.meta.llm_skipped > 0
        assert len([r for r in caplog.records if "in a row" in r.getMessage()]) == 1, "said once"
        srv.fault = "ok"
        time.sleep(2.1)  # the cooldown passes: one probe call, which succeeds, closes the breaker
        third = compile_document(
            doc_path,
            options=CompileOptions(mode="deep"),
            root=tmp_path,
            llm=client,
            llm_concurrency=1,
        )
    assert (
        third.meta.llm_failures == 0
        and third.meta.llm_skipped == 0
        and third.meta.processing_model == client.model
    )
    assert not [d for d in third.diagnostics if d.source == "llm"]


def test_an_open_breaker_lets_exactly_one_concurrent_probe_through() -> None:
    breaker = Breaker(failures=2, cooldown_s=0.05)
    assert not breaker.failure() and breaker.failure()  # the second failure opens it
    assert breaker.is_open and not breaker.allow()
    time.sleep(0.06)
    barrier, allowed = threading.Barrier(16), []
    lock = threading.Lock()

    def caller() -> None:
        barrier.wait()
        ok = breaker.allow()
        with lock:
            allowed.append(ok)

    threads = [threading.Thread(target=caller) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert allowed.count(True) == 1
    # a failed probe: another cooldown, not "opened" again
    assert not breaker.failure() and breaker.is_open
    time.sleep(0.06)
    assert breaker.allow()
    breaker.success()
    assert not breaker.is_open and breaker.allow() and breaker.allow()


def test_limits_come_from_the_environment() -> None:
    env = {
        "VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:1/v1",
        "VECTORLESS_LLM_MODEL": "m",
        "VECTORLESS_LLM_CONNECT_TIMEOUT": "3",
        "VECTORLESS_LLM_READ_TIMEOUT": "7.5",
        "VECTORLESS_LLM_RETRIES": "0",
        "VECTORLESS_LLM_DOCUMENT_DEADLINE": "30",
        "VECTORLESS_LLM_BREAKER_FAILURES": "4",
        "VECTORLESS_LLM_BREAKER_COOLDOWN": "9",
    }
    client = Environment.read(env).llm_client()
    assert client.limits == LLMLimits(3.0, 7.5, 0, 30.0, 4, 9.0)
    with pytest.raises(ValueError, match="VECTORLESS_LLM_READ_TIMEOUT"):
        LLMLimits.from_env({"VECTORLESS_LLM_READ_TIMEOUT": "soon"})
    for bad in ("nan", "inf", "-1", "0"):  # (NaN compares false both ways: checked apart)
        with pytest.raises(
            ValueError, match="VECTORLESS_LLM_DOCUMENT_DEADLINE must be a finite positive"
        ):
            LLMLimits.from_env({"VECTORLESS_LLM_DOCUMENT_DEADLINE": bad})
    with pytest.raises(ValueError, match="VECTORLESS_LLM_RETRIES must be 0 or more"):
        LLMLimits.from_env({"VECTORLESS_LLM_RETRIES": "-1"})
    assert LLMLimits.from_env({"VECTORLESS_LLM_RETRIES": "0"}).retries == 0
    from vectorless_assets.orchestration.base.settings import Settings
    from vectorless_assets.orchestration.definitions import build_defs

    resource = build_defs(Settings.from_env(env)).resources["llm"]
    assert resource.client().limits == client.limits


def test_a_pass_context_counts_its_own_document_only() -> None:
    """The deadline and the counts live in the document's usage: a new document starts afresh."""
    with FaultyLLMServer("hang") as srv:
        client = _client(srv.base_url, read_timeout_s=0.2, retries=0, document_deadline_s=0.3)
        first = PassContext(llm=client)
        for _ in range(3):
            ask(first.llm, first.usage, "prompt", max_tokens=5)
        second = PassContext(llm=client)
        ask(second.llm, second.usage, "prompt", max_tokens=5)
    assert first.usage.skipped >= 1 and second.usage.calls == 1 and second.usage.skipped == 0
