"""The documents sensor: new and edited documents become partitions, observations and run
requests."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from tests.support.automation import requested
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME, SENSOR_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore


def _tick(
    defs: dg.Definitions, instance: dg.DagsterInstance, docs: Path, cursor: str | None
) -> dg.SensorResult:
    sensor = defs.resolve_sensor_def(SENSOR_NAME)
    context = dg.build_sensor_context(
        instance=instance,
        cursor=cursor,
        resources={
            "documents": DocumentsRoot(path=str(docs)),
            "ir_store": IRStore(path=str(docs.parent / "ir")),
        },
        definitions=defs,
    )
    result = sensor(context)
    # build_sensor_context does not apply them
    for request in result.dynamic_partitions_requests or []:
        instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
    return result


def test_sensor_requests_runs_for_new_and_edited_documents_only(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "a").mkdir(parents=True)
    (docs / "a" / "index.md").write_text("# A\n\nOne.\n", encoding="utf-8")
    (docs / "b.md").write_text("# B\n\nTwo.\n", encoding="utf-8")
    (docs / "image.png").write_bytes(b"\x89PNG")  # not a document
    defs = build_defs(Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir"))
    instance = dg.DagsterInstance.ephemeral()

    first = _tick(defs, instance, docs, None)
    assert requested(first.run_requests) == ["a~index.md", "b.md"]
    assert set(instance.get_dynamic_partitions(PARTITIONS_NAME)) == {"a~index.md", "b.md"}
    obs = {o.partition: o.tags["dagster/data_version"] for o in first.asset_events}
    assert obs["b.md"] == content_fingerprint((docs / "b.md").read_bytes())

    quiet = _tick(defs, instance, docs, first.cursor)
    assert quiet.run_requests == [] and quiet.asset_events == []

    (docs / "b.md").write_text("# B\n\nTwo, edited.\n", encoding="utf-8")
    edited = _tick(defs, instance, docs, quiet.cursor)
    assert requested(edited.run_requests) == ["b.md"]
    assert edited.run_requests[0].run_key != first.run_requests[0].run_key
    assert not edited.dynamic_partitions_requests
