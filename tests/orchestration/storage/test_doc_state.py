"""A damaged automation state file is moved aside and rebuilt (issue 11, item 6).

Before: every sensor tick and the nightly schedule raised `DatabaseError: file is not a
database`, and edits and deletions were never processed again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import Harness, requested
from vectorless_assets.orchestration.base.keys import SCHEDULE_NAME
from vectorless_assets.orchestration.storage.doc_state import DocState, Row
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore


def _garbage(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database\n" * 300)


def _truncated(path: Path) -> None:
    with DocState(path) as state:
        state.save({f"doc{i}.md": Row(i, i, "f" * 32, 0) for i in range(2000)})
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


@pytest.mark.parametrize("damage", [_garbage, _truncated])
def test_damaged_file_is_moved_aside_and_rebuilt(tmp_path: Path, damage) -> None:
    path = tmp_path / ".state" / "documents.sqlite"
    damage(path)
    with DocState(path) as state:
        assert state.load() == {}
        state.save({"a.md": Row(1, 2, "x", 0)})
    [aside] = path.parent.glob("documents.sqlite.damaged-*")
    assert aside.stat().st_size > 0
    with DocState(path) as state:
        assert set(state.load()) == {"a.md"}


def test_sensor_and_schedule_keep_working_with_a_garbage_state_file(tmp_path: Path) -> None:
    h = Harness(tmp_path, on_disk=True)
    h.write("a.md", "# A\n\nAlpha.\n")
    h.write("b.md", "# B\n\nBeta.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    _garbage(Path(h.settings.state_path))
    h.write("a.md", "# A\n\nAlpha, edited.\n")
    (h.docs / "b.md").unlink()
    result = h.tick()  # raised DatabaseError before
    assert requested(result.run_requests) == ["a.md"]
    assert h.instance.get_dynamic_partitions("documents") == ["a.md"]
    _garbage(Path(h.settings.state_path))
    resources = {
        "documents": DocumentsRoot(path=h.settings.docs_dir),
        "ir_store": IRStore(path=h.settings.ir_dir),
    }
    with dg.build_schedule_context(
        instance=h.instance, resources=resources, scheduled_execution_time=datetime.now(UTC)
    ) as context:
        out = h.defs.resolve_schedule_def(SCHEDULE_NAME).evaluate_tick(context)
    assert out.run_requests is not None and [
        r.run_config["ops"]["recompile"]["config"]["documents"] for r in out.run_requests
    ] == [["a.md"]]
