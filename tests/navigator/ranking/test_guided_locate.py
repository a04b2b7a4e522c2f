"""LLM-guided locate over the table of contents, through the fake OpenAI-compatible server
(real HTTP): it descends where the model says, stays within its call budget, counts calls,
and falls back to the no-LLM `locate` without a usable answer. Behaviour, not quality."""

from __future__ import annotations

import json
import re

import pytest

from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator import Locator
from vectorless_assets.navigator.ranking.guided import guided_locate
from vectorless_assets.pipeline.compile import compile_document

GUIDE = b"""# Guide

Welcome to the tool.

## Installation

Install it with the package installer before anything else.

### Windows

Run the setup program and accept the defaults.

### Linux

Use apt and the distribution package manager.

## Usage

Run the tool every day and read its report.
"""
QUESTION = "How do I set it up on a Microsoft desktop?"
OPTION = re.compile(r"^(\d+)\. (.+?)(?: \(pages| \[|:)", re.M)


def options(prompt: str) -> dict[str, int]:
    return {m.group(2): int(m.group(1)) for m in OPTION.finditer(prompt)}


def navigator_model(prompt: str) -> str:
    """Opens 'Guide' and 'Installation', answers 'Windows'."""
    seen = options(prompt)
    return json.dumps(
        {
            "answer": [seen[t] for t in ("Windows",) if t in seen],
            "open": [seen[t] for t in ("Guide", "Installation") if t in seen],
        }
    )


@pytest.fixture
def doc():
    return compile_document(GUIDE, name="guide.md", mode="fast")


def client(srv: FakeLLMServer) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)


def test_descends_where_the_model_says_and_counts_calls(doc, monkeypatch) -> None:
    monkeypatch.setattr(fake_llm, "answer", navigator_model)
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        hits = guided_locate(doc, QUESTION, client(srv), usage, k=3)
        assert usage.calls == srv.requests >= 2
    assert (hits[0]["title"], hits[0]["via"]) == ("Windows", "llm")
    assert all(h["via"] == "locate" for h in hits[1:])


def test_calls_are_bounded(doc, monkeypatch) -> None:
    def open_everything(prompt: str) -> str:
        return json.dumps({"answer": [], "open": list(options(prompt).values())})

    monkeypatch.setattr(fake_llm, "answer", open_everything)
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        guided_locate(doc, QUESTION, client(srv), usage, max_calls=2)
        assert usage.calls == srv.requests == 2


def test_falls_back_to_locate(doc) -> None:
    plain = [h["node_id"] for h in Locator(doc).locate("package manager", k=3)]
    assert [h["node_id"] for h in guided_locate(doc, "package manager", None, k=3)] == plain
    usage = LLMUsage()
    with FakeLLMServer() as srv:  # the default fake answers prose, not JSON
        hits = guided_locate(doc, "package manager", client(srv), usage, k=3)
        assert [h["node_id"] for h in hits] == plain and usage.calls == 1
        srv.fail_next = 5
        failed = LLMUsage()
        assert [
            h["node_id"] for h in guided_locate(doc, "package manager", client(srv), failed, k=3)
        ] == plain
        assert failed.failures == failed.calls == 1


# -- reachable from the navigator and the catalog ----------------------------------------------
NOTES = b"""# Release notes

## Version 2.0

The installer now ships a Windows setup program and a Linux package.

## Version 1.0

First release of the tool.
"""
CATALOG_OPTION = re.compile(r"^(\d+)\. (?:\[[^\]]*\] )?(.+?)(?: \(pages| \[|:)", re.M)


def catalog_model(prompt: str) -> str:
    """Opens the guide (a document option) and 'Installation', answers 'Windows'."""
    seen = {m.group(2): int(m.group(1)) for m in CATALOG_OPTION.finditer(prompt)}
    return json.dumps(
        {
            "answer": [seen[t] for t in ("Windows",) if t in seen],
            "open": [seen[t] for t in ("Guide", "guide.md", "Installation") if t in seen],
        }
    )


@pytest.fixture
def folder(tmp_path, doc):
    from vectorless_assets.ir import save_ir

    notes = compile_document(NOTES, name="notes.md", mode="fast")
    for d in (doc, notes):
        save_ir(d, tmp_path / f"{d.doc_id}.bin")
    return tmp_path


def test_navigator_locate_takes_an_llm(doc, monkeypatch) -> None:
    from vectorless_assets.navigator import DocumentNavigator

    monkeypatch.setattr(fake_llm, "answer", navigator_model)
    nav = DocumentNavigator(doc)
    plain = nav.locate(QUESTION, k=3)
    assert all("via" not in h for h in plain)  # the no-LLM default is unchanged
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        hits = nav.locate(QUESTION, k=3, llm=client(srv), usage=usage, max_calls=3)
        assert usage.calls == srv.requests == 2  # the lone "Guide" wrapper is skipped
    assert (hits[0]["title"], hits[0]["via"]) == ("Windows", "llm")


def test_catalog_locate_chooses_the_document_then_the_section(folder, monkeypatch) -> None:
    from vectorless_assets.navigator import Catalog

    monkeypatch.setattr(fake_llm, "answer", catalog_model)
    catalog = Catalog(folder)
    plain = catalog.locate("Windows setup program", k=3)
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        hits = catalog.locate("Windows setup program", k=3, llm=client(srv), usage=usage)
        assert usage.calls == srv.requests == 3
        first = srv.prompts[0]
    assert "[document] " in first and "Release notes" in first  # the first level: the documents
    assert (hits[0]["title"], hits[0]["via"], hits[0]["doc_name"]) == ("Windows", "llm", "Guide")
    assert [(h["doc_id"], h["node_id"]) for h in hits[1:]] == [
        (h["doc_id"], h["node_id"]) for h in plain if h["title"] != "Windows"
    ][:2]
    with FakeLLMServer("500") as srv:
        failed = LLMUsage()
        again = catalog.locate("Windows setup program", k=3, llm=client(srv), usage=failed)
    assert [(h["doc_id"], h["node_id"], h["via"]) for h in again] == [
        (h["doc_id"], h["node_id"], "locate") for h in plain
    ]
    assert failed.calls == failed.failures == 1


def test_catalog_calls_are_bounded(folder, monkeypatch) -> None:
    from vectorless_assets.navigator import Catalog

    monkeypatch.setattr(
        fake_llm, "answer", lambda p: json.dumps({"answer": [], "open": list(range(1, 41))})
    )
    usage = LLMUsage()
    with FakeLLMServer() as srv:
        Catalog(folder).locate("setup", llm=client(srv), usage=usage, max_calls=2)
        assert usage.calls == srv.requests == 2
