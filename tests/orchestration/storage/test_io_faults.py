"""Small faults of the storage (issue 11, item 9): full disks, long names, file modes.

The full-disk tests mount a small tmpfs (they need root, and skip without it).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.cli import main
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.storage.instance import open_instance

TEXT = "# Title\n\nSome text.\n\n## Part\n\nMore text.\n"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 3 MB tmpfs at tmp_path/disk (skips where mounting is not allowed)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path) -> None:
    with open(disk / "filler", "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
        except OSError:
            pass


def _docs(tmp_path: Path, n: int = 3) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(n):
        (docs / f"doc{i}.md").write_text(TEXT.replace("Title", f"Title {i}"))
    return docs


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict], str]:
    code = main(["compile", "--json", "-q", *args])
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


def test_full_out_folder_says_no_space_and_keeps_old_irs(
    tmp_path: Path,
    small_disk: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    docs = _docs(tmp_path)
    out = small_disk / "ir"
    code, first, _ = _cli([str(docs), "--out", str(out)], capsys)
    assert code == 0
    old = {p.name: p.read_bytes() for p in out.glob("*.bin")}
    for i in range(3):
        (docs / f"doc{i}.md").write_text(TEXT + f"\nEdited {i}.\n")
    _fill(small_disk)
    code, results, _ = _cli([str(docs), "--out", str(out)], capsys)
    assert code == 1
    assert all(not r["ok"] and "No space left on device" in r["error"] for r in results), [
        r["error"] for r in results
    ]
    assert {p.name: p.read_bytes() for p in out.glob("*.bin")} == old


def test_full_dagster_home_fails_each_document_with_a_message(
    tmp_path: Path,
    small_disk: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    docs = _docs(tmp_path, 4)
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir"}
    with open_instance(small_disk / "home") as instance:
        assert compile_paths([docs / "doc0.md"], instance=instance, **kw)[0].status == "compiled"
        _fill(small_disk)  # the disk fills up while the compile is under way
        # raised after the first before
        results = compile_paths(sorted(docs.iterdir()), instance=instance, **kw)
    assert [r.status for r in results][1:] == ["failed"] * 3
    assert all(
        "full" in r.error or "No space" in r.error or "disk" in r.error for r in results[1:]
    ), [r.error for r in results]
    # a new command on the full home: one line per document, exit 1, no traceback
    monkeypatch.setenv("DAGSTER_HOME", str(small_disk / "home"))
    code, cli, err = _cli([str(docs), "--out", str(tmp_path / "ir")], capsys)
    assert code == 1 and "Traceback" not in err
    assert all(not r["ok"] and r["error"] for r in cli if r["key"] != "doc0.md")


def test_long_file_names_compile_and_stay_current(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    name = "a long chapter title with spaces, commas & more " * 5
    path = docs / "sub dir" / f"{name[:240]}.md"
    path.parent.mkdir(parents=True)
    path.write_text(TEXT)
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir", "instance": dg.DagsterInstance.ephemeral()}
    [first] = compile_paths([path], **kw)
    assert first.status == "compiled", first.error
    assert len(first.partition_key.encode()) > 255
    assert compile_paths([path], **kw)[0].status == "skipped"
    assert all(len(p.name.encode()) <= 255 for p in (tmp_path / "ir").rglob("*"))


def test_ir_and_field_files_follow_the_umask(tmp_path: Path) -> None:
    docs = _docs(tmp_path, 1)
    old = os.umask(0o022)
    try:
        [res] = compile_paths(
            [docs / "doc0.md"],
            docs_root=docs,
            ir_dir=tmp_path / "ir",
            instance=dg.DagsterInstance.ephemeral(),
        )
    finally:
        os.umask(old)
    files = [p for p in (tmp_path / "ir").rglob("*") if p.is_file() and ".state" not in p.parts]
    assert Path(res.ir_path) in files and len(files) > 5
    assert {stat.S_IMODE(p.stat().st_mode) for p in files} == {0o644}


def test_a_newline_in_a_file_name_keeps_one_line_per_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = _docs(tmp_path, 2)
    (docs / "two\nlines.md").write_text(TEXT)
    assert main(["compile", "--in-process", str(docs), "--out", str(tmp_path / "ir")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and any("two\\nlines.md" in line for line in err)
