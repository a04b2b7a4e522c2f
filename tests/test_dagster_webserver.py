"""`dagster dev -w workspace.yaml` serves the graph; a run launched over GraphQL writes the IR.

Starts the real webserver (and daemon) on 127.0.0.1 with a free port in its own session,
submits the compile job for one document partition with the `dagster_graphql` client (the
same GraphQL mutation the UI posts), waits for the run to succeed and the `<doc_id>.bin` file
to appear, and stops the whole process group.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import dagster as dg
import pytest
from dagster_graphql import DagsterGraphQLClient, DagsterGraphQLClientError

from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.partitions import (
    PARTITIONS_NAME,
    key_to_doc_id,
    partition_key_for,
)

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as exc:  # noqa: BLE001 - retried until the deadline
            last = exc
        time.sleep(1)
    raise AssertionError(f"timed out waiting for {what} (last error: {last})")


def test_run_launched_through_graphql_writes_the_ir(tmp_path: Path) -> None:
    dagster_bin = Path(sys.executable).with_name("dagster")
    if not dagster_bin.exists():
        pytest.skip("dagster CLI not installed next to the interpreter")
    docs, home, ir_dir = tmp_path / "docs", tmp_path / "home", tmp_path / "ir"
    (docs / "guide").mkdir(parents=True)
    (docs / "guide" / "index.md").write_text("# Guide\n\nIntro.\n\n## Install\n\nRun the installer.\n", encoding="utf-8")
    home.mkdir()
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    key = partition_key_for("guide/index.md")
    with dg.DagsterInstance.from_config(str(home)) as instance:
        instance.add_dynamic_partitions(PARTITIONS_NAME, [key])

    port = _free_port()
    env = {**os.environ, "DAGSTER_HOME": str(home), "VECTORLESS_DOCS_DIR": str(docs), "VECTORLESS_IR_DIR": str(ir_dir), "VECTORLESS_FIELDS_DIR": str(tmp_path / "fields")}
    log = (tmp_path / "dagster-dev.log").open("wb")
    proc = subprocess.Popen(
        [str(dagster_bin), "dev", "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        _wait(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/server_info", timeout=5).status == 200, 120, "the webserver")
        client = DagsterGraphQLClient("127.0.0.1", port_number=port)

        def submit() -> str | None:
            try:
                return client.submit_job_execution("compile_documents", repository_location_name="vectorless", tags={"dagster/partition": key})
            except DagsterGraphQLClientError as exc:
                if "not found" in str(exc).lower() or "loading" in str(exc).lower():
                    return None  # the code location is still loading
                raise

        run_id = _wait(submit, 120, "the code location")
        status = _wait(lambda: (s := client.get_run_status(run_id)) in (dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE) and s, 240, "the run")
        assert status == dg.DagsterRunStatus.SUCCESS, (tmp_path / "dagster-dev.log").read_text(errors="replace")[-3000:]
        doc = load_ir(ir_dir / f"{key_to_doc_id(key)}.bin")
        assert doc.source_path == "guide/index.md" and any(n.title == "Install" for n in doc.tree.nodes)
        assert (tmp_path / "fields" / "tree" / f"{key}.json").exists()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()
