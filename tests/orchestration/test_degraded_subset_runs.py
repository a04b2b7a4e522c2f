"""An IR built with a failed LLM call stays degraded through Dagster runs that do not redo that
call.

Deep mode, a real SQLite instance and the fake LLM server over HTTP, whose concept answers
are empty (a failed call, counted in the usage) while every other call is answered: no node
of the tree is a fallback, so the degradation is known only from the compile's LLM counts.
Changing `overlap_threshold` then makes the planner select only `content_overlap` and
`document_ir` (or a user materializes just those, or the batched recompile job runs): the
IR assembled by such a run must still say degraded (IR meta, `document_ir` metadata), so
that once the model answers the concept prompt the planner asks for a redo ("LLM fallbacks").
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pytest

import tests.support.fake_llm as fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.llm.guard import LLMLimits
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, DOCUMENT_IR, RECOMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage import records

PK = "cache.md"
BODY = " ".join(
    f"Sentence {i} explains the cache eviction policy and what it costs." for i in range(12)
)
TEXT = f"# Cache\n\n{BODY}\n\n## Eviction\n\n{BODY}\n\n## Sizing\n\n{BODY}\n"
FAST = LLMLimits(
    connect_timeout_s=1.0,
    read_timeout_s=1.0,
    retries=0,
    document_deadline_s=20.0,
    breaker_failures=1000,
    breaker_cooldown_s=60.0,
)
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
DEEP = CompileOptions(mode="deep")
CHANGED = CompileOptions(mode="deep", overlap_threshold=0.6)


class Concepts:
    """Whether the fake server answers the concept prompt (else an empty answer: a failure)."""

    answered = False


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLLMServer]:
    original = fake_llm.answer

    def answer(prompt: str) -> str:
        if not Concepts.answered and _is_concept_prompt(prompt):
            return ""
        return original(prompt)

    Concepts.answered = False
    monkeypatch.setattr(fake_llm, "answer", answer)
    with FakeLLMServer() as srv:
        yield srv


def _client(url: str) -> OpenAICompatibleClient:
    return OpenAICompatibleClient.with_limits(url, f"fake-{time.monotonic_ns()}", "", FAST)


def _ir(tmp_path: Path) -> Document:
    return load_ir(tmp_path / "ir" / f"{key_to_doc_id(PK)}.bin")


def _degraded_compile(
    tmp_path: Path, client: OpenAICompatibleClient
) -> tuple[dict, dg.DagsterInstance]:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / PK).write_text(TEXT)
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir", "instance": instance, "llm": client}
    [first] = compile_paths([docs / PK], options=DEEP, **kw)
    assert first.status == "compiled", first.error
    ir = _ir(tmp_path)
    # only the concept call failed
    assert ir.meta.llm_failures == 1 and ir.meta.llm_fallback_nodes == 0
    assert all(c.source == "keywords" for c in ir.concepts)  # the keyword fallback
    assert records.stored_ir(instance, PK).llm_degraded
    return kw, instance


def _degraded_then_changed(
    tmp_path: Path, server: FakeLLMServer
) -> tuple[dict, dg.DagsterInstance, Settings]:
    """A degraded compile, then the settings with the changed option (and the same model)."""
    client = _client(server.base_url)
    kw, instance = _degraded_compile(tmp_path, client)
    settings = Settings.create(
        docs_dir=kw["docs_root"],
        ir_dir=kw["ir_dir"],
        options=CHANGED.model_copy(update={"llm_model": client.model}),
        llm_base_url=server.base_url,
        llm_limits=FAST,
    )
    return kw, instance, settings


def _still_degraded(tmp_path: Path, instance: dg.DagsterInstance) -> None:
    ir = _ir(tmp_path)
    assert ir.meta.llm_failures + ir.meta.llm_skipped > 0, ir.meta
    assert any(d.source == "llm" and d.code == "llm-fallback" for d in ir.diagnostics)
    assert records.stored_ir(instance, PK).llm_degraded, records.latest(
        instance, DOCUMENT_IR, PK
    ).asset_materialization.metadata


def _is_concept_prompt(prompt: str) -> bool:
    return "concept" in prompt.lower() and "json" in prompt.lower()


def _healed_by_the_planner(
    tmp_path: Path, kw: dict, options: CompileOptions, srv: FakeLLMServer
) -> None:
    Concepts.answered = True
    answered = len(srv.prompts)
    [again] = compile_paths([Path(kw["docs_root"]) / PK], options=options, **kw)
    assert (again.status, again.reason) == ("compiled", "LLM fallbacks"), again
    # the failed call was made again
    assert any(_is_concept_prompt(p) for p in srv.prompts[answered:])
    healed = _ir(tmp_path)
    assert healed.meta.llm_failures == 0 and healed.meta.llm_skipped == 0
    assert not any(d.source == "llm" for d in healed.diagnostics)
    assert compile_paths([Path(kw["docs_root"]) / PK], options=options, **kw)[0].status == "skipped"


def test_a_planned_subset_run_keeps_the_degradation_and_the_redo_follows(
    tmp_path: Path, server: FakeLLMServer
) -> None:
    client = _client(server.base_url)
    kw, instance = _degraded_compile(tmp_path, client)
    [subset] = compile_paths([tmp_path / "docs" / PK], options=CHANGED, **kw)
    assert subset.status == "compiled", subset.error
    assert (
        subset.reason.startswith("logic changed")
        and "concepts" not in subset.assets
        and "content_overlap" in subset.assets
    )
    _still_degraded(tmp_path, instance)
    _healed_by_the_planner(tmp_path, kw, CHANGED, server)
    instance.dispose()


def test_a_hand_picked_subset_materialization_keeps_the_degradation(
    tmp_path: Path, server: FakeLLMServer
) -> None:
    kw, instance, settings = _degraded_then_changed(tmp_path, server)
    job = build_defs(settings).resolve_job_def(COMPILE_JOB)
    run = job.execute_in_process(
        instance=instance,
        partition_key=PK,
        asset_selection=[dg.AssetKey("content_overlap"), dg.AssetKey(DOCUMENT_IR)],
        run_config=QUIET,
        raise_on_error=False,
    )
    assert run.success, [e.message for e in run.all_events if e.is_failure]
    assert _ir(tmp_path).meta.llm_calls == 0  # no LLM pass ran
    _still_degraded(tmp_path, instance)
    _healed_by_the_planner(tmp_path, kw, CHANGED, server)
    instance.dispose()


def test_a_batched_recompile_keeps_the_degradation(tmp_path: Path, server: FakeLLMServer) -> None:
    kw, instance, settings = _degraded_then_changed(tmp_path, server)
    request = batch_request([PK], run_key=None)
    run = (
        build_defs(settings)
        .resolve_job_def(RECOMPILE_JOB)
        .execute_in_process(
            instance=instance, run_config={**request.run_config, **QUIET}, raise_on_error=False
        )
    )
    assert run.success, [e.message for e in run.all_events if e.is_failure]
    assert (
        "overlap" in _ir(tmp_path).meta.pass_durations_ms
        and "concept" not in _ir(tmp_path).meta.pass_durations_ms
    )
    _still_degraded(tmp_path, instance)
    _healed_by_the_planner(tmp_path, kw, CHANGED, server)
    instance.dispose()
