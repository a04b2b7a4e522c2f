"""The resumable state of `benchmarks/scale/bench_100k.py` (`benchmarks/scale/_resume.py`),
alone: a rerun skips finished steps, resumes the step under way from its progress, refuses another
configuration, and a step that raised stays unfinished. No Dagster, milliseconds."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.support.paths import ROOT

_spec = importlib.util.spec_from_file_location(
    "bench_resume", ROOT / "benchmarks" / "scale" / "_resume.py"
)
resume = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(resume)

CONFIG = {"docs": 30, "mode": "fast"}


def _runs(path: Path, calls: list[str], *, kill_at: int | None = None) -> dict:
    """One invocation of a three-step benchmark whose middle step does 5 units of work, each
    recorded as progress; `kill_at` raises after that many units (a killed process)."""
    state = resume.RunState(path, CONFIG)
    resume.run_step(state, "first", lambda p: calls.append("first") or {"seconds": 1})

    def middle(progress: dict) -> dict:
        done = progress.get("next", 0)
        for i in range(done, 5):
            if kill_at is not None and i == kill_at:
                raise KeyboardInterrupt
            calls.append(f"unit{i}")
            state.advance("middle", next=i + 1)
        return {"units": 5 - done, "resumed_at": done}

    resume.run_step(state, "middle", middle)
    resume.run_step(state, "last", lambda p: calls.append("last") or {"seconds": 2})
    return dict(state.finished())


def test_a_rerun_resumes_where_the_killed_one_stopped(tmp_path: Path) -> None:
    path, calls = tmp_path / "state.json", []
    with pytest.raises(KeyboardInterrupt):
        _runs(path, calls, kill_at=3)
    assert calls == ["first", "unit0", "unit1", "unit2"]
    saved = json.loads(path.read_text())
    assert saved["progress"] == {"middle": {"next": 3}} and set(saved["steps"]) == {"first"}

    calls.clear()
    finished = _runs(path, calls)
    assert calls == ["unit3", "unit4", "last"]  # first not redone, middle from unit 3
    assert finished["middle"] == {"units": 2, "resumed_at": 3}
    assert list(finished) == ["first", "middle", "last"]
    assert json.loads(path.read_text())["progress"] == {}

    calls.clear()
    _runs(path, calls)
    assert calls == []  # everything finished: nothing runs again


def test_another_configuration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    _runs(path, [])
    with pytest.raises(resume.ConfigMismatch):
        resume.RunState(path, {**CONFIG, "docs": 100000})


def test_a_finished_step_takes_no_more_progress(tmp_path: Path) -> None:
    state = resume.RunState(tmp_path / "state.json", CONFIG)
    state.finish("a", seconds=1)
    with pytest.raises(ValueError, match="already finished"):
        state.advance("a", next=2)
    assert not (tmp_path / "state.json.tmp").exists()  # written whole, then renamed
