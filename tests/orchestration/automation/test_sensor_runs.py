"""The documents sensor on a real (ephemeral) instance: new, edited, unchanged, deleted files."""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import Harness, bumped, materialized, requested
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.storage.doc_state import DocState
from vectorless_assets.pipeline.table import TABLE


def _ir(h: Harness, pk: str) -> Path:
    return h.ir / f"{key_to_doc_id(pk)}.bin"


def test_new_file_adds_partition_observes_and_requests_a_run(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.write("guide/index.md", "# Guide\n\nIntro.\n")
    (h.docs / "image.png").write_bytes(b"\x89PNG")  # not a document
    result = h.tick()
    assert requested(result.run_requests) == ["guide~index.md"]
    assert set(h.instance.get_dynamic_partitions(PARTITIONS_NAME)) == {"guide~index.md"}
    [obs] = result.asset_events
    assert obs.tags["dagster/data_version"] == content_fingerprint(
        (h.docs / "guide/index.md").read_bytes()
    )
    run = h.launch(result.run_requests[0])
    assert set(materialized(run)["guide~index.md"]) == set(
        AssetGraph(TABLE, CompileOptions()).produced
    )
    assert _ir(h, "guide~index.md").exists()


def test_edit_recompiles_only_its_partition_and_unchanged_files_request_nothing(
    tmp_path: Path,
) -> None:
    h = Harness(tmp_path)
    a = h.write("a.md", "# A\n\nOne.\n")
    h.write("b.md", "# B\n\nTwo.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    st = a.stat()
    os.utime(a, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))  # touched, same bytes
    quiet = h.tick()
    assert quiet.run_requests == [] and quiet.asset_events == []
    h.write("b.md", "# B\n\nTwo, edited.\n")
    edited = h.tick()
    assert requested(edited.run_requests) == ["b.md"]
    assert list(materialized(h.launch(edited.run_requests[0]))) == ["b.md"]
    assert h.tick().run_requests == []


def test_a_b_a_compiles_three_times(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    path = h.write("doc.md", "# Doc\n\nVersion A.\n")
    compiles = 0
    for text in ("# Doc\n\nVersion A.\n", "# Doc\n\nVersion B, longer.\n", "# Doc\n\nVersion A.\n"):
        path.write_text(text, encoding="utf-8")
        st = path.stat()
        # mtime moves even within one clock tick
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + compiles + 1))
        [request] = h.tick().run_requests
        # Harness.launch refuses a repeated run key
        compiles += bool(materialized(h.launch(request)))
    assert compiles == 3
    assert len(set(h.runs)) == 3


