"""An LLM call has one wall-clock deadline, and only real answers are kept (issue 25 items 6,
7): a trickling endpoint is cut off, an HTML page, an unfinished answer or an answer of the
wrong shape is never cached, content given as parts is joined as text. Real HTTP fake."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.llm import LLMError
from vectorless_assets.llm.answer import answer_text
from vectorless_assets.llm.ask import ask
from vectorless_assets.llm.cache import CachedLLM, LLMCache
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.llm.usage import LLMUsage


def test_a_trickling_answer_is_cut_at_the_calls_deadline() -> None:
    """One byte every 0.25 s passes a per-read timeout of 1 s for ever (the old client read
    the whole ~200-byte body, about a minute); the call now ends at its 1 s deadline."""
    with FakeLLMServer("trickle", delay=0.25) as srv:
        client = OpenAICompatibleClient(
            base_url=srv.base_url, model="fake", retries=0, timeout_s=1.0
        )
        outcome: list[BaseException | str] = []

        def call() -> None:
            try:
                outcome.append(client.complete("Summarise: the pump"))
            except BaseException as exc:  # noqa: BLE001  # reported below
                outcome.append(exc)

        start = time.monotonic()
        worker = threading.Thread(target=call, daemon=True)
        worker.start()
        worker.join(6)
        took = time.monotonic() - start
        assert not worker.is_alive(), "the call was still reading after 6 s"
    assert isinstance(outcome[0], LLMError) and "within 1 s" in str(outcome[0])
    assert took < 3


@pytest.mark.parametrize(
    ("fault", "why"), [("html", "HTML page"), ("length", "finish_reason 'length'")]
)
def test_a_non_answer_is_refused_once_and_never_cached(
    tmp_path: Path, fault: str, why: str
) -> None:
    with FakeLLMServer(fault) as srv:
        client = OpenAICompatibleClient(
            base_url=srv.base_url, model="fake", retries=2, backoff_s=0.01
        )
        with pytest.raises(LLMError, match=why):
            client.complete("Summarise: the pump")
        assert srv.requests == 1  # the same prompt would get the same non-answer: not retried
        cache = LLMCache(tmp_path / "llm.sqlite")
        usage = LLMUsage()
        assert (
            ask(
                CachedLLM(client, cache, lambda: "test"),
                usage,
                "Summarise: the valve",
                max_tokens=50,
            )
            is None
        )
        assert len(cache) == 0 and usage.failures == 1


@pytest.mark.parametrize(
    "page",
    [
        "<!-- cdn --><html><body>upstream error</body></html>",
        "<h1>502 Bad Gateway</h1><p>nginx</p>",
        '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
        "<head><title>503</title></head></html>",
    ],
)
def test_an_html_page_not_opening_with_html_is_refused_and_never_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    """Issue 35: only pages opening with `<html`/a doctype were recognised; a comment first, a bare
    heading or an XML prolog passed as the answer and was cached."""
    monkeypatch.setattr(fake_llm, "HTML_PAGE", page)
    with FakeLLMServer("html") as srv:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        cache = LLMCache(tmp_path / "llm.sqlite")
        usage = LLMUsage()
        got = ask(CachedLLM(client, cache, lambda: "t"), usage, "Summarise: x", max_tokens=50)
        assert got is None and len(cache) == 0 and usage.failures == 1


def test_an_answer_mentioning_tags_is_kept() -> None:
    """Text that only mentions a tag, or JSON holding markup, is an answer."""
    for text in ("Use <p> for paragraphs.", '["<h1> headings"]', "<T> is a type parameter"):
        body = json.dumps({"choices": [{"message": {"content": text}, "finish_reason": "stop"}]})
        assert answer_text(body.encode()) == text


def test_content_given_as_parts_is_joined_as_text() -> None:
    with FakeLLMServer("parts") as srv:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        text = client.complete("Summarise: the cat sat on the mat")
    assert text == fake_llm.answer("Summarise: the cat sat on the mat") and "{'type'" not in text


def test_an_answer_the_caller_cannot_use_is_not_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A concept answer that does not parse was stored and served by every later compile;
    now it is returned (the pass falls back) but not kept, and a stored one that does not
    parse is asked again."""
    monkeypatch.setattr(fake_llm, "answer", lambda p: "I cannot help with that.")
    usable = lambda a: isinstance(json.loads(a) if a.startswith("[") else None, list)  # noqa: E731
    with FakeLLMServer() as srv:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        cache = LLMCache(tmp_path / "llm.sqlite")
        cached = CachedLLM(client, cache, lambda: "concept")
        assert (
            ask(cached, LLMUsage(), "List concepts", max_tokens=50, accept=usable)
            == "I cannot help with that."
        )
        assert len(cache) == 0
        # kept by an old version
        cached.store("List concepts", "not json", system=None, max_tokens=50)
        monkeypatch.setattr(fake_llm, "answer", lambda p: '["pump"]')
        usage = LLMUsage()
        assert ask(cached, usage, "List concepts", max_tokens=50, accept=usable) == '["pump"]'
        assert usage.cache_hits == 0 and srv.requests == 2
        assert cached.lookup("List concepts", system=None, max_tokens=50) == '["pump"]'
