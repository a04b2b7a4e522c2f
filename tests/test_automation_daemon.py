"""End to end with the daemon: a file dropped in the documents folder becomes an IR, nobody clicks.

`dagster dev` on a temporary instance with the documents sensor running by default
(`VECTORLESS_SENSOR=on`, 2 s interval); the test only writes a file and waits for
`<ir_dir>/<doc_id>.bin`, then checks the run the sensor created.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import dagster as dg
import pytest

from tests.test_dagster_webserver import ROOT, _free_port, _wait
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.partitions import key_to_doc_id


def test_dropped_file_becomes_an_ir_without_a_manual_launch(tmp_path: Path) -> None:
    dagster_bin = Path(sys.executable).with_name("dagster")
    if not dagster_bin.exists():
        pytest.skip("dagster CLI not installed next to the interpreter")
    docs, home, ir_dir = tmp_path / "docs", tmp_path / "home", tmp_path / "ir"
    docs.mkdir()
    home.mkdir()
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    port = _free_port()
    env = {**os.environ, "DAGSTER_HOME": str(home), "VECTORLESS_DOCS_DIR": str(docs), "VECTORLESS_IR_DIR": str(ir_dir), "VECTORLESS_SENSOR": "on", "VECTORLESS_SENSOR_INTERVAL": "2"}
    env.pop("VECTORLESS_FIELDS_DIR", None)
    log = (tmp_path / "dagster-dev.log").open("wb")
    proc = subprocess.Popen(
        [str(dagster_bin), "dev", "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        _wait(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/server_info", timeout=5).status == 200, 120, "the webserver")
        (docs / "notes").mkdir()
        dropped = time.monotonic()
        (docs / "notes" / "dropped.md").write_text("# Dropped\n\nA file nobody launched.\n\n## Part\n\nMore.\n", encoding="utf-8")
        ir = ir_dir / f"{key_to_doc_id('notes~dropped.md')}.bin"
        _wait(ir.exists, 180, "the IR of the dropped file")
        latency = time.monotonic() - dropped
        doc = load_ir(ir)
        assert doc.source_path == "notes/dropped.md" and any(n.title == "Part" for n in doc.tree.nodes)
        with dg.DagsterInstance.from_config(str(home)) as instance:
            runs = instance.get_run_records()
            assert len(runs) == 1 and runs[0].dagster_run.tags.get("dagster/partition") == "notes~dropped.md"
        print(f"drop-to-IR {latency:.1f} s, {len(runs)} run")
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()
