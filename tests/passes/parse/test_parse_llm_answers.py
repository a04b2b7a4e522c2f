"""Parse pass, odd answers to the heading check (through the fake OpenAI-compatible server,
real HTTP, the reportlab PDF of `test_parse_llm`): NaN or Infinity (which `json.loads`
accepts) keep the detector's result instead of failing the document, a JSON `true` is not
item 1, a fraction names no item, and a number written as a string still counts."""

from __future__ import annotations

import pytest

from tests.passes.parse.test_parse_llm import client, run_parse, titles
from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer

DETECTED = ["Installation", "Safety Requirements", "Operation", "Daily Checks"]


@pytest.mark.parametrize(
    "answer",
    [
        '{"headings": [], "not_headings": [NaN]}',
        '{"headings": [Infinity], "not_headings": [-Infinity]}',
        '{"headings": [], "not_headings": [true]}',
        '{"headings": [], "not_headings": [1.5, -1, 0, 3]}',
    ],
)
def test_odd_numbers_keep_the_detector_result(answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fake_llm, "answer", lambda prompt: answer)
    with FakeLLMServer() as srv:
        parsed, ctx = run_parse("standard", client(srv))
    assert titles(parsed) == DETECTED and ctx.usage.calls == 1


def test_a_number_as_a_string_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        fake_llm, "answer", lambda prompt: '{"headings": ["1"], "not_headings": ["2"]}'
    )
    with FakeLLMServer() as srv:
        parsed, _ = run_parse("standard", client(srv))
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation"]


def test_batches_beyond_the_budget_are_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from vectorless_assets.passes.parse import structure_llm

    monkeypatch.setattr(structure_llm, "BATCH", 1)  # two uncertain headings: two batches
    monkeypatch.setattr(fake_llm, "answer", lambda prompt: '{"headings": [], "not_headings": [1]}')
    with FakeLLMServer() as srv:
        parsed, ctx = run_parse("standard", client(srv), structure_llm_calls=1)
        assert srv.requests == ctx.usage.calls == 1
    assert titles(parsed) == ["Installation", "Operation", "Daily Checks"]  # the first only
    note = next(d.message for d in parsed.diagnostics if d.code == "pdf_heading_check")
    assert note.startswith("1 of 1 ") and "1 not asked" in note
    with FakeLLMServer() as srv:
        parsed, ctx = run_parse("standard", client(srv), structure_llm_calls=5)
        assert srv.requests == ctx.usage.calls == 2
    assert titles(parsed) == ["Installation", "Operation"]


def test_levels_of_uncertain_headings_are_confirmed_in_the_same_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []

    def answer(prompt: str) -> str:
        seen.append(prompt)  # item 1: "Safety Requirements", 2: "Daily Checks"
        return '{"headings": [1, 2], "not_headings": [], "levels": {"1": 3, "2": true, "9": 1}}'

    monkeypatch.setattr(fake_llm, "answer", answer)
    with FakeLLMServer() as srv:
        before, _ = run_parse("fast", None)
        parsed, ctx = run_parse("standard", client(srv))
    assert ctx.usage.calls == 1  # the level check costs no call of its own
    assert 'the heading before it: "Installation" (level 1)' in seen[0]
    levels = {n.title: (n.level, n.level_source) for n in parsed.raw_nodes}
    old = {n.title: n.level for n in before.raw_nodes}
    assert levels["Safety Requirements"] == (3, "llm")
    assert levels["Daily Checks"][0] == old["Daily Checks"]  # `true` is no level; 9 no item
    note = next(d.message for d in parsed.diagnostics if d.code == "pdf_heading_check")
    assert "1 moved to another level" in note


def test_a_demoted_heading_takes_no_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        fake_llm,
        "answer",
        lambda prompt: '{"headings": [1], "not_headings": [2], "levels": {"2": 1}}',
    )
    with FakeLLMServer() as srv:
        parsed, _ = run_parse("standard", client(srv))
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation"]
    assert all(n.level_source != "llm" for n in parsed.raw_nodes)
