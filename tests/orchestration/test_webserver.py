"""`dagster dev -w workspace.yaml` serves the graph; a run launched over GraphQL writes the IR.

Starts the real webserver (and daemon) on 127.0.0.1 with a free port in its own session,
submits the compile job for one document partition with the `dagster_graphql` client (the
same GraphQL mutation the UI posts), waits for the run to succeed and the `<doc_id>.bin` file
to appear, and stops the whole process group.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
from dagster_graphql import DagsterGraphQLClient, DagsterGraphQLClientError

from tests.support.dagster_dev import ROOT, dagster_dev, wait_for
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.assets.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME


def test_run_launched_through_graphql_writes_the_ir(tmp_path: Path) -> None:
    docs, home, ir_dir = tmp_path / "docs", tmp_path / "home", tmp_path / "ir"
    (docs / "guide").mkdir(parents=True)
    (docs / "guide" / "index.md").write_text(
        "# Guide\n\nIntro.\n\n## Install\n\nRun the installer.\n", encoding="utf-8"
    )
    home.mkdir()
    (home / "dagster.yaml").write_bytes((ROOT / "dagster.yaml").read_bytes())
    key = partition_key_for("guide/index.md")
    with dg.DagsterInstance.from_config(str(home)) as instance:
        instance.add_dynamic_partitions(PARTITIONS_NAME, [key])

    env = {
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(ir_dir),
        "VECTORLESS_FIELDS_DIR": str(tmp_path / "fields"),
    }
    with dagster_dev(tmp_path, env) as port:
        client = DagsterGraphQLClient("127.0.0.1", port_number=port)

        def submit() -> str | None:
            try:
                return client.submit_job_execution(
                    "compile_documents",
                    repository_location_name="vectorless",
                    tags={"dagster/partition": key},
                )
            except DagsterGraphQLClientError as exc:
                if "not found" in str(exc).lower() or "loading" in str(exc).lower():
                    return None  # the code location is still loading
                raise

        run_id = wait_for(submit, 120, "the code location")
        status = wait_for(
            lambda: (
                (s := client.get_run_status(run_id))
                in (dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE)
                and s
            ),
            240,
            "the run",
        )
        assert status == dg.DagsterRunStatus.SUCCESS, (tmp_path / "dagster-dev.log").read_text(
            errors="replace"
        )[-3000:]
        doc = load_ir(ir_dir / f"{key_to_doc_id(key)}.bin")
        assert doc.document_key == "guide/index.md" and any(
            n.title == "Install" for n in doc.tree.nodes
        )
        assert (tmp_path / "fields" / "tree" / f"{key}.json").exists()
