"""The OpenAI-compatible client against a real HTTP fake on 127.0.0.1."""

from __future__ import annotations

import pytest

from tests.support.fake_llm import FakeLLMServer
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
    client = OpenAICompatibleClient(
        base_url="http://127.0.0.1:9/v1", model="x", retries=0, timeout_s=2
    )
    with pytest.raises(LLMError, match="failed"):
        client.complete("hi")


def test_cli_in_process_uses_the_configured_llm(tmp_path, monkeypatch, capsys) -> None:
    import json

    from vectorless_assets.cli import main
    from vectorless_assets.ir import load_ir

    doc = tmp_path / "notes.md"
    body = " ".join(
        f"Sentence {i} explains the storage engine and its write-ahead log in detail."
        for i in range(12)
    )
    doc.write_text(f"# Storage\n\n{body}\n\n# Replication\n\n{body}\n\n## Lag\n\n{body}\n")
    with FakeLLMServer() as srv:
        monkeypatch.setenv("VECTORLESS_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("VECTORLESS_LLM_MODEL", "fake-1")
        assert (
            main(
                [
                    "compile",
                    "--in-process",
                    "--json",
                    "-q",
                    "--mode",
                    "deep",
                    str(doc),
                    "--out",
                    str(tmp_path / "ir"),
                ]
            )
            == 0
        )
        result = json.loads(capsys.readouterr().out)[0]
        assert srv.requests > 0
    ir = load_ir(result["ir_path"])
    assert ir.meta.processing_model == "fake-1" and ir.meta.llm_calls == srv.requests
    assert any("Digest" in n.summary for n in ir.tree.nodes), "LLM summaries reach the IR"


def test_llm_config_requires_a_model() -> None:
    from vectorless_assets.environment import Environment

    def client_from_env(env):
        return Environment.read(env).llm_client()

    assert client_from_env({}) is None
    with pytest.raises(ValueError, match="MODEL"):
        client_from_env({"VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:1/v1"})
    assert (
        client_from_env(
            {"VECTORLESS_LLM_BASE_URL": "http://x/v1", "VECTORLESS_LLM_MODEL": "m"}
        ).model
        == "m"
    )


def test_dagster_runner_uses_the_llm_resource_and_versions_the_model(tmp_path) -> None:
    import dagster as dg

    from vectorless_assets.ir import load_ir
    from vectorless_assets.options import CompileOptions
    from vectorless_assets.orchestration.compile_paths import compile_paths

    docs = tmp_path / "docs"
    docs.mkdir()
    body = " ".join(
        f"Sentence {i} explains the cache eviction policy and its costs." for i in range(12)
    )
    (docs / "cache.md").write_text(f"# Cache\n\n{body}\n\n## Eviction\n\n{body}\n")
    with FakeLLMServer() as srv, dg.DagsterInstance.ephemeral() as instance:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake-1")
        kw = {
            "docs_root": str(docs),
            "ir_dir": str(tmp_path / "ir"),
            "options": CompileOptions(mode="standard"),
            "instance": instance,
        }
        first = compile_paths([docs / "cache.md"], llm=client, **kw)[0]
        assert first.status == "compiled" and srv.requests > 0
        ir = load_ir(first.ir_path)
        assert ir.meta.processing_model == "fake-1" and ir.meta.llm_calls > 0
        assert compile_paths([docs / "cache.md"], llm=client, **kw)[0].status == "skipped"
        # dropping the LLM changes the compile logic: the document is recompiled without it
        again = compile_paths([docs / "cache.md"], **kw)[0]
        assert again.status == "compiled"
        assert load_ir(again.ir_path).meta.processing_model is None
