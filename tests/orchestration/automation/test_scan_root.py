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