def test_deleted_file_removes_partition_and_moves_the_ir_aside(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.write("keep.md", "# Keep\n\nStays.\n")
    gone = h.write("gone.md", "# Gone\n\nGoes.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    ir = _ir(h, "gone.md")
    assert ir.exists()
    gone.unlink()
    result = h.tick()
    assert result.run_requests == []
    [delete] = result.dynamic_partitions_requests
    assert isinstance(delete, dg.DeleteDynamicPartitionsRequest) and list(
        delete.partition_keys
    ) == ["gone.md"]
    assert set(h.instance.get_dynamic_partitions(PARTITIONS_NAME)) == {"keep.md"}
    assert not ir.exists() and (h.ir / ".deleted" / ir.name).exists()
    assert not (h.ir / ".fields" / "tree" / "gone.md.json").exists()
    assert _ir(h, "keep.md").exists()
    with DocState(h.settings.state_path) as state:
        assert set(state.load()) == {"keep.md"}


def test_missing_root_skips_without_deleting(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.write("a.md", "# A\n\nOne.\n")
    h.tick()
    (h.docs / "a.md").unlink()
    h.docs.rmdir()
    context = dg.build_sensor_context(
        instance=h.instance, cursor=h.cursor, resources=h.resources(), definitions=h.defs
    )
    assert isinstance(h.sensor(context), dg.SkipReason)
    assert h.instance.get_dynamic_partitions(PARTITIONS_NAME) == ["a.md"]


def test_an_emptied_root_takes_nothing_out_of_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty folder where the documents were (an unmounted share) is refused like a
    missing root (issue 25 item 9): before, every IR went to .deleted/ and every partition
    was removed. With VECTORLESS_SENSOR_ALLOW_MASS_DELETE=1 the deletions go through."""
    h = Harness(tmp_path)
    for name in ("a.md", "b.md", "c.md"):
        h.write(name, f"# {name}\n\nText of {name}.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    for name in ("a.md", "b.md", "c.md"):
        (h.docs / name).unlink()
    context = dg.build_sensor_context(
        instance=h.instance, cursor=h.cursor, resources=h.resources(), definitions=h.defs
    )
    skipped = h.sensor(context)
    assert isinstance(skipped, dg.SkipReason) and "3 of 3 known documents are gone" in (
        skipped.skip_message or ""
    )
    assert "VECTORLESS_SENSOR_ALLOW_MASS_DELETE" in (skipped.skip_message or "")
    assert sorted(h.instance.get_dynamic_partitions(PARTITIONS_NAME)) == ["a.md", "b.md", "c.md"]
    assert all(_ir(h, pk).exists() for pk in ("a.md", "b.md", "c.md"))
    monkeypatch.setenv("VECTORLESS_SENSOR_ALLOW_MASS_DELETE", "1")
    h.tick()
    assert h.instance.get_dynamic_partitions(PARTITIONS_NAME) == []
    assert not _ir(h, "a.md").exists() and (h.ir / ".deleted" / _ir(h, "a.md").name).exists()


def test_a_few_deletions_still_go_through(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    for name in ("a.md", "b.md", "c.md", "d.md"):
        h.write(name, f"# {name}\n\nText of {name}.\n")
    h.tick()
    (h.docs / "a.md").unlink()
    (h.docs / "b.md").unlink()  # half: not more than half
    h.tick()
    assert sorted(h.instance.get_dynamic_partitions(PARTITIONS_NAME)) == ["c.md", "d.md"]


def test_cursor_stays_small_and_ticks_are_chunked(tmp_path: Path) -> None:
    h = Harness(tmp_path, max_hashes=40, batch_size=30)
    for i in range(100):
        h.write(f"d{i // 10}/doc{i:03}.md", f"# Doc {i}\n\nText {i}.\n")
    seen: set[str] = set()
    ticks = 0
    while len(seen) < 100:
        result = h.tick()
        ticks += 1
        assert len(result.cursor) < 80
        # bulk change: batched runs
        assert all(r.job_name == RECOMPILE_JOB for r in result.run_requests)
        for request in result.run_requests:
            keys = request.run_config["ops"]["recompile"]["config"]["documents"]
            assert len(keys) <= 30
            seen.update(keys)
        assert ticks < 10
    assert ticks == 3  # 40 + 40 + 20 files hashed
    assert h.tick().run_requests == []  # a full pass later: nothing new


def test_deploy_with_a_bumped_pass_is_caught_up_in_one_batched_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    for i in range(4):
        h.write(f"doc{i}.md", f"# Doc {i}\n\nText {i}.\n")
    for request in h.tick().run_requests:
        h.launch(request)
    assert h.tick().run_requests == []
    # the reloaded code location, same instance and state file
    deployed = Harness(tmp_path, bumped(h.settings, "split"), instance=h.instance)
    deployed.cursor = h.cursor
    [request] = deployed.tick().run_requests
    assert request.job_name == RECOMPILE_JOB
    assert sorted(request.run_config["ops"]["recompile"]["config"]["documents"]) == [
        f"doc{i}.md" for i in range(4)
    ]
    run = deployed.launch(request)
    assert materialized(run) == {f"doc{i}.md": {"tree_split", "document_ir"} for i in range(4)}
    assert deployed.tick().run_requests == []
