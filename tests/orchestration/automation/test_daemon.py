"""End to end with the daemon: a file dropped in the documents folder becomes an IR, nobody clicks.

`dagster dev` on a temporary instance with the documents sensor running by default
(`VECTORLESS_SENSOR=on`, 2 s interval); the test only writes a file and waits for
`<ir_dir>/<doc_id>.bin`, then checks the run the sensor created.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import dagster as dg

from tests.support.dagster_dev import dagster_dev, wait_for
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id


def test_dropped_file_becomes_an_ir_without_a_manual_launch(tmp_path: Path, monkeypatch) -> None:
    docs, ir_dir = tmp_path / "docs", tmp_path / "ir"
    docs.mkdir()
    monkeypatch.delitem(os.environ, "VECTORLESS_FIELDS_DIR", raising=False)
    env = {
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(ir_dir),
        "VECTORLESS_SENSOR": "on",
        "VECTORLESS_SENSOR_INTERVAL": "2",
    }
    with dagster_dev(tmp_path, env):
        (docs / "notes").mkdir()
        dropped = time.monotonic()
        (docs / "notes" / "dropped.md").write_text(
            "# Dropped\n\nA file nobody launched.\n\n## Part\n\nMore.\n", encoding="utf-8"
        )
        ir = ir_dir / f"{key_to_doc_id('notes~dropped.md')}.bin"
        wait_for(ir.exists, 180, "the IR of the dropped file")
        latency = time.monotonic() - dropped
        doc = load_ir(ir)
        assert doc.document_key == "notes/dropped.md" and any(
            n.title == "Part" for n in doc.tree.nodes
        )
        with dg.DagsterInstance.from_config(str(tmp_path / "home")) as instance:
            runs = instance.get_run_records()
            assert len(runs) == 1 and runs[0].dagster_run.run_config["ops"]["recompile"]["config"][
                "documents"
            ] == ["notes~dropped.md"]
        print(f"drop-to-IR {latency:.1f} s, {len(runs)} run")
