"""`Catalog.to_frame()` and `vectorless ls --format`: the corpus as a pandas DataFrame, one row
per IR file, its columns those of `ir.corpus`, its values those of the IR."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from vectorless_assets import compile_document
from vectorless_assets.cli import main
from vectorless_assets.ir import load_ir, save_ir
from vectorless_assets.ir.corpus import COLUMNS
from vectorless_assets.navigator import Catalog

DOCS = {
    "guide.md": (
        "# Guide\n\nIntro.\n\n## Install\n\nRun it.\n\n### Linux\n\nApt.\n\n## Use\n\nDaily.\n"
    ),
    "notes/faq.md": "# FAQ\n\n## Why\n\nBecause.\n",
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    src, out = tmp_path / "docs", tmp_path / "ir"
    out.mkdir()
    for rel, text in DOCS.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text, encoding="utf-8")
        doc = compile_document(src / rel, mode="standard", root=src)
        save_ir(doc, out / f"{doc.doc_id}.bin")
    return out


def _guide(folder: Path):
    [path] = [p for p in folder.glob("*.bin") if load_ir(p).document_key == "guide.md"]
    return path, load_ir(path)


def test_the_frame_has_the_columns_and_a_row_is_the_ir(folder: Path) -> None:
    frame = Catalog(folder).to_frame()
    assert (
        list(frame.columns)
        == [name for name, _, _ in COLUMNS]
        == [
            "document_key",
            "doc_id",
            "name",
            "format",
            "pages",
            "sections",
            "depth",
            "tokens",
            "mode",
            "llm_calls",
            "llm_tokens",
            "last_compiled",
            "ir_path",
        ]
    )
    assert sorted(frame["document_key"]) == sorted(DOCS)
    path, doc = _guide(folder)
    row = frame.set_index("document_key").loc["guide.md"]
    assert row["doc_id"] == doc.doc_id and row["name"] == doc.name == "Guide"
    assert row["format"] == "markdown" and row["pages"] == 0
    assert row["sections"] == len(doc.tree.nodes) and row["sections"] >= 4
    assert row["depth"] == doc.tree.max_depth() >= 2
    assert row["tokens"] == sum(n.token_count for n in doc.tree.nodes) > 0
    assert row["mode"] == doc.meta.mode == "standard"
    assert (row["llm_calls"], row["llm_tokens"]) == (doc.meta.llm_calls, doc.meta.llm_tokens)
    assert row["last_compiled"] == pd.Timestamp(doc.meta.modified_at)
    assert row["ir_path"] == str(path)
    assert str(frame["last_compiled"].dt.tz) == "UTC"
    assert str(frame["sections"].dtype) == "Int64"


def test_ls_csv_is_the_frame(folder: Path, capsys) -> None:
    assert main(["ls", str(folder), "--format", "csv"]) == 0
    read = pd.read_csv(io.StringIO(capsys.readouterr().out))
    expected = Catalog(folder).to_frame()
    assert list(read.columns) == list(expected.columns)
    assert read["document_key"].tolist() == expected["document_key"].tolist()
    assert read["sections"].tolist() == expected["sections"].tolist()
    assert read["mode"].tolist() == ["standard", "standard"]
    assert pd.to_datetime(read["last_compiled"]).tolist() == expected["last_compiled"].tolist()


def test_ls_json_and_its_alias_and_the_table(folder: Path, capsys) -> None:
    assert main(["ls", str(folder), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert main(["ls", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == rows
    guide = next(r for r in rows if r["document_key"] == "guide.md")
    assert set(guide) == {name for name, _, _ in COLUMNS}
    assert guide["sections"] == len(_guide(folder)[1].tree.nodes)
    assert guide["last_compiled"].startswith(str(_guide(folder)[1].meta.modified_at.date()))
    assert main(["ls", str(folder)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:3] == ["document_key", "name", "format"]
    assert len(table) == 3 and any(line.split()[0] == "notes/faq.md" for line in table)


def test_ls_of_a_file_keeps_its_node_rows(folder: Path, capsys) -> None:
    path, _ = _guide(folder)
    assert main(["ls", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert main(["ls", str(path), "--format", "csv"]) == 0
    read = pd.read_csv(io.StringIO(capsys.readouterr().out), dtype={"node_id": str})
    assert read["node_id"].tolist() == [r["node_id"] for r in rows]


def test_times_without_fractional_seconds_read_beside_times_with_them() -> None:
    """`datetime.isoformat()` leaves out ".%f" when the microseconds are 0 (about one write in
    a million): such a row after rows with fractions must not fail the column."""
    from vectorless_assets.ir.corpus import to_frame

    rows = [
        {"last_compiled": "2026-12-06T09:16:58.512345+00:00"},
        {"last_compiled": "2026-12-06T09:16:59+00:00"},
    ]
    frame = to_frame(rows)
    assert list(frame["last_compiled"].dt.second) == [58, 59]
    assert str(frame["last_compiled"].dt.tz) == "UTC"
