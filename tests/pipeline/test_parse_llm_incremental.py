"""The parse pass as an LLM pass in incremental compiles (fake OpenAI-compatible server, real
HTTP; the reportlab PDF of `tests.passes.parse.test_parse_llm`): an IR whose heading check failed
is degraded, and the next compile with a working model redoes it (the rejected heading is
demoted, the IR no longer degraded, a third compile skips); `structure_llm_calls` and the
model are part of parse's code version only, so changing them recompiles parse and reuses
the passes whose inputs did not change."""

from __future__ import annotations

import pytest

from tests.passes.parse.test_parse_llm import PDF, client, judge
from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document
from vectorless_assets.pipeline.table import TABLE


def titles(doc) -> list[str]:
    return [n.title for n in doc.tree.nodes]


def test_a_failed_heading_check_is_redone_when_the_model_works(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Daily Checks"}))
    with FakeLLMServer("500") as down:  # its own endpoint: its open breaker stays there
        failed = compile_document(PDF, name="pump.pdf", mode="standard", llm=client(down))
    assert "Daily Checks" in titles(failed) and failed.meta.llm_failures >= 1
    with FakeLLMServer() as up:
        again = compile_document(
            PDF, name="pump.pdf", mode="standard", llm=client(up), previous=failed
        )
        assert (again.meta.action, again.meta.action_reason) == (
            "incremental",
            "LLM fallbacks to redo",
        )
        assert "Daily Checks" not in titles(again)
        assert again.meta.llm_failures == again.meta.llm_skipped == 0
        third = compile_document(
            PDF, name="pump.pdf", mode="standard", llm=client(up), previous=again
        )
        assert third.meta.action == "skip"


def test_structure_llm_calls_changes_parse_only() -> None:
    base = CompileOptions(mode="standard", llm_model="m")  # the budget counts with a model only
    other = base.model_copy(update={"structure_llm_calls": 1})
    before, after = TABLE.code_versions(base), TABLE.code_versions(other)
    assert [name for name in before if before[name] != after[name]] == ["parse"]
    model_a = TABLE.code_versions(base.model_copy(update={"llm_model": "a"}))
    model_b = TABLE.code_versions(base.model_copy(update={"llm_model": "b"}))
    assert model_a["parse"] != model_b["parse"]


def test_changing_structure_llm_calls_reuses_what_parse_did_not_change() -> None:
    with FakeLLMServer() as srv:  # the default fake answers prose: headings kept
        first = compile_document(PDF, name="pump.pdf", mode="standard", llm=client(srv))
        options = CompileOptions(mode="standard", structure_llm_calls=1)
        again = compile_document(
            PDF, name="pump.pdf", options=options, llm=client(srv), previous=first
        )
    assert (again.meta.action, again.meta.action_reason) == (
        "incremental",
        "logic changed: parse",
    )
    assert titles(again) == titles(first) and "reasoning" in again.meta.reused_passes
    assert again.meta.llm_calls == 1  # the heading check only: enhance reuses every node
