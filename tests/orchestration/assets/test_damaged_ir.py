"""A damaged or truncated IR file is recompiled (issue 11, item 3).

"Unchanged" needs the source, the options and an intact IR to agree: the CLI's compile and
`recompile_documents` verify the IR they would skip; sensor ticks and the schedule compare
the stamp recorded when the IR was written and verify only when it differs.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import QUIET, Harness, requested
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.batch.selection import stale_documents
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage.resources import IRStore

TEXT = "# Caches\n\nA cache keeps recent answers.\n\n## Eviction\n\nLeast recently used first.\n"


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "flip":
        i = data.index(b"recent")
        path.write_bytes(data[:i] + b"R" + data[i + 1 :])
    else:
        path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize("how", ["flip", "truncate"])
def test_cli_compile_repairs_a_damaged_ir(tmp_path: Path, how: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "cache.md").write_text(TEXT)
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir", "instance": dg.DagsterInstance.ephemeral()}
    first = compile_paths([docs / "cache.md"], **kw)[0]
    assert first.status == "compiled"
    assert compile_paths([docs / "cache.md"], **kw)[0].status == "skipped"
    damage(Path(first.ir_path), how)
    again = compile_paths([docs / "cache.md"], **kw)[0]
    assert (again.status, again.reason) == ("compiled", "IR damaged")
    assert load_ir(again.ir_path).doc_id == first.doc_id
    assert compile_paths([docs / "cache.md"], **kw)[0].status == "skipped"


def test_recompile_documents_repairs_a_damaged_ir(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.write("cache.md", TEXT)
    config = {**QUIET, **batch_request(["cache.md"], run_key=None).run_config}
    job = h.defs.resolve_job_def(RECOMPILE_JOB)
    assert job.execute_in_process(instance=h.instance, run_config=config).success
    ir = h.ir / f"{key_to_doc_id('cache.md')}.bin"
    damage(ir, "flip")
    result = job.execute_in_process(instance=h.instance, run_config=config)
    assert any(e.is_step_materialization for e in result.all_events)
    load_ir(ir)


def test_sensor_and_schedule_see_a_damaged_ir_and_the_repair_sticks(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.write("cache.md", TEXT)
    h.write("other.md", "# Other\n\nUntouched.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    assert h.tick().run_requests == []
    ir = h.ir / f"{key_to_doc_id('cache.md')}.bin"
    graph = AssetGraph(h.settings.table, h.settings.options)
    fingerprints = {pk: row.fingerprint for pk, row in _rows(h).items()}
    assert stale_documents(h.instance, fingerprints, graph, IRStore(path=h.settings.ir_dir)) == {}
    damage(ir, "truncate")
    assert stale_documents(h.instance, fingerprints, graph, IRStore(path=h.settings.ir_dir)) == {
        "cache.md": "IR damaged"
    }
    [request] = h.tick().run_requests
    assert requested([request]) == ["cache.md"] and request.job_name == RECOMPILE_JOB
    assert h.tick().run_requests == [request]  # same run key: the daemon dedupes it
    h.launch(request)
    load_ir(ir)
    assert h.tick().run_requests == []
    ir.unlink()
    [request] = h.tick().run_requests
    h.launch(request)
    assert ir.exists()


def _rows(h: Harness) -> dict:
    from vectorless_assets.orchestration.storage.doc_state import DocState

    with DocState(h.settings.state_path) as state:
        return state.load()


def test_sensor_ticks_read_only_new_materializations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The IR check caches each document's stamp by storage id in the state file: a tick
    reads the records of new materializations only (10,000 documents: 3.9 s for the first
    tick, 0.4 s for the next, measured with /tmp-generated records)."""
    from vectorless_assets.orchestration.automation import ir_health

    asked: list[set[str]] = []
    real = ir_health.records.stored_irs

    def spy(instance, partitions=None, *names):  # noqa: ANN001, ANN002, ANN202
        asked.append(set(partitions or ()))
        return real(instance, partitions, *names)

    monkeypatch.setattr(ir_health.records, "stored_irs", spy)
    h = Harness(tmp_path)
    h.write("a.md", TEXT)
    h.write("b.md", "# B\n\nOther.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    asked.clear()
    h.tick()
    assert asked == [{"a.md", "b.md"}]  # first check: both records read and cached
    h.tick()
    assert asked[1:] == []  # nothing new: no record read
    h.write("a.md", TEXT + "\nMore.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    asked.clear()
    h.tick()
    assert asked == [{"a.md"}]
    damage(h.ir / f"{key_to_doc_id('a.md')}.bin", "flip")
    assert requested(h.tick().run_requests) == ["a.md"]


def test_a_check_reads_at_most_max_reads_new_records(tmp_path: Path) -> None:
    """After many documents were compiled with the sensor stopped, one check reads at most
    `max_reads` new `document_ir` records (100,000 at ≈ 1 ms each would pass Dagster's 60 s
    sensor timeout: benchmarks/scale/bench_100k.py); the others are checked by the next calls,
    never judged meanwhile against facts of an older IR."""
    from vectorless_assets.orchestration.automation.ir_health import ir_faults
    from vectorless_assets.orchestration.storage.doc_state import DocState

    h = Harness(tmp_path)
    h.write("a.md", TEXT)
    h.write("b.md", "# B\n\nOther.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    damage(h.ir / f"{key_to_doc_id('b.md')}.bin", "truncate")
    store = IRStore(path=str(h.ir))
    with DocState(h.settings.state_path) as state:
        state.save_irs({}, drop=list(state.load_irs()))  # as if no completed scan saw them
        assert ir_faults(h.instance, {"a.md", "b.md"}, store, state=state, max_reads=1) == {}
        assert set(state.load_irs()) == {"a.md"}  # one record read, b.md's left for later
        faults = ir_faults(h.instance, {"a.md", "b.md"}, store, state=state, max_reads=1)
        assert faults == {"b.md": "damaged"}
