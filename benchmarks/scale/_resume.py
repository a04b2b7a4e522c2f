"""The resumable state of a long benchmark (`bench_100k.py`): which steps finished, with what.

One JSON file in the benchmark's work folder records the configuration the folder was made
with, each finished step's results, and the progress of a step under way (a cursor, a count
of finished runs, ...). Every change is written at once (a temporary file renamed over the
old one, so a kill leaves the previous state whole); a rerun with the same configuration
skips the finished steps and resumes the one under way from its progress; a rerun with
another configuration is refused (the folder holds another benchmark's instance).

No Dagster here: `tests/test_bench_resume.py` tests it alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


class ConfigMismatch(ValueError):
    """The work folder was made with another configuration."""


class RunState:
    """`state.json` of a work folder: `config`, finished `steps`, `progress` of the current."""

    def __init__(self, path: Path, config: dict[str, Any]) -> None:
        self.path = Path(path)
        data: dict[str, Any] = {"config": config, "steps": {}, "progress": {}, "order": []}
        if self.path.exists():
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("config") != config:
                raise ConfigMismatch(
                    f"{self.path} was made with {data.get('config')}, not {config}: "
                    "use another --dir or the same options"
                )
        self._data = data
        self._write()

    @property
    def config(self) -> dict[str, Any]:
        return dict(self._data["config"])

    def done(self, step: str) -> bool:
        """Whether `step` finished (its results are recorded)."""
        return step in self._data["steps"]

    def result(self, step: str) -> dict[str, Any]:
        """The results `finish` recorded for `step` (empty when it has not finished)."""
        return dict(self._data["steps"].get(step, {}))

    def progress(self, step: str) -> dict[str, Any]:
        """What `advance` recorded for an unfinished `step` (empty when it has not started)."""
        return dict(self._data["progress"].get(step, {}))

    def advance(self, step: str, **progress: Any) -> None:
        """Record `step`'s progress (merged into what was recorded) and write it at once."""
        if self.done(step):
            raise ValueError(f"step {step} already finished")
        self._data["progress"].setdefault(step, {}).update(progress)
        self._write()

    def finish(self, step: str, **results: Any) -> None:
        """Record `step` as finished with `results`; its progress is dropped."""
        self._data["steps"][step] = results
        self._data["progress"].pop(step, None)
        if step not in self._data["order"]:
            self._data["order"].append(step)
        self._write()

    def finished(self) -> list[tuple[str, dict[str, Any]]]:
        """(step, results) of every finished step, in the order they finished."""
        return [(s, dict(self._data["steps"][s])) for s in self._data["order"]]

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self._data, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.path)


def run_step(state: RunState, step: str, work: Any) -> dict[str, Any]:
    """`step`'s results: recorded ones when it finished before, else `work(progress)`'s
    (recorded as finished). `work` receives the step's recorded progress (empty at first) and
    may call `state.advance(step, ...)` as it goes; an exception leaves the step unfinished."""
    if state.done(step):
        print(f"[{step}] finished before: {state.result(step)}", flush=True)
        return state.result(step)
    results = work(state.progress(step))
    state.finish(step, **results)
    print(f"[{step}] {results}", flush=True)
    return results
