"""One commit per database file per compiled document on the batching SQLite event log: a
document's source observation is stored in the same transaction as its materializations and
check evaluations (`document_runs.DocumentRuns._record`), not in one of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from tests.orchestration.storage.test_event_log import batching_instance
from vectorless_assets.orchestration.compile_paths import compile_paths


@pytest.fixture
def commits() -> Iterator[list[int]]:
    """The number of SQLite write transactions committed (`COMMIT` statements) so far by
    connections opened while the fixture is active."""
    count = [0]

    def traced(statement: str) -> None:
        count[0] += statement.startswith("COMMIT")

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(traced)

    event.listen(Engine, "connect", on_connect)
    try:
        yield count
    finally:
        event.remove(Engine, "connect", on_connect)


def _commits_of_compiling(tmp_path: Path, n: int, commits: list[int]) -> int:
    docs = tmp_path / f"docs-{n}"
    docs.mkdir()
    files = []
    for i in range(n):
        path = docs / f"d{i}.md"
        path.write_text(f"# Title {i}\n\nText {i}.\n\n## Part\n\nMore text {i}.\n")
        files.append(path)
    instance = batching_instance(tmp_path / f"home-{n}")
    before = commits[0]
    results = compile_paths(files, docs_root=docs, ir_dir=tmp_path / f"ir-{n}", instance=instance)
    assert [r.status for r in results] == ["compiled"] * n
    return commits[0] - before


def test_a_new_document_costs_one_commit_per_database_file(
    tmp_path: Path, commits: list[int]
) -> None:
    one = _commits_of_compiling(tmp_path, 1, commits)
    three = _commits_of_compiling(tmp_path, 3, commits)
    # each further document: its run shard's commit and the index shard's, nothing else
    # (its source observation stored apart from its other events: 4)
    assert (three - one) / 2 == 2
