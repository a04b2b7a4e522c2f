"""Runs over many partitions record exactly what one run per partition records.

The same five documents are compiled on two SQLite instances: one run per partition (the
old backfill policy), and one run over the whole range (how a backfill chunk runs now).
Per partition and per asset the data versions must be equal and Dagster's own staleness
resolver must agree, before and after an edit of one document. A third instance runs the
batched job with one worker process and with two: IR files and data versions identical.
"""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
from dagster._core.definitions.data_version import CachingStaleStatusResolver
from dagster._core.loader import LoadingContextForTest

from tests.support.automation import QUIET
from tests.support.staleness import provenance
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import partition_key_for
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.jobs.recompile import batch_request
from vectorless_assets.orchestration.storage.instance import open_instance

TEXTS = {
    f"d{i}.md": (
        f"# Doc {i}\n\nIntro {i}.\n\n## Part {i}\n\nDetails of {i}, with {'more ' * i}words.\n"
    )
    for i in range(5)
}
KEYS = [partition_key_for(rel) for rel in TEXTS]
START, END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"


def _setup(
    tmp_path: Path, name: str, workers: int = 1, slim: bool = False
) -> tuple[Settings, dg.Definitions, dg.DagsterInstance]:
    """Documents, definitions and an instance: Dagster's default SQLite storage, or with
    `slim` the shipped one (`VectorlessInstance`: the batching event log, slimmer events)."""
    docs, home = tmp_path / "docs", tmp_path / name
    docs.mkdir(exist_ok=True)
    for rel, text in TEXTS.items():
        (docs / rel).write_text(text, encoding="utf-8")
    home.mkdir()
    instance = open_instance(home) if slim else dg.DagsterInstance.local_temp(str(home))
    instance.add_dynamic_partitions(PARTITIONS_NAME, KEYS)
    _observe(instance, docs)
    settings = Settings.create(docs_dir=docs, ir_dir=tmp_path / f"ir-{name}", workers=workers)
    return settings, build_defs(settings), instance


def _observe(instance: dg.DagsterInstance, docs: Path) -> None:
    for rel, key in zip(TEXTS, KEYS, strict=True):
        fingerprint = content_fingerprint((docs / rel).read_bytes())
        instance.report_runless_asset_event(
            dg.AssetObservation("source", partition=key, tags={"dagster/data_version": fingerprint})
        )


def _versions(
    instance: dg.DagsterInstance, defs: dg.Definitions
) -> dict[tuple[str, str], str | None]:
    out = {}
    for key in defs.resolve_asset_graph().get_all_asset_keys():
        if key.to_user_string() in ("source", "corpus"):  # not per partition
            continue
        for pk in KEYS:
            records = instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=key, asset_partitions=[pk]), limit=1
            ).records
            out[(key.to_user_string(), pk)] = (
                records[0].asset_materialization.tags.get("dagster/data_version")
                if records
                else None
            )
    return out


def _statuses(instance: dg.DagsterInstance, defs: dg.Definitions) -> dict[tuple[str, str], str]:
    graph = defs.resolve_asset_graph()
    resolver = CachingStaleStatusResolver(instance, graph, LoadingContextForTest(instance))
    return {
        (k.to_user_string(), pk): resolver.get_status(k, pk).value
        for k in graph.get_all_asset_keys()
        if k.to_user_string() != "corpus"  # not partitioned
        for pk in KEYS
    }


def _provenance(
    instance: dg.DagsterInstance, defs: dg.Definitions
) -> dict[tuple[str, str], tuple[object, ...]]:
    return provenance(instance, defs.resolve_asset_graph().get_all_asset_keys(), KEYS)


