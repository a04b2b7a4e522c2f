"""`vectorless locate` reads its lexicons from VECTORLESS_LEXICONS (default: finance)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_navigate_cmd import run
from tests.navigator.ranking.test_finance_locate import CASH_FLOWS, PROSE_CAPITAL, filing
from vectorless_assets.ir import save_ir

QUESTION = "What was Acme's capital expenditure amount?"


@pytest.fixture
def filing_ir(tmp_path: Path) -> Path:
    doc = filing(("Capital allocation", PROSE_CAPITAL), ("Acme Corp and Subsidiaries", CASH_FLOWS))
    path = tmp_path / f"{doc.doc_id}.bin"
    save_ir(doc, path)
    return path


def top(capsys, path: Path) -> dict:
    rc, out, err = run(capsys, "locate", str(path), QUESTION, "-k", "1", "--json")
    assert rc == 0, err
    return json.loads(out)[0]


def test_locate_follows_vectorless_lexicons(
    capsys, filing_ir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VECTORLESS_LEXICONS", raising=False)
    assert top(capsys, filing_ir)["title"] == "Acme Corp and Subsidiaries"
    for folder_or_file in (filing_ir, filing_ir.parent):
        monkeypatch.setenv("VECTORLESS_LEXICONS", "none")
        assert top(capsys, folder_or_file)["title"] == "Capital allocation"
        monkeypatch.setenv("VECTORLESS_LEXICONS", "finance")
        assert top(capsys, folder_or_file)["title"] == "Acme Corp and Subsidiaries"


def test_an_unknown_lexicon_is_reported_not_raised(
    capsys, filing_ir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VECTORLESS_LEXICONS", "fnance")
    rc, _, err = run(capsys, "locate", str(filing_ir), QUESTION)
    assert rc == 2 and "VECTORLESS_LEXICONS: unknown lexicon 'fnance'" in err


def test_commands_that_never_rank_ignore_a_bad_lexicon(
    capsys, filing_ir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VECTORLESS_LEXICONS", "bogus")
    for argv in (
        ["toc", str(filing_ir)],
        ["ls", str(filing_ir.parent)],
        ["find", str(filing_ir), "capital"],
    ):
        rc, _, err = run(capsys, *argv)
        assert rc == 0 and "lexicon" not in err, (argv, err)
    rc, _, err = run(capsys, "locate", str(filing_ir.parent), QUESTION)
    assert rc == 2 and "VECTORLESS_LEXICONS: unknown lexicon 'bogus'" in err
