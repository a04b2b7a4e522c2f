"""`vectorless locate --llm` as a subprocess, its environment pointing at the fake
OpenAI-compatible server (real HTTP): calls counted and reported, bounded, a failing
server leaves the no-LLM results, and no call without `--llm`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.navigator.ranking.test_guided_locate import GUIDE, QUESTION, navigator_model
from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.ir import save_ir
from vectorless_assets.pipeline.compile import compile_document

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def guide_ir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    doc = compile_document(GUIDE, name="guide.md", mode="fast")
    path = tmp_path_factory.mktemp("ir") / f"{doc.doc_id}.bin"
    save_ir(doc, path)
    return path


def vectorless(*argv: str, base_url: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_LLM_")}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    if base_url:
        env |= {
            "VECTORLESS_LLM_BASE_URL": base_url,
            "VECTORLESS_LLM_MODEL": "fake",
            "VECTORLESS_LLM_RETRIES": "0",
        }
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, timeout=120
    )


def test_llm_guided_locate_reports_its_calls(
    guide_ir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", navigator_model)
    with FakeLLMServer() as srv:
        out = vectorless(
            "locate", str(guide_ir), QUESTION, "--llm", "--json", base_url=srv.base_url
        )
        assert out.returncode == 0, out.stderr
        result = json.loads(out.stdout)
        assert (
            result["llm_usage"]["calls"] == srv.requests == 2
            and result["llm_usage"]["failures"] == 0
        )
        assert (result["hits"][0]["title"], result["hits"][0]["via"]) == ("Windows", "llm")
        assert "llm: 2 call(s), 0 failed" in out.stderr
        text = vectorless("locate", str(guide_ir), QUESTION, "--llm", base_url=srv.base_url)
        assert (
            text.returncode == 0
            and text.stdout.startswith("1. Installation > Windows")
            and "via llm" in text.stdout
        )


def test_calls_are_bounded(guide_ir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        fake_llm, "answer", lambda prompt: json.dumps({"answer": [], "open": [1, 2, 3]})
    )
    with FakeLLMServer() as srv:
        out = vectorless(
            "locate",
            str(guide_ir),
            QUESTION,
            "--llm",
            "--max-calls",
            "1",
            "--json",
            base_url=srv.base_url,
        )
        assert (
            out.returncode == 0
            and json.loads(out.stdout)["llm_usage"]["calls"] == srv.requests == 1
        )


def test_no_llm_calls_without_the_flag_and_fallback_when_the_server_fails(guide_ir: Path) -> None:
    with FakeLLMServer("500") as srv:
        plain = vectorless(
            "locate", str(guide_ir), "package manager", "--json", base_url=srv.base_url
        )
        assert plain.returncode == 0 and srv.requests == 0
        hits = json.loads(plain.stdout)
        failed = vectorless(
            "locate", str(guide_ir), "package manager", "--llm", "--json", base_url=srv.base_url
        )
        assert failed.returncode == 0, failed.stderr
        result = json.loads(failed.stdout)
        assert [(h["node_id"], h["via"]) for h in result["hits"]] == [
            (h["node_id"], "locate") for h in hits
        ]
        assert result["llm_usage"]["failures"] == 1 and "failed: no-LLM results" in failed.stderr


def test_llm_flag_without_a_configured_llm_is_an_error(guide_ir: Path) -> None:
    out = vectorless("locate", str(guide_ir), QUESTION, "--llm", base_url=None)
    assert out.returncode == 2 and "VECTORLESS_LLM_BASE_URL" in out.stderr


def test_a_later_failure_keeps_the_llm_hits_and_says_so(
    guide_ir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeLLMServer() as srv:

        def first_then_down(prompt: str) -> str:
            srv.fault = "500"  # every later call fails
            return navigator_model(prompt).replace('"answer": []', '"answer": [1]')

        monkeypatch.setattr(fake_llm, "answer", first_then_down)
        out = vectorless(
            "locate", str(guide_ir), QUESTION, "--llm", "--json", base_url=srv.base_url
        )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["llm_usage"]["calls"] == 2 and result["llm_usage"]["failures"] == 1
    assert result["hits"][0]["via"] == "llm"
    assert "some calls failed" in out.stderr and "no-LLM results" not in out.stderr