def _run_both_ways(
    single_defs: dg.Definitions,
    single: dg.DagsterInstance,
    ranged_defs: dg.Definitions,
    ranged: dg.DagsterInstance,
) -> None:
    """One run per partition on `single`, one run over the range on `ranged`."""
    for pk in KEYS:
        assert (
            single_defs.resolve_job_def(COMPILE_JOB)
            .execute_in_process(instance=single, partition_key=pk, run_config=QUIET)
            .success
        )
    result = ranged_defs.resolve_job_def(COMPILE_JOB).execute_in_process(
        instance=ranged, tags={START: KEYS[0], END: KEYS[-1]}, run_config=QUIET
    )
    assert result.success


def test_a_range_run_records_what_one_run_per_partition_records_also_with_slim_events(
    tmp_path: Path,
) -> None:
    """On Dagster's default storage, a ranged run records per partition the data versions and
    staleness of one run per partition. The shipped event log stores slimmer events
    (`storage.slim`): per partition and asset, on a ranged run and on one run per partition,
    the data versions, the provenance and Dagster's staleness equal those of Dagster's default
    storage, before and after an edit."""
    instances = {
        (name, slim): _setup(tmp_path, f"{name}-{int(slim)}", slim=slim)[1:]
        for name in ("single", "ranged")
        for slim in (False, True)
    }
    for slim in (False, True):
        _run_both_ways(*instances[("single", slim)], *instances[("ranged", slim)])
    (single_defs, single), (ranged_defs, ranged) = (
        instances[("single", False)],
        instances[("ranged", False)],
    )
    assert len(ranged.get_runs()) == 1 and len(single.get_runs()) == len(KEYS)
    versions = _versions(ranged, ranged_defs)
    assert None not in versions.values()
    assert versions == _versions(single, single_defs)
    assert len({versions[("tree", pk)] for pk in KEYS}) == len(KEYS)  # not one version for all
    assert _statuses(ranged, ranged_defs) == _statuses(single, single_defs)
    for how in ("single", "ranged"):
        dagster_defs, dagster_instance = instances[(how, False)]
        slim_defs, slim_instance = instances[(how, True)]
        assert _versions(slim_instance, slim_defs) == _versions(dagster_instance, dagster_defs)
        assert _provenance(slim_instance, slim_defs) == _provenance(dagster_instance, dagster_defs)
        fresh = _statuses(slim_instance, slim_defs)
        assert set(fresh.values()) == {"FRESH"}
        assert fresh == _statuses(dagster_instance, dagster_defs)
    (tmp_path / "docs" / "d2.md").write_text("# Doc 2\n\nRewritten.\n", encoding="utf-8")
    for _, instance in instances.values():
        _observe(instance, tmp_path / "docs")
    assert _statuses(ranged, ranged_defs) == _statuses(single, single_defs)
    for how in ("single", "ranged"):
        after = _statuses(*reversed(instances[(how, True)]))
        assert after == _statuses(*reversed(instances[(how, False)]))
        # staleness is a frontier: the direct consumers of the source (parse, and the IR that
        # embeds it)
        assert {k for k, v in after.items() if v != "FRESH"} == {
            ("parsed", "d2.md"),
            ("document_ir", "d2.md"),
        }


def _ir_json(folder: Path) -> dict[str, dict]:
    out = {}
    for path in sorted(folder.glob("*.bin")):
        from vectorless_assets.ir.persist import load_ir

        plain = json.loads(load_ir(path).model_dump_json())
        plain.pop("meta", None)
        out[path.name] = plain
    return out


def test_one_and_two_worker_processes_give_identical_results(tmp_path: Path) -> None:
    results = {}
    for workers in (1, 2):
        settings, defs, instance = _setup(tmp_path, f"w{workers}", workers=workers)
        request = batch_request(KEYS, run_key=None)
        assert (
            defs.resolve_job_def(RECOMPILE_JOB)
            .execute_in_process(instance=instance, run_config={**QUIET, **request.run_config})
            .success
        )
        results[workers] = (_ir_json(Path(settings.ir_dir)), _versions(instance, defs))
    assert len(results[1][0]) == len(KEYS)
    assert results[1] == results[2]
