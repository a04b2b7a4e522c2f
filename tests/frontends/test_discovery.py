"""Document discovery never leaves the documents root (issue 11, items 2 and 9).

Keys with `..` or an absolute path, and symbolic links whose target lies outside the root,
are refused by `locate` and skipped by `walk`; links inside the root are followed. A file
name that is not valid UTF-8 is skipped with a reason instead of crashing a compile.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vectorless_assets.cli import main
from vectorless_assets.frontends.discovery import BACKSLASH, discover, expand, locate, walk


@pytest.fixture
def root(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "good.md").write_text("# Good\n\nA good document about caches.\n")
    (docs / "sub" / "inner.md").write_text("# Inner\n\nInside the root.\n")
    secret = tmp_path / "secret.md"
    secret.write_text("# Secret\n\nroot:x:0:0:outside the documents root\n")
    (docs / "passwd.md").symlink_to(secret)  # a file link leaving the root
    (docs / "alias.md").symlink_to(docs / "sub" / "inner.md")  # a file link inside the root
    (docs / "outdir").symlink_to(tmp_path)  # a folder link: never descended
    return docs


@pytest.mark.parametrize(
    "key",
    [
        "../secret.md",
        "../../etc/passwd",
        "sub/../../secret.md",
        "/etc/passwd",
        "",
        "a//b.md",
        "./good.md",
        "a\x00.md",
    ],
)
def test_locate_refuses_keys_leaving_the_root(root: Path, key: str) -> None:
    with pytest.raises(ValueError, match="documents root"):
        locate(str(root), key)


def test_locate_refuses_links_out_and_follows_links_in(root: Path) -> None:
    with pytest.raises(ValueError, match="outside the documents root"):
        locate(str(root), "passwd.md")
    with pytest.raises(ValueError, match="outside the documents root"):
        locate(str(root), "outdir/secret.md")
    assert Path(locate(str(root), "alias.md")).read_text().startswith("# Inner")
    assert locate(str(root), "sub/inner.md") == str(root / "sub" / "inner.md")


def test_walk_skips_links_leaving_the_root_and_says_why(root: Path) -> None:
    skipped: list[tuple[str, str]] = []
    keys = sorted(f.key for f in walk(root, on_skip=lambda k, why: skipped.append((k, why))))
    assert keys == ["alias.md", "good.md", "sub/inner.md"]
    assert skipped == [("passwd.md", "symbolic link to a file outside the documents root")]
    assert discover(root) == keys
    assert [r.key for r in expand([str(root)])] == keys


def _compile_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict]]:
    code = main(["compile", "--json", "-q", *args])
    return code, json.loads(capsys.readouterr().out)


def test_cli_in_process_never_compiles_a_link_leaving_the_root(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, results = _compile_json(
        ["--in-process", str(root), "--out", str(tmp_path / "ir")], capsys
    )
    assert code == 0
    assert sorted(r["key"] for r in results) == ["alias.md", "good.md", "sub/inner.md"]
    blob = b"".join(p.read_bytes() for p in (tmp_path / "ir").glob("*.bin"))
    assert b"outside the documents root" not in blob


def test_cli_through_dagster_never_compiles_a_link_leaving_the_root(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    code, results = _compile_json([str(root), "--out", str(tmp_path / "ir")], capsys)
    assert code == 0 and "passwd.md" not in {r["key"] for r in results}
    blob = b"".join(p.read_bytes() for p in (tmp_path / "ir").rglob("*") if p.is_file())
    assert b"outside the documents root" not in blob


@pytest.mark.skipif(os.name != "posix", reason="byte file names are a POSIX matter")
def test_non_utf8_file_name_is_skipped_and_the_rest_compile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "fine.md").write_text("# Fine\n\nText.\n")
    try:
        with open(os.path.join(os.fsencode(docs), b"caf\xe9.md"), "wb") as fh:
            fh.write(b"# Latin-1 name\n\nText.\n")
    except OSError:
        pytest.skip("the file system refuses non-UTF-8 names")
    skipped: list[str] = []
    assert discover(docs, on_skip=lambda k, why: skipped.append(why)) == ["fine.md"]
    assert skipped == ["file name is not valid UTF-8"]
    code, results = _compile_json(
        ["--in-process", str(docs), "--out", str(tmp_path / "ir")], capsys
    )
    assert code == 0 and [r["key"] for r in results] == ["fine.md"]


@pytest.mark.skipif(os.name != "posix", reason="byte file names are a POSIX matter")
def test_a_non_utf8_file_named_explicitly_fails_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named on the command line it is not skipped: it fails with a reason, the others compile
    (before: `UnicodeEncodeError` in `doc_id_for` stopped the whole command)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "fine.md").write_text("# Fine\n\nText.\n")
    bad = os.path.join(os.fsencode(docs), b"caf\xe9.md")
    try:
        with open(bad, "wb") as fh:
            fh.write(b"# Latin-1 name\n\nText.\n")
    except OSError:
        pytest.skip("the file system refuses non-UTF-8 names")
    code, results = _compile_json(
        [
            "--in-process",
            os.fsdecode(bad),
            str(docs / "fine.md"),
            "--root",
            str(docs),
            "--out",
            str(tmp_path / "ir"),
        ],
        capsys,
    )
    assert code == 1
    assert [r["ok"] for r in results] == [False, True] and results[0]["error"]


@pytest.fixture
def backslash(tmp_path: Path) -> Path:
    """`a\\b.md` beside `a/b.md`: one key for two files before issue 35."""
    docs = tmp_path / "docs"
    (docs / "a").mkdir(parents=True)
    (docs / "a" / "b.md").write_text("# Slash\n\nIn folder a.\n")
    (docs / "a\\b.md").write_text("# Backslash\n\nA backslash in the name.\n")
    return docs


def test_a_backslash_in_a_name_is_skipped_with_a_reason(
    backslash: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The folder compiles (before: refused with `two sources share the key 'a/b.md'` and
    advice, `--root`, that cannot help); the file is named as skipped, and why."""
    skipped: list[tuple[str, str]] = []
    assert discover(backslash, on_skip=lambda k, why: skipped.append((k, why))) == ["a/b.md"]
    assert skipped == [("a\\b.md", BACKSLASH)]
    argv = ["compile", "--in-process", "--json", str(backslash), "--out", str(tmp_path / "ir")]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert [r["key"] for r in json.loads(out)] == ["a/b.md"]
    assert "skipped a\\b.md: file name holds a backslash" in err


def test_a_backslash_file_named_explicitly_is_refused(
    backslash: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named on the command line it would be compiled as `a/b.md`, over that file's IR."""
    argv = ["compile", "--in-process", str(backslash / "a\\b.md"), "--root", str(backslash)]
    assert main([*argv, "--out", str(tmp_path / "ir")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and BACKSLASH in err[0], err
    assert not (tmp_path / "ir").exists()


def test_a_key_with_a_backslash_reads_no_other_file(backslash: Path) -> None:
    """A partition added by hand as `a%5Cb.md` decodes to `a\\b.md`, which read `a/b.md`."""
    with pytest.raises(ValueError, match="backslash"):
        locate(str(backslash), "a\\b.md")
    with pytest.raises(ValueError):
        locate(str(backslash), "..\\secret.md")
