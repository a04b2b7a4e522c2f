"""Guided locate, odd answers (through the fake OpenAI-compatible server, real HTTP): NaN and
Infinity (which `json.loads` accepts) or booleans name no section and leave the no-LLM hits
instead of failing the search; repeated "open" numbers show each child once; over a folder,
`per_doc` bounds the no-LLM hits the guided search falls back to, as without an LLM."""

from __future__ import annotations

import json
import re

import pytest

from tests.navigator.ranking.test_guided_locate import GUIDE, NOTES
from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.ir import save_ir
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator import Catalog, Locator
from vectorless_assets.navigator.ranking.guided import guided_locate
from vectorless_assets.pipeline.compile import compile_document

QUESTION = "package manager"


@pytest.fixture(scope="module")
def doc():
    return compile_document(GUIDE, name="guide.md", mode="fast")


def client(srv: FakeLLMServer) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)


@pytest.mark.parametrize(
    "answer",
    [
        '{"answer": [NaN], "open": []}',
        '{"answer": [Infinity], "open": [-Infinity]}',
        '{"answer": [true], "open": [false]}',
        '{"answer": [1.5], "open": [0.5]}',
    ],
)
def test_odd_numbers_leave_the_no_llm_hits(doc, answer: str, monkeypatch) -> None:
    monkeypatch.setattr(fake_llm, "answer", lambda prompt: answer)
    plain = [h["node_id"] for h in Locator(doc).locate(QUESTION, k=3)]
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        hits = guided_locate(doc, QUESTION, client(srv), usage, k=3)
    assert [(h["node_id"], h["via"]) for h in hits] == [(n, "locate") for n in plain]
    assert usage.calls == 1


def test_a_section_opened_twice_is_shown_once(doc, monkeypatch) -> None:
    monkeypatch.setattr(fake_llm, "answer", lambda prompt: '{"answer": [], "open": [1, 1, "1"]}')
    with FakeLLMServer() as srv:
        guided_locate(doc, QUESTION, client(srv), LLMUsage(), max_calls=2)
        second = srv.prompts[1]
    shown = re.findall(r"^\d+\. (.+?)(?: \(| \[|:)", second, re.M)
    assert shown and len(shown) == len(set(shown)), second


def test_catalog_fallback_keeps_per_doc(doc, tmp_path) -> None:
    notes = compile_document(NOTES, name="notes.md", mode="fast")
    for d in (doc, notes):
        save_ir(d, tmp_path / f"{d.doc_id}.bin")
    catalog = Catalog(tmp_path)
    plain = catalog.locate("Windows Linux setup program package", k=4, per_doc=1)
    assert len({h["doc_id"] for h in plain}) == len(plain) == 2  # one hit per document
    with FakeLLMServer("500") as srv:
        failed = catalog.locate(
            "Windows Linux setup program package", k=4, per_doc=1, llm=client(srv), usage=LLMUsage()
        )
    assert [(h["doc_id"], h["node_id"]) for h in failed] == [
        (h["doc_id"], h["node_id"]) for h in plain
    ]
    assert json.dumps(failed)  # plain data
