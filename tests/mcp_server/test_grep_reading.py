"""Folder-wide `grep` keeps reading documents apart from matching (issue 35 item 7): over many
IRs a plain word answered "took longer than the 2 s budget (nested repetition backtracks)",
because the pattern's budget also paid for loading every document. Here the matching budget is
cut to 50 ms (1 s where reading is slowed to 2 s: less than loading the folder takes, far more
than matching a word needs even on a loaded machine)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.mcp_server.test_long_titles import call
from vectorless_assets import compile_document, save_ir
from vectorless_assets.mcp_server import searching, tools

DOCUMENTS = 40


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("many")
    for i in range(DOCUMENTS):
        text = (
            f"# Manual {i}\n\n## Pump\n\nThe pump {i} is primed before start-up.\n\n{'a' * 40}!\n"
            + "".join(
                f"\n## Part {j}\n\nThe valve {j} of unit {i} is checked weekly.\n"
                for j in range(30)
            )
        )
        doc = compile_document(text.encode(), name=f"manual-{i}.md")
        save_ir(doc, out / f"{doc.doc_id}.bin")
    return out


@pytest.fixture
def tight_matching(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (tools, searching):  # where the budget was read, and where it is read now
        monkeypatch.setattr(module, "GREP_SECONDS", 0.05, raising=False)


def test_loading_does_not_spend_the_matching_budget(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(searching, "GREP_SECONDS", 1.0)
    reading = searching.targets

    def slow_reading(*args: Any) -> Any:  # 50 ms per document read: 2 s for the folder
        for pair in reading(*args):
            time.sleep(0.05)
            yield pair

    monkeypatch.setattr(searching, "targets", slow_reading)
    err, result = call(folder, "grep", pattern="primed", limit=200)
    assert not err, result
    assert len(result["matches"]) == DOCUMENTS and "incomplete" not in result


def test_a_slow_pattern_is_named_as_matching(folder: Path, tight_matching: Any) -> None:
    err, text = call(folder, "grep", pattern=r"(a|aa)+$")
    assert err and "matching budget" in text and "reading" not in text


def test_reading_past_its_budget_answers_what_it_found_and_says_so(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(searching, "GREP_READ_SECONDS", 0.0)
    err, result = call(folder, "grep", pattern="primed")
    assert not err, result
    assert result["truncated"] is True and len(result["matches"]) == 1
    assert "reading the documents in took longer" in result["incomplete"]
    assert f"searched 1 of {DOCUMENTS} documents" in result["incomplete"]
