"""An LLM outage is visible and heals (issue 11, item 5), through Dagster.

With the endpoint down (500, 429, closed port) every document compiles with fallbacks, and
the IR, its diagnostics and the `document_ir` metadata say so (no model, failures, no
tokens). When the endpoint is back the next compile is not "unchanged": the IR is rebuilt.
The documents sensor requests that rebuild once the endpoint answers a probe.
"""

from __future__ import annotations

import time
from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import Harness
from tests.support.faulty_llm import FaultyLLMServer, closed_port
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.storage import records

BODY = " ".join(
    f"Sentence {i} explains the cache eviction policy and what it costs." for i in range(12)
)
TEXT = f"# Cache\n\n{BODY}\n\n## Eviction\n\n{BODY}\n\n## Sizing\n\n{BODY}\n"
FAST = LLMLimits(
    connect_timeout_s=1.0,
    read_timeout_s=1.0,
    retries=1,
    document_deadline_s=20.0,
    breaker_failures=1000,
    breaker_cooldown_s=60.0,
)


def _client(url: str) -> OpenAICompatibleClient:
    client = OpenAICompatibleClient.with_limits(url, f"fake-{time.monotonic_ns()}", "", FAST)
    client.backoff_s = 0.01
    return client


@pytest.mark.parametrize("fault", ["500", "429", "closed"])
def test_outage_is_recorded_and_the_next_compile_with_a_working_llm_rebuilds(
    tmp_path: Path, fault: str
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "cache.md").write_text(TEXT)
    instance = dg.DagsterInstance.ephemeral()
    kw = {
        "docs_root": docs,
        "ir_dir": tmp_path / "ir",
        "instance": instance,
        "options": CompileOptions(mode="standard"),
    }
    with FaultyLLMServer("ok" if fault == "closed" else fault) as srv:
        url = f"http://127.0.0.1:{closed_port()}/v1" if fault == "closed" else srv.base_url
        client = _client(url)
        [down] = compile_paths([docs / "cache.md"], llm=client, **kw)
        assert down.status == "compiled", down.error
        ir = load_ir(down.ir_path)
        assert ir.meta.processing_model is None and ir.meta.llm_tokens == 0
        assert ir.meta.llm_failures > 0 and ir.meta.llm_failures == ir.meta.llm_calls
        assert any(d.source == "llm" and d.code == "llm-fallback" for d in ir.diagnostics)
        meta = records.latest(
            instance, DOCUMENT_IR, down.partition_key
        ).asset_materialization.metadata
        assert (
            meta["llm_failures"].value == ir.meta.llm_failures and meta["llm_fallbacks"].value > 0
        )
        if fault == "closed":
            return  # nothing listens there: the rebuild is shown with the other faults
        srv.fault = "ok"  # the endpoint is back, the configuration unchanged
        [again] = compile_paths([docs / "cache.md"], llm=client, **kw)
    assert (again.status, again.reason) == ("compiled", "LLM fallbacks")
    healed = load_ir(again.ir_path)
    assert healed.meta.processing_model == client.model and healed.meta.llm_failures == 0
    assert not any(d.source == "llm" for d in healed.diagnostics)
    assert compile_paths([docs / "cache.md"], llm=client, **kw)[0].status == "skipped"


def test_a_degraded_ir_stays_current_without_a_working_llm(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "cache.md").write_text(TEXT)
    kw = {
        "docs_root": docs,
        "ir_dir": tmp_path / "ir",
        "instance": dg.DagsterInstance.ephemeral(),
        "options": CompileOptions(mode="standard"),
    }
    with FaultyLLMServer("500") as srv:
        client = _client(srv.base_url)
        client.breaker_failures = 2  # opens during the first compile
        assert compile_paths([docs / "cache.md"], llm=client, **kw)[0].status == "compiled"
        requests = srv.requests
        # breaker open: not working
        assert compile_paths([docs / "cache.md"], llm=client, **kw)[0].status == "skipped"
        assert srv.requests == requests


def test_the_sensor_rebuilds_degraded_irs_once_the_endpoint_answers(tmp_path: Path) -> None:
    with FaultyLLMServer("500") as srv:
        settings = Settings.create(
            docs_dir=tmp_path / "docs",
            ir_dir=tmp_path / "ir",
            options=CompileOptions(mode="standard", llm_model=f"fake-{time.monotonic_ns()}"),
            llm_base_url=srv.base_url,
            llm_limits=FAST,
        )
        h = Harness(tmp_path, settings)
        h.write("cache.md", TEXT)
        for request in h.tick().run_requests:
            h.launch(request)
        ir = h.ir / f"{key_to_doc_id('cache.md')}.bin"
        assert load_ir(ir).meta.llm_failures > 0
        assert h.tick().run_requests == []  # still down: the probe fails, nothing requested
        srv.fault = "ok"
        from vectorless_assets.llm import guard

        guard._probes.clear()  # the probe answer is remembered a minute; the test does not wait
        [request] = h.tick().run_requests
        h.launch(request)
    healed = load_ir(ir)
    assert (
        healed.meta.llm_failures == 0 and healed.meta.processing_model == settings.options.llm_model
    )
    assert h.tick().run_requests == []
