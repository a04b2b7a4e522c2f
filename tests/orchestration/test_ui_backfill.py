""" "Materialize all" over 30 documents, clicked in a real browser: chunks of documents per run.

One `dagster dev` (the shipped `dagster.yaml`, a temporary instance) with 30 generated
documents, one of them an unreadable PDF, and backfill chunks of 10
(`VECTORLESS_BACKFILL_CHUNK`). Clicking "Materialize all" -> "All" -> "Launch backfill"
must compile every document in at most ceil(30 / 10) = 3 runs; the unreadable document
fails alone (its run fails naming it, the 9 others of its chunk are materialized), and
every partition records its own data version. Skips where chromium or playwright is absent.

Marked `slow` (about 75 s; `pytest -m slow`): the default suite keeps the same flows in less
time (`test_ui_browser`'s "Materialize all" click and failed-run re-execution, the chunking
and per-run isolation in `assets/test_backfill_daemon.py`), and `benchmarks/scale/ui_walk.py`
repeats a 30-document ranged backfill with a failing document in the browser.
"""

from __future__ import annotations

import math
import re

import dagster as dg
import pytest

from tests.orchestration.ui_support import DagsterUI, browser
from tests.support.dagster_dev import ROOT, dagster_dev
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for

pytestmark = pytest.mark.slow

CHUNK = 10
BAD = "doc17.pdf"


def test_materialize_all_over_30_documents_runs_chunks_and_isolates_the_bad_one(tmp_path) -> None:  # noqa: ANN001
    docs, home = tmp_path / "docs", tmp_path / "home"
    docs.mkdir()
    names = [BAD if i == 17 else f"doc{i:02d}.md" for i in range(30)]
    for i, name in enumerate(names):
        data = (
            b"%PDF-1.7 truncated, not a PDF"
            if name == BAD
            else f"# Document {i}\n\nBody {i}.\n\n## Part {i}\n\nMore about {i}.\n".encode()
        )
        (docs / name).write_bytes(data)
    home.mkdir()
    (home / "dagster.yaml").write_bytes((ROOT / "dagster.yaml").read_bytes())
    keys = [partition_key_for(n) for n in names]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DAGSTER_HOME", str(home))
        with dg.DagsterInstance.from_config(str(home)) as instance:
            instance.add_dynamic_partitions(PARTITIONS_NAME, keys)
            for name, key in zip(names, keys, strict=True):  # what the documents sensor reports
                fingerprint = content_fingerprint((docs / name).read_bytes())
                instance.report_runless_asset_event(
                    dg.AssetObservation(
                        "source", partition=key, tags={"dagster/data_version": fingerprint}
                    )
                )
        env = {
            "VECTORLESS_DOCS_DIR": str(docs),
            "VECTORLESS_IR_DIR": str(tmp_path / "ir"),
            "VECTORLESS_BACKFILL_CHUNK": str(CHUNK),
        }
        with (
            browser() as page,
            dagster_dev(tmp_path, env) as port,
            dg.DagsterInstance.from_config(str(home)) as instance,
        ):
            ui = DagsterUI(page, port, instance, None)
            ui.open("/asset-groups")
            button = page.locator("button", has_text=re.compile(r"^Materialize all"))
            button.wait_for(timeout=120_000)
            before = ui.run_ids()
            button.click()
            ui.click("All", ui.dialog())
            ui.click("Launch backfill", ui.dialog())
            runs = ui.wait_runs(before, math.ceil(30 / CHUNK), timeout=420)
            assert len(runs) == math.ceil(30 / CHUNK)
            materialized = {
                key
                for run in runs
                for asset, key in ui.materialized(run.run_id)
                if asset == "document_ir"
            }
            assert materialized == set(keys) - {BAD}
            failed = [r for r in runs if r.status != dg.DagsterRunStatus.SUCCESS]
            assert len(failed) == 1 and f"{BAD} [parse]" in ui.failure_text(failed[0])
            versions = {}
            for key in set(keys) - {BAD}:
                record = instance.fetch_materializations(
                    dg.AssetRecordsFilter(asset_key=dg.AssetKey("tree"), asset_partitions=[key]),
                    limit=1,
                ).records[0]
                versions[key] = record.asset_materialization.tags["dagster/data_version"]
                assert load_ir(tmp_path / "ir" / f"{key_to_doc_id(key)}.bin").tree.nodes
            # each partition its own data version
            assert len(set(versions.values())) == len(versions)
