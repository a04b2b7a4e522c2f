"""The OpenAI-compatible client against a real HTTP fake on 127.0.0.1."""

from __future__ import annotations

import pytest

from tests.fake_llm import FakeLLMServer
from vectorless_assets.llm import LLMClient, LLMError
from vectorless_assets.llm.openai import OpenAICompatibleClient


def test_client_talks_http_and_is_deterministic() -> None:
    with FakeLLMServer() as srv:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake-1")
        assert isinstance(client, LLMClient)
        a = client.complete("Summarise: the cat sat on the mat")
        b = client.complete("Summarise: the cat sat on the mat")
        assert a == b and "cat" in a
        assert srv.requests == 2


def test_client_retries_transient_errors() -> None:
    with FakeLLMServer() as srv:
        srv.fail_next = 1
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake-1", backoff_s=0.01)
        assert client.complete("hello world text")
        assert srv.requests == 2


def test_client_raises_llm_error_when_unreachable() -> None:
    client = OpenAICompatibleClient(base_url="http://127.0.0.1:9/v1", model="x", retries=0, timeout_s=2)
    with pytest.raises(LLMError, match="failed"):
        client.complete("hi")
