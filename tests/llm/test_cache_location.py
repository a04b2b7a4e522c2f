"""Issue 35, item 1: a cache path that is not a damaged cache file is never moved.

`LLMCache` moved aside whatever `VECTORLESS_LLM_CACHE` named on any `sqlite3.DatabaseError`:
a text file, a folder, even a device node became `*.damaged-…` and an SQLite file took its
place. Now only a damaged cache file of the project's own is moved aside; a folder, a FIFO
(standing in for a device), another kind of file, an unreadable file or a read-only place is
one `error:` line naming the variable (a Component's `<prefix>_CACHE` for its compiler), and
a healthy cache in a read-only folder is used read-only, never called damaged.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.cli import main
from vectorless_assets.llm.cache import CacheLocationError, LLMCache
from vectorless_assets.orchestration.component.component import DocumentCompilerComponent
from vectorless_assets.orchestration.storage.resources import LLMResource

NOBODY = 65534


def _listing(folder: Path) -> dict[str, bytes | str]:
    return {
        p.name: p.read_bytes() if p.is_file() and not p.is_fifo() else "special"
        for p in sorted(folder.iterdir())
    }


def _compile(tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> str:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "a.md").write_text("# A\n\nFirst part.\n\n## One\n\nOne text here.\n")
    with FakeLLMServer() as srv:
        monkeypatch.setenv("VECTORLESS_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("VECTORLESS_LLM_MODEL", "fake-model")
        monkeypatch.setenv("VECTORLESS_LLM_CACHE", str(cache))
        rc = main(["compile", "--in-process", "-q", str(src), "--out", str(tmp_path / "ir")])
        assert srv.requests == 0  # refused before anything was compiled
    err = capsys.readouterr().err
    assert rc == 2 and not (tmp_path / "ir").exists()
    [line] = err.splitlines()
    return line


@pytest.mark.parametrize("kind", ["folder", "fifo", "text"])
def test_a_cache_path_that_is_no_cache_file_is_one_error_line_and_nothing_moves(
    tmp_path: Path, kind: str, capsys, monkeypatch
) -> None:
    place = tmp_path / "place"
    place.mkdir()
    cache = place / "llm.sqlite"
    if kind == "folder":
        cache.mkdir()
        (cache / "notes.txt").write_text("keep me")
    elif kind == "fifo":
        os.mkfifo(cache)
    else:
        cache.write_text("my notes, not a database\n" * 100)
    before = _listing(place)
    line = _compile(tmp_path, cache, capsys, monkeypatch)
    assert line.startswith(f"error: VECTORLESS_LLM_CACHE: {cache} is ")
    assert {"folder": "a folder", "fifo": "a FIFO", "text": "not an SQLite"}[kind] in line
    assert "nothing was moved" in line
    assert _listing(place) == before  # nothing renamed, nothing created beside it
    if kind == "folder":
        assert (cache / "notes.txt").read_text() == "keep me"


def test_a_components_cache_variable_is_named(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "contracts-cache"
    folder.mkdir()
    monkeypatch.setenv("CONTRACTS_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CONTRACTS_LLM_MODEL", "m")
    monkeypatch.setenv("CONTRACTS_LLM_CACHE", str(folder))
    component = DocumentCompilerComponent.from_attributes_dict(
        attributes={
            "prefix": "contracts",
            "documents_root": "documents",
            "llm_env_prefix": "CONTRACTS_LLM",
        }
    )
    resource = LLMResource.from_settings(component.settings(tmp_path))
    with pytest.raises(CacheLocationError, match=rf"^CONTRACTS_LLM_CACHE: {folder} is a folder"):
        resource.cache()
    assert folder.is_dir() and not list(tmp_path.glob("*.damaged-*"))


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary folder another user can enter (pytest's own are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="vectorless-cache-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for p in [folder, *folder.rglob("*")]:
            if p.is_dir():
                p.chmod(0o755)
        shutil.rmtree(folder)


def _as_unprivileged(fn: Callable[[Path], None], folder: Path) -> None:
    """Run `fn(folder)` where permissions hold: in a child as `nobody` when we are root."""
    if os.geteuid() != 0:
        fn(folder)
        return

    def child() -> None:
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        fn(folder)

    proc = multiprocessing.get_context("fork").Process(target=child)
    proc.start()
    proc.join(60)
    assert proc.exitcode == 0, "the check failed in the unprivileged child (see its output)"


def _healthy_cache_in_read_only_folder(folder: Path) -> None:
    path = folder / "ro" / "llm.sqlite"
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        cache = LLMCache(path)
    texts = [str(w.message) for w in seen]
    assert texts and "read-only" in texts[0] and "damaged" not in " ".join(texts), texts
    assert "answers are read" in texts[0] and cache.readonly
    assert cache.get("k") == "kept answer"
    cache.put("k2", "not kept")  # a no-op, never an error
    cache.close()


def _damaged_or_missing_cache_in_read_only_folder(folder: Path) -> None:
    for name, problem in (("broken.sqlite", "damaged"), ("new.sqlite", "cannot be made")):
        with pytest.raises(CacheLocationError, match=f"VECTORLESS_LLM_CACHE: .*{problem}"):
            LLMCache(folder / "ro" / name)
    with pytest.raises(CacheLocationError, match="cannot be read"):
        LLMCache(folder / "secret.sqlite")


def test_a_read_only_place_is_never_damaged_and_nothing_moves(shared_tmp: Path) -> None:
    ro = shared_tmp / "ro"
    ro.mkdir()
    cache = LLMCache(ro / "llm.sqlite")
    cache.put("k", "kept answer")
    cache.close()
    broken = bytearray((ro / "llm.sqlite").read_bytes())
    broken[100:] = os.urandom(len(broken) - 100)  # SQLite's header, damaged pages
    (ro / "broken.sqlite").write_bytes(bytes(broken))
    (shared_tmp / "secret.sqlite").write_bytes(b"")
    (shared_tmp / "secret.sqlite").chmod(0o000)
    for p in ro.iterdir():
        p.chmod(0o444)
    ro.chmod(0o555)
    before = _listing(ro)
    _as_unprivileged(_healthy_cache_in_read_only_folder, shared_tmp)
    _as_unprivileged(_damaged_or_missing_cache_in_read_only_folder, shared_tmp)
    assert _listing(ro) == before
