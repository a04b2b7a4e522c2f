"""A documents root that cannot be listed is a skipped tick, never "every document deleted"."""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import Harness
from vectorless_assets.orchestration.automation import scan
from vectorless_assets.orchestration.automation.scan import list_files, root_problem


def test_root_problem_names_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert root_problem(str(tmp_path)) is None
    assert root_problem(str(tmp_path / "gone")) == "does not exist"

    def broken(root: str) -> bool:
        raise ConnectionError("store unreachable")

    monkeypatch.setattr(scan, "root_exists", broken)
    assert (
        root_problem("s3://bucket/docs") == "cannot be reached: ConnectionError: store unreachable"
    )


def test_an_unreadable_root_skips_the_tick_and_deletes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    h.write("a.md", "# A\n\nText.\n")
    h.tick()
    assert h.instance.get_dynamic_partitions("documents") == ["a.md"]
    real_scandir = os.scandir

    def denied(path: str | os.PathLike[str] = ".") -> object:
        # the root itself: permission denied (root ignores chmod)
        if os.fspath(path).rstrip("/") == str(h.docs):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", denied)
    assert root_problem(str(h.docs)) == "is not readable (Permission denied)"
    assert list_files(str(h.docs)) is None
    context = dg.build_sensor_context(
        instance=h.instance, cursor=h.cursor, resources=h.resources(), definitions=h.defs
    )
    assert isinstance(h.sensor(context), dg.SkipReason)
    assert h.instance.get_dynamic_partitions("documents") == ["a.md"]  # not deleted


def test_the_sensor_lists_a_backslash_name_as_skipped_not_as_another_file(tmp_path: Path) -> None:
    """`a\\b.md` and `a/b.md` shared the partition `a~b.md`: the sensor compiled one of the
    two, whichever the listing gave last (issue 35). The one discovery skips it, saying why."""
    docs = tmp_path / "docs"
    (docs / "a").mkdir(parents=True)
    (docs / "a" / "b.md").write_text("# Slash\n\nIn folder a.\n")
    (docs / "a\\b.md").write_text("# Backslash\n\nA much longer document than the other.\n")
    skipped: list[str] = []
    files = list_files(str(docs), on_skip=lambda name, why: skipped.append(name))
    assert files is not None and list(files) == ["a~b.md"]
    assert files["a~b.md"].document_key == "a/b.md"
    assert files["a~b.md"].size == (docs / "a" / "b.md").stat().st_size
    assert skipped == ["a\\b.md"]
