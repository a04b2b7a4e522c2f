"""The `vectorless` command line: compile, inspect, verify, bad input isolation."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vectorless_assets.cli import main
from vectorless_assets.ir import load_ir, save_ir
from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.ir.tree import DocumentTree


@pytest.fixture
def docs(tmp_path: Path, guide_bytes: bytes) -> Path:
    root = tmp_path / "docs"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "index.md").write_text("# Alpha\n\nFirst folder.\n")
    (root / "b" / "index.md").write_text("# Beta\n\nSecond folder.\n")
    (root / "guide.md").write_bytes(guide_bytes)
    return root


def _compile(args: list[str], capsys) -> tuple[int, list[dict]]:
    rc = main(["compile", "--in-process", "--json", "-q", *args])
    return rc, json.loads(capsys.readouterr().out)


def test_colliding_names_in_two_folders_get_distinct_ids(
    docs: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "ir"
    rc, results = _compile([str(docs), "--out", str(out)], capsys)
    assert rc == 0
    by_key = {r["key"]: r for r in results}
    assert set(by_key) == {"a/index.md", "b/index.md", "guide.md"}
    assert (
        by_key["a/index.md"]["doc_id"] == doc_id_for("a/index.md") != by_key["b/index.md"]["doc_id"]
    )
    # besides the IRs, only hidden folders (`.state/locks`: the per-document locks)
    shown = {p.name for p in out.iterdir() if not p.name.startswith(".")}
    assert shown == {r["doc_id"] + ".bin" for r in results}
    assert load_ir(by_key["b/index.md"]["ir_path"]).tree.root.title == "Beta"


def test_recompiling_keeps_doc_ids(docs: Path, tmp_path: Path, capsys) -> None:
    _, first = _compile([str(docs), "--out", str(tmp_path / "o1")], capsys)
    _, second = _compile([str(docs), "--out", str(tmp_path / "o2")], capsys)
    assert [r["doc_id"] for r in first] == [r["doc_id"] for r in second]


def test_bad_files_fail_alone_with_a_clear_message(docs: Path, tmp_path: Path, capsys) -> None:
    (docs / "empty.md").write_bytes(b"")
    (docs / "binary.md").write_bytes(b"\x00\x01\x02\xff\xfe" * 200)
    (docs / "broken.pdf").write_bytes(b"%PDF-1.7\n this is not really a pdf \x00\xff")
    rc, results = _compile([str(docs), "--out", str(tmp_path / "ir")], capsys)
    assert rc == 1
    status = {r["key"]: r for r in results}
    for bad in ("empty.md", "binary.md", "broken.pdf"):
        assert not status[bad]["ok"] and status[bad]["error"]
        assert "\n" not in status[bad]["error"] and "Traceback" not in status[bad]["error"]
        assert "internal error" not in status[bad]["error"]
    for good in ("a/index.md", "b/index.md", "guide.md"):
        assert status[good]["ok"] and Path(status[good]["ir_path"]).is_file()


def test_human_output_names_failures(docs: Path, tmp_path: Path, capsys) -> None:
    (docs / "empty.md").write_bytes(b"")
    rc = main(["compile", "--in-process", str(docs), "--out", str(tmp_path / "ir")])
    captured = capsys.readouterr()
    assert rc == 1
    assert "empty.md" in captured.err and "3/4 documents compiled" in captured.out


def test_inspect_and_verify(docs: Path, tmp_path: Path, capsys) -> None:
    _, results = _compile(
        [str(docs / "guide.md"), "--out", str(tmp_path / "ir"), "--mode", "deep"], capsys
    )
    ir = results[0]["ir_path"]
    assert main(["inspect", ir]) == 0
    text = capsys.readouterr().out
    assert "Getting started" in text and "0001" in text and "tok]" in text
    assert f"key guide.md  source {docs / 'guide.md'}" in text
    assert main(["inspect", ir, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["doc_id"] == results[0]["doc_id"]
    assert main(["verify", ir]) == 0
    capsys.readouterr()
    raw = Path(ir).read_text().replace("Getting started", "Getting hacked")
    Path(ir).write_text(raw)
    assert main(["verify", ir, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report[0]["ok"] is False and report[0]["error"] == "IRChecksumError"
    assert main(["inspect", ir]) == 1


def test_verify_refuses_an_ir_whose_tree_is_empty(docs: Path, tmp_path: Path, capsys) -> None:
    """Issue 35: an intact envelope around an empty tree was reported ok."""
    _, results = _compile([str(docs / "guide.md"), "--out", str(tmp_path / "ir")], capsys)
    ir = Path(results[0]["ir_path"])
    save_ir(load_ir(ir).model_copy(update={"tree": DocumentTree()}), ir)
    assert main(["verify", str(ir)]) == 1
    assert "FAILED" in (out := capsys.readouterr().out) and "tree is empty" in out


def test_no_sources_is_an_error(tmp_path: Path, capsys) -> None:
    assert main(["compile", "--in-process", str(tmp_path)]) == 2
    assert "no .md" in capsys.readouterr().err


def test_compile_goes_through_dagster_and_skips_unchanged(
    docs: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    import dagster as dg

    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    (docs / "empty.md").write_bytes(b"")
    out = tmp_path / "ir"
    rc = main(["compile", "--json", "-q", str(docs), "--out", str(out)])
    first = {r["key"]: r for r in json.loads(capsys.readouterr().out)}
    assert (
        rc == 1
        and first["empty.md"]["status"] == "failed"
        and "empty" in first["empty.md"]["error"]
    )
    assert {k for k, r in first.items() if r["status"] == "compiled"} == {
        "a/index.md",
        "b/index.md",
        "guide.md",
    }
    assert load_ir(first["guide.md"]["ir_path"]).doc_id == doc_id_for("guide.md")
    # what the CLI compiled is on the instance the UI reads
    with dg.DagsterInstance.from_config(str(tmp_path / "dagster_home")) as instance:
        runs = instance.get_runs()
        assert len(runs) == 1  # one run for the whole invocation
        records = instance.fetch_materializations(dg.AssetKey("document_ir"), limit=10).records
        assert {r.partition_key for r in records} == {"a~index.md", "b~index.md", "guide.md"}
    (docs / "empty.md").unlink()
    (docs / "b" / "index.md").write_text("# Beta\n\nEdited.\n")
    assert main(["compile", "--json", "-q", str(docs), "--out", str(out)]) == 0
    second = {r["key"]: r for r in json.loads(capsys.readouterr().out)}
    assert {k: r["status"] for k, r in second.items()} == {
        "a/index.md": "skipped",
        "b/index.md": "compiled",
        "guide.md": "skipped",
    }
    # read back from the IR
    assert [c["title"] for c in second["b/index.md"]["changes"]["modified"]] == ["Beta"]


def test_in_process_compiles_use_the_ir_folder_as_memory(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.delenv("VECTORLESS_LLM_BASE_URL", raising=False)
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nFirst.\n\n## One\n\nOne text.\n", encoding="utf-8")
    (src / "b.md").write_text("# B\n\nSecond.\n", encoding="utf-8")
    out = tmp_path / "ir"

    def run(*extra: str) -> dict[str, dict]:
        capsys.readouterr()
        assert (
            main(
                [
                    "compile",
                    "--in-process",
                    "--json",
                    "-q",
                    "--mode",
                    "deep",
                    str(src),
                    "--out",
                    str(out),
                    *extra,
                ]
            )
            == 0
        )
        return {r["key"]: r for r in json.loads(capsys.readouterr().out)}

    assert {r["status"] for r in run().values()} == {"compiled"}
    assert {r["status"] for r in run().values()} == {"skipped"}
    (src / "a.md").write_text("# A\n\nFirst, edited.\n\n## One\n\nOne text.\n", encoding="utf-8")
    results = run()
    assert results["a.md"]["status"] == "compiled" and results["a.md"]["reason"].startswith(
        "incremental"
    )
    assert results["b.md"]["status"] == "skipped"
    ir_b = out / f"{doc_id_for('b.md')}.bin"
    ir_b.write_bytes(ir_b.read_bytes()[:-20])  # a damaged IR is no memory: compiled again in full
    results = run()
    assert results["b.md"]["status"] == "compiled" and results["b.md"]["reason"].startswith("full")
    assert load_ir(ir_b).name == "B"
    assert {r["status"] for r in run("--force").values()} == {"compiled"}


def test_a_failed_ir_write_is_reported_failed_not_ok(tmp_path: Path, capsys, monkeypatch) -> None:
    """Issue 25, item 3: `ok` is set only after the IR is written (it was set before `save_ir`)."""
    monkeypatch.delenv("VECTORLESS_LLM_BASE_URL", raising=False)
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nFirst.\n", encoding="utf-8")
    (src / "b.md").write_text("# B\n\nSecond.\n", encoding="utf-8")
    out = tmp_path / "ir"
    blocked = out / f"{doc_id_for('a.md')}.bin"
    # the rename onto a.md's IR path cannot succeed (even as root)
    (blocked / "occupied").mkdir(parents=True)
    rc, results = _compile([str(src), "--out", str(out)], capsys)
    by_key = {r["key"]: r for r in results}
    assert rc == 1
    assert by_key["a.md"]["ok"] is False and by_key["a.md"]["status"] == "failed"
    assert "cannot write the IR" in by_key["a.md"]["error"] and "\n" not in by_key["a.md"]["error"]
    assert by_key["b.md"]["ok"] is True and load_ir(by_key["b.md"]["ir_path"]).name == "B"
    assert main(["compile", "--in-process", "-q", str(src), "--out", str(out)]) == 1
    assert "1/2 documents compiled" in capsys.readouterr().out
    # no temp file left behind
    assert [p.name for p in out.iterdir() if p.name.endswith(".tmp")] == []


def test_inspect_escapes_terminal_control_sequences_in_titles(tmp_path: Path, capsys) -> None:
    """Issue 25, item 12: a title carrying an ANSI escape was printed raw by `inspect`."""
    src = tmp_path / "evil.md"
    src.write_text(
        "# Safe\n\nIntro.\n\n## Red \x1b[31mALERT\x1b]0;pwned\x07\n\nBody.\n", encoding="utf-8"
    )
    out = tmp_path / "ir"
    rc, results = _compile([str(src), "--out", str(out)], capsys)
    assert rc == 0
    assert main(["inspect", results[0]["ir_path"]]) == 0
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\x07" not in printed
    assert "\\x1b[31mALERT" in printed  # shown, escaped, on its own line


def test_compile_prints_what_changed_per_document(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("VECTORLESS_LLM_BASE_URL", raising=False)
    src, out = tmp_path / "src", tmp_path / "ir"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nIntro.\n\n## One\n\none\n\n## Two\n\ntwo\n", encoding="utf-8")
    (src / "b.md").write_text("# B\n\nSame.\n", encoding="utf-8")
    assert main(["compile", "--in-process", "-q", str(src), "--out", str(out)]) == 0
    assert "a.md: new document (3 sections)" in capsys.readouterr().out
    (src / "a.md").write_text(
        "# A\n\nIntro.\n\n## One\n\none, edited\n\n## Two\n\ntwo, edited\n\n## Three\n\nthree\n",
        encoding="utf-8",
    )
    assert main(["compile", "--in-process", "-q", str(src), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "a.md: 2 sections modified, 1 added" in lines and not any(
        line.startswith("b.md") for line in lines
    )
    (src / "a.md").write_text(
        "# A\n\nIntro.\n\n## One\n\none, edited\n\n## Three\n\nthree\n", encoding="utf-8"
    )
    rc, results = _compile([str(src), "--out", str(out)], capsys)
    by_key = {r["key"]: r for r in results}
    assert rc == 0 and by_key["b.md"]["changes"] is None  # skipped: nothing compiled
    assert [c["title"] for c in by_key["a.md"]["changes"]["removed"]] == ["Two"]
    assert by_key["a.md"]["changes"]["added"] == [] and by_key["a.md"]["changes"]["modified"] == []


def test_a_second_source_with_the_same_key_is_refused_naming_both(
    docs: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "ir"
    rc, first = _compile([str(docs / "a"), "--out", str(out)], capsys)
    assert rc == 0 and first[0]["key"] == "index.md"
    rc, second = _compile([str(docs / "b"), "--out", str(out)], capsys)
    problem = second[0]["error"]
    assert rc == 1 and second[0]["status"] == "failed"
    assert str(docs / "a" / "index.md") in problem and str(docs / "b" / "index.md") in problem
    # not overwritten
    assert load_ir(out / f"{doc_id_for('index.md')}.bin").tree.root.title == "Alpha"
    # the same bytes would have been a skip: refused all the same
    (docs / "b" / "index.md").write_bytes((docs / "a" / "index.md").read_bytes())
    rc, third = _compile([str(docs / "b"), "--out", str(out)], capsys)
    assert rc == 1 and third[0]["status"] == "failed"


def test_through_dagster_a_second_source_with_the_same_key_is_refused(
    docs: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    out = tmp_path / "ir"
    assert main(["compile", "--json", "-q", str(docs / "a"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["compile", "--json", "-q", str(docs / "b"), "--out", str(out)]) == 1
    [result] = json.loads(capsys.readouterr().out)
    assert result["status"] == "failed" and str(docs / "a" / "index.md") in result["error"]
    assert load_ir(out / f"{doc_id_for('index.md')}.bin").tree.root.title == "Alpha"


def _unkeyed(ir: Path) -> None:
    """Make `ir` an IR as written before the key had its own field: no `document_key`, the key
    itself in `source_path` (checksum recomputed: a valid file)."""
    doc = load_ir(ir)
    save_ir(doc.model_copy(update={"document_key": None, "source_path": doc.document_key}), ir)


@pytest.mark.parametrize("through", ["in-process", "dagster"])
def test_an_ir_from_before_the_key_is_guarded_after_an_unchanged_recompile(
    docs: Path, tmp_path: Path, capsys, monkeypatch, through: str
) -> None:
    """Issue 35 item 6: an IR without `document_key`/`source_path` skipped the same-key guard
    and unchanged recompiles never rewrote it, so another root with the same key silently
    replaced it. An unchanged recompile now records its key and source; then the other root
    is refused."""
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    mode = ["--in-process"] if through == "in-process" else []
    out = tmp_path / "ir"
    ir = out / f"{doc_id_for('index.md')}.bin"

    def compile_(folder: str) -> tuple[int, dict]:
        rc = main(["compile", *mode, "--json", "-q", str(docs / folder), "--out", str(out)])
        return rc, json.loads(capsys.readouterr().out)[0]

    assert compile_("a")[0] == 0
    _unkeyed(ir)
    rc, again = compile_("a")  # unchanged: records the key and the file
    assert rc == 0 and again["ok"]
    assert load_ir(ir).document_key == "index.md"
    assert load_ir(ir).source_path == str(docs / "a" / "index.md")
    rc, other = compile_("b")
    assert (
        rc == 1 and other["status"] == "failed" and str(docs / "a" / "index.md") in other["error"]
    )
    assert load_ir(ir).tree.root.title == "Alpha"


def test_a_folder_listing_says_what_it_skips(tmp_path: Path, capsys) -> None:
    """A name that is not UTF-8 and a link leaving the root are skipped with one line each
    (issue 25 item 13; the CLI was silent)."""
    root, outside = tmp_path / "docs", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "good.md").write_text("# Good\n\nText.\n")
    (outside / "secret.md").write_text("# Secret\n\nNot for the IR.\n")
    (root / "leak.md").symlink_to(outside / "secret.md")
    with open(os.path.join(os.fsencode(root), b"caf\xe9.md"), "wb") as fh:
        fh.write(b"# Cafe\n\nLatin-1 name.\n")
    rc = main(["compile", "--in-process", "-q", str(root), "--out", str(tmp_path / "ir")])
    err = capsys.readouterr().err.splitlines()
    assert rc == 0
    skips = [line for line in err if line.startswith("skipped ")]
    assert len(skips) == 2
    assert any("leak.md" in line and "outside the documents root" in line for line in skips)
    assert any("caf" in line and "not valid UTF-8" in line for line in skips)


def test_an_explicit_file_whose_real_path_leaves_the_root_is_refused(
    tmp_path: Path, capsys
) -> None:
    """`--root R R/linkdir/secret.md` with linkdir -> a folder outside R (issue 25 item 14):
    compiled under the key ../outside/secret.md before; refused now, as Dagster refuses it."""
    root, outside = tmp_path / "docs", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n\nNot for the IR.\n")
    (root / "linkdir").symlink_to(outside, target_is_directory=True)
    out = tmp_path / "ir"
    rc = main(
        [
            "compile",
            "--in-process",
            "-q",
            "--root",
            str(root),
            str(root / "linkdir" / "secret.md"),
            "--out",
            str(out),
        ]
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1 and "outside the documents root" in err[0]
    assert not out.exists() or not list(out.glob("*.bin"))


def test_sources_gone_from_a_compiled_folder_are_named_or_pruned(
    docs: Path, tmp_path: Path, capsys
) -> None:
    """A deleted and a renamed source (issue 25 item 10): the next compile of the folder names
    the IRs it leaves; with --prune it moves them to .deleted/ as the sensor does, and
    `vectorless ls` lists each document once."""
    out = tmp_path / "ir"
    assert main(["compile", "--in-process", "-q", str(docs), "--out", str(out)]) == 0
    (docs / "guide.md").unlink()
    (docs / "a" / "index.md").rename(docs / "a" / "intro.md")
    capsys.readouterr()
    assert main(["compile", "--in-process", "-q", str(docs), "--out", str(out)]) == 0
    left = [line for line in capsys.readouterr().err.splitlines() if line.startswith("left ")]
    assert sorted(line.split(": its source ")[1].split(" is gone")[0] for line in left) == [
        "a/index.md",
        "guide.md",
    ]
    assert (out / f"{doc_id_for('guide.md')}.bin").exists()  # named, not moved, without --prune
    assert (
        main(
            [
                "compile",
                "--in-process",
                "-q",
                "--prune",
                str(docs / "a"),
                "--root",
                str(docs),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    retired = [line for line in capsys.readouterr().err.splitlines() if line.startswith("retired ")]
    assert len(retired) == 1 and "a/index.md" in retired[0]  # only keys under the compiled folder
    assert (out / ".deleted" / f"{doc_id_for('a/index.md')}.bin").exists()
    assert main(["ls", "--json", str(out)]) == 0
    listed = sorted(r["document_key"] for r in json.loads(capsys.readouterr().out))
    # the renamed one once; guide.md left (not pruned)
    assert listed == ["a/intro.md", "b/index.md", "guide.md"]
