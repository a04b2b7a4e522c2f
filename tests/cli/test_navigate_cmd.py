"""`vectorless ls|cat|find|toc|locate` over an IR file and a folder of IR files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.navigator.ranking.test_locate import report_doc, tamper
from tests.navigator.reading.test_navigator import guide_doc
from vectorless_assets.cli import main
from vectorless_assets.ir import save_ir


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for doc in (guide_doc(), report_doc()):
        save_ir(doc, tmp_path / f"{doc.doc_id}.bin")
    return tmp_path


@pytest.fixture
def guide_ir(folder: Path) -> Path:
    return folder / f"{guide_doc().doc_id}.bin"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_ls_file_and_folder(capsys, folder: Path, guide_ir: Path) -> None:
    rc, out, _ = run(capsys, "ls", str(guide_ir), "Field Guide", "--json")
    assert rc == 0
    assert [r["title"] for r in json.loads(out)] == ["Installation", "Configuration", "Maintenance"]
    rc, out, _ = run(capsys, "ls", str(guide_ir), "Maintenance")
    assert rc == 0 and "Blade sharpening" in out and "Oil change" in out
    rc, out, _ = run(capsys, "ls", str(folder), "--json")
    assert rc == 0
    assert {r["name"] for r in json.loads(out)} == {guide_doc().name, report_doc().name}


def test_cat_prints_text_with_citation(capsys, folder: Path, guide_ir: Path) -> None:
    rc, out, _ = run(capsys, "cat", str(guide_ir), "Oil change")
    assert rc == 0 and "HV 46" in out and "lines " in out
    rc, out, _ = run(capsys, "cat", "--doc", "guide", str(folder), "Oil change", "--json")
    assert rc == 0 and json.loads(out)["title"] == "Oil change"
    rc, _, err = run(capsys, "cat", str(folder), "Oil change")  # two documents, no --doc
    assert rc == 1 and "--doc" in err
    rc, _, err = run(capsys, "cat", str(guide_ir), "No such section")
    assert rc == 1 and "no node" in err


def test_find_and_toc(capsys, folder: Path, guide_ir: Path) -> None:
    rc, out, _ = run(capsys, "find", str(guide_ir), "blade", "--json")
    rows = json.loads(out)
    assert rc == 0 and rows[0]["title"] == "Blade sharpening"
    rc, out, _ = run(capsys, "find", str(folder), "balance sheet", "--json")
    assert rc == 0 and {r["doc_id"] for r in json.loads(out)} == {report_doc().doc_id}
    rc, out, _ = run(capsys, "toc", str(guide_ir))
    assert rc == 0 and out.index("Installation") < out.index("Oil change")
    rc, out, _ = run(capsys, "toc", "--depth", "1", str(guide_ir), "--json")
    assert "Oil change" not in {r["title"] for r in json.loads(out)}


def test_locate_file_and_folder(capsys, folder: Path, guide_ir: Path) -> None:
    rc, out, _ = run(
        capsys, "locate", str(guide_ir), "how do I sharpen the blade", "-k", "2", "--json"
    )
    hits = json.loads(out)
    assert rc == 0 and len(hits) <= 2 and hits[0]["title"] == "Blade sharpening"
    rc, out, _ = run(
        capsys, "locate", str(folder), "capital expenditure cash flow statement", "--json"
    )
    hits = json.loads(out)
    assert hits[0]["doc_id"] == report_doc().doc_id and hits[0]["start_page"] == 12
    rc, out, _ = run(capsys, "locate", str(folder), "capital expenditure cash flow statement")
    assert rc == 0 and "pp." not in out.splitlines()[0] and "p. 12" in out.splitlines()[0]


def test_tampered_file_is_refused(capsys, folder: Path, guide_ir: Path) -> None:
    tamper(guide_ir)
    rc, out, err = run(capsys, "ls", str(guide_ir))
    assert rc == 1 and "checksum" in err and out == ""
    rc, out, err = run(capsys, "locate", str(folder), "hydraulic oil", "--json")
    assert rc == 0 and "refused" in err
    assert guide_doc().doc_id not in {h["doc_id"] for h in json.loads(out)}


def test_locate_text_output_names_the_pages_to_read_inside_a_long_section(
    capsys, tmp_path: Path
) -> None:
    """A hit over many pages prints its focus ("read p. N"), as --json and MCP carry it."""
    from tests.navigator.ranking.test_pinpoint import QUESTION, report

    doc = report(7)
    path = tmp_path / f"{doc.doc_id}.bin"
    save_ir(doc, path)
    rc, out, _ = run(capsys, "locate", str(path), QUESTION, "--json")
    hit = next(h for h in json.loads(out) if h["focus"])
    start, end = hit["focus"]["start_page"], hit["focus"]["end_page"]
    assert start <= 7 <= end
    rc, out, _ = run(capsys, "locate", str(path), QUESTION)
    # one spelling (ir.toc_view.span)
    read = f"read p. {start}" if start == end else f"read pp. {start}-{end}"
    assert (
        rc == 0 and f"({hit['node_id']}, pp. {hit['start_page']}-{hit['end_page']}, {read})" in out
    )
