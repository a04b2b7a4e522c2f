"""Parse pass: an LLM confirms PDF headings detected by a narrow margin, through the fake
OpenAI-compatible server (real HTTP) and a PDF written here with reportlab.

The PDF has two 18 pt bold chapter titles (certain) and two body-size bold lines (one weak
signal: uncertain). The model's "not a heading" demotes a line into the text before it,
"heading" keeps it; fast mode, no LLM and Markdown make no structure calls; a failing
server keeps the detector's result; a second compile with the lasting cache asks nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest

from tests.support import fake_llm, pdfs
from tests.support.fake_llm import FakeLLMServer
from tests.support.pdfs import Block, Spec
from vectorless_assets.ir.raw import ParsedDocument, SourceDocument
from vectorless_assets.llm.cache import LLMCache
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import parse
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.compile import compile_document

BODY = [
    "The pump is delivered on a pallet and must be lifted with straps around the casing.",
    "Check the delivery against the packing list and report any damage to the carrier.",
    "Keep the protective covers on the flanges until the piping is connected to the pump.",
    "Store the pump indoors in a dry place when it is not installed within four weeks.",
]
PAGES = [("Installation", "Safety Requirements"), ("Operation", "Daily Checks")]
ASKED = "taken for section headings"
ROW = re.compile(r'^(\d+)\. "(.+?)"', re.M)


def make_pdf() -> bytes:
    """Two pages: a large bold title, two paragraphs, a body-size bold line, a paragraph."""
    body = Block("\n".join(BODY))
    pages = [[Block(title, 1), body, body, Block(weak, bold=True), body] for title, weak in PAGES]
    return pdfs.make_pdf(Spec(pages, outline=False, header=None, footer=False))


PDF = make_pdf()


def judge(not_headings: set[str]) -> Callable[[str], str]:
    """A model calling the listed titles body text and every other one a heading."""

    def answer(prompt: str) -> str:
        if ASKED not in prompt:
            return f"Summary of {len(prompt)} characters."
        rows = {title: int(n) for n, title in ROW.findall(prompt)}
        return json.dumps(
            {
                "headings": [n for t, n in rows.items() if t not in not_headings],
                "not_headings": [n for t, n in rows.items() if t in not_headings],
            }
        )

    return answer


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as srv:
        yield srv


def client(srv: FakeLLMServer) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)


def run_parse(
    mode: str,
    llm: OpenAICompatibleClient | None,
    data: bytes = PDF,
    name: str = "pump.pdf",
    **options: object,
) -> tuple[ParsedDocument, PassContext]:
    ctx = PassContext(options=CompileOptions(mode=mode, **options), llm=llm)  # type: ignore[arg-type]
    return parse.run(source=SourceDocument(key=name, data=data), ctx=ctx), ctx


def titles(parsed: ParsedDocument) -> list[str]:
    return [n.title for n in parsed.raw_nodes]


def structure_calls(srv: FakeLLMServer) -> int:
    return sum(ASKED in p for p in srv.prompts)


def test_the_detector_marks_only_the_weak_headings() -> None:
    parsed, _ = run_parse("fast", None)
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation", "Daily Checks"]
    assert [n.uncertain for n in parsed.raw_nodes] == [False, True, False, True]


def test_not_a_heading_demotes_it_and_heading_keeps_it(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Safety Requirements"}))
    parsed, ctx = run_parse("standard", client(server))
    assert titles(parsed) == ["Installation", "Operation", "Daily Checks"]
    installation = parsed.raw_nodes[0]
    assert (
        "\nSafety Requirements\n" in installation.content
        and installation.content.count(BODY[0]) == 3
    )
    assert ctx.usage.calls == server.requests == structure_calls(server) == 1
    prompt = server.prompts[0]
    assert '"Safety Requirements" (page 1)' in prompt and f'followed by: "{BODY[0]}"' in prompt
    # not the certain ones
    assert [t for _, t in ROW.findall(prompt)] == ["Safety Requirements", "Daily Checks"]
    assert any(
        d.code == "pdf_heading_check" and d.message.startswith("1 of 2") for d in parsed.diagnostics
    )


def test_deep_mode_asks_too_and_a_confirmed_heading_stays(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge(set()))
    parsed, ctx = run_parse("deep", client(server))
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation", "Daily Checks"]
    assert ctx.usage.calls == 1


def test_calls_are_bounded_by_the_option(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Safety Requirements"}))
    parsed, ctx = run_parse("standard", client(server), structure_llm_calls=0)
    assert server.requests == ctx.usage.calls == 0 and "Safety Requirements" in titles(parsed)


def test_fast_mode_and_no_llm_never_ask(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Safety Requirements", "Daily Checks"}))
    detector, _ = run_parse("fast", None)
    fast, ctx = run_parse("fast", client(server))
    plain, _ = run_parse("standard", None)
    assert server.requests == ctx.usage.calls == 0
    assert (
        titles(fast)
        == titles(plain)
        == titles(detector)
        == ["Installation", "Safety Requirements", "Operation", "Daily Checks"]
    )


def test_markdown_makes_no_structure_calls(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Setup"}))
    parsed, ctx = run_parse(
        "deep", client(server), data=b"# Guide\n\ntext\n\n## Setup\n\nmore\n", name="guide.md"
    )
    assert titles(parsed) == ["Guide", "Setup"] and server.requests == ctx.usage.calls == 0


def test_a_failing_server_keeps_the_detector_result(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Safety Requirements"}))
    server.fault = "500"
    parsed, ctx = run_parse("standard", client(server))
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation", "Daily Checks"]
    assert ctx.usage.calls == ctx.usage.failures == 1


def test_an_unusable_answer_keeps_the_detector_result(server: FakeLLMServer) -> None:
    parsed, ctx = run_parse("standard", client(server))  # the default fake answers prose
    assert titles(parsed) == ["Installation", "Safety Requirements", "Operation", "Daily Checks"]
    assert ctx.usage.calls == 1 and any("unusable" in d.message for d in parsed.diagnostics)


def test_compile_counts_failures_and_the_lasting_cache_answers_the_second_compile(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setattr(fake_llm, "answer", judge({"Daily Checks"}))
    cache = LLMCache(tmp_path / "llm.sqlite")
    doc = compile_document(
        PDF, name="pump.pdf", mode="standard", llm=client(server), llm_cache=cache
    )
    assert [n.title for n in doc.tree.nodes[1:]] == [
        "Installation",
        "Safety Requirements",
        "Operation",
    ]
    assert structure_calls(server) == 1 and doc.meta.llm_calls == server.requests
    before = server.requests
    again = compile_document(
        PDF, name="pump.pdf", mode="standard", llm=client(server), llm_cache=cache, force=True
    )
    # every usable answer comes from the cache; the synonyms prompt's prose answer ("Summary
    # of ...") cannot be parsed, so it was not kept and is asked again (issue 25 item 7)
    asked_again = server.prompts[before:]
    assert again.meta.llm_calls == len(asked_again) == 1 and again.meta.llm_cache_hits >= 1
    assert structure_calls(server) == 1 and "synonyms" in asked_again[0]
    assert [n.title for n in again.tree.nodes] == [n.title for n in doc.tree.nodes]
    server.fault = "500"
    failed = compile_document(PDF, name="pump.pdf", mode="standard", llm=client(server))
    assert "Daily Checks" in [n.title for n in failed.tree.nodes] and failed.meta.llm_failures >= 1
