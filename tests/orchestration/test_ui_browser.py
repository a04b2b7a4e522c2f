"""Every way a user materializes, clicked in a real browser against `dagster dev` (issue 16).

One `dagster dev` on a temporary instance with a few generated documents (registered and
observed as the documents sensor would), driven by Playwright with Debian's chromium. Each
test clicks the buttons a user clicks, then checks the runs' outcomes in the instance and
the IR / field files on disk. Skips where chromium or playwright is absent.

With `VECTORLESS_SCREENSHOTS=docs/screenshots` the asset graph, a `document_ir` page and a
finished run are saved there as PNG (the README links them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dagster as dg
import pytest
from dagster._core.execution.backfill import BulkActionStatus

from tests.orchestration.ui_support import FINISHED, DagsterUI, browser, write_pdf
from tests.support.dagster_dev import ROOT, dagster_dev, wait_for
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for

DOCS = {
    "guide/index.md": (
        "# Guide\n\nIntro.\n\n## Install\n\nRun the installer.\n\n## "
        "Configure\n\nEdit the settings file.\n"
    ),
    "notes/tips.md": "# Notes\n\nSome notes.\n\n## Tips\n\nUseful tips.\n",
    "readme.md": "# Readme\n\nTop-level readme.\n\n## Usage\n\nCall it.\n",
}
GUIDE, NOTES, README = (partition_key_for(rel) for rel in DOCS)
START = "dagster/asset_partition_range_start"
END = "dagster/asset_partition_range_end"
SUCCESS = dg.DagsterRunStatus.SUCCESS
#: a backfill still at work
BUSY = {BulkActionStatus.REQUESTED, BulkActionStatus.CANCELING, BulkActionStatus.FAILING}


@dataclass
class Site:
    ui: DagsterUI
    docs: Path
    ir: Path
    fields: Path
    compiled: bool = False

    def ir_titles(self, key: str) -> list[str]:
        return [n.title for n in load_ir(self.ir / f"{key_to_doc_id(key)}.bin").tree.nodes]

    def assert_succeeded(self, runs: list[dg.DagsterRun]) -> None:
        failed = [r for r in runs if r.status != SUCCESS]
        assert not failed, "\n".join(
            f"{r.run_id} {r.status}: {self.ui.failure_text(r)}" for r in failed
        )


def _observe(instance: dg.DagsterInstance, docs: Path, rel: str) -> None:
    """What the documents sensor reports for a new file: an observation of `source`."""
    fingerprint = content_fingerprint((docs / rel).read_bytes())
    instance.report_runless_asset_event(
        dg.AssetObservation(
            "source", partition=partition_key_for(rel), tags={"dagster/data_version": fingerprint}
        )
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with browser() as page, pytest.MonkeyPatch.context() as mp:
        tmp = tmp_path_factory.mktemp("ui")
        docs, home = tmp / "docs", tmp / "home"
        mp.setenv("DAGSTER_HOME", str(home))  # this process reads the same instance as dagster dev
        for rel, text in DOCS.items():
            (docs / rel).parent.mkdir(parents=True, exist_ok=True)
            (docs / rel).write_text(text, encoding="utf-8")
        home.mkdir()
        (home / "dagster.yaml").write_bytes((ROOT / "dagster.yaml").read_bytes())
        with dg.DagsterInstance.from_config(str(home)) as instance:
            instance.add_dynamic_partitions(PARTITIONS_NAME, [GUIDE, NOTES, README])
            for rel in DOCS:
                _observe(instance, docs, rel)
        shots = os.environ.get("VECTORLESS_SCREENSHOTS")
        shots_dir = (ROOT / shots) if shots else None
        if shots_dir:
            shots_dir.mkdir(parents=True, exist_ok=True)
        env = {
            "VECTORLESS_DOCS_DIR": str(docs),
            "VECTORLESS_IR_DIR": str(tmp / "ir"),
            "VECTORLESS_FIELDS_DIR": str(tmp / "fields"),
            "VECTORLESS_SENSOR_INTERVAL": "5",
        }
        with dagster_dev(tmp, env) as port, dg.DagsterInstance.from_config(str(home)) as instance:
            ui = DagsterUI(page, port, instance, shots_dir)
            ui.open("/asset-groups")
            _materialize_all_button(ui).wait_for(timeout=120_000)  # code location loaded
            yield Site(ui, docs, tmp / "ir", tmp / "fields")


def _materialize_all_button(ui: DagsterUI) -> Any:
    """The lineage page's "Materialize all (<n>)…" split button."""
    return ui.page.locator("button", has_text=re.compile(r"^Materialize all"))


def _materialize_all(site: Site, selection: str, runs: int) -> list[dg.DagsterRun]:
    """Lineage page -> "Materialize all" -> partition `selection` -> "Launch backfill"; the
    documents' runs (`runs` of them), once the backfill is done (it ends with a run of the
    unpartitioned `corpus` when every document succeeded)."""
    ui = site.ui
    ui.open("/asset-groups")
    before = ui.run_ids()
    _materialize_all_button(ui).click()
    ui.click(selection, ui.dialog())
    ui.click("Launch backfill", ui.dialog())
    ui.wait_runs(before, runs)
    wait_for(
        lambda: all(b.status not in BUSY for b in ui.instance.get_backfills()),
        240,
        "the backfill to finish",
    )
    new = ui.wait_runs(before, len(ui.run_ids() - before))
    return [r for r in new if r.tags.get(START)]  # the corpus run has no partition range


def _ensure_compiled(site: Site) -> None:
    """The three documents compiled once (by the first test, or here when it was deselected)."""
    if not site.compiled:
        site.assert_succeeded(_materialize_all(site, "All", 1))
        site.compiled = True


def test_materialize_all_launches_a_backfill_that_compiles_every_document(site: Site) -> None:
    ui = site.ui
    runs = _materialize_all(site, "All", 1)  # one run for the chunk of three documents
    site.assert_succeeded(runs)
    site.compiled = True
    # a range, no dagster/partition
    assert (runs[0].tags.get(START), runs[0].tags.get(END)) == (GUIDE, README)
    assert {key for _, key in ui.materialized(runs[0].run_id)} == {GUIDE, NOTES, README}
    assert (
        "Configure" in site.ir_titles(GUIDE)
        and "Tips" in site.ir_titles(NOTES)
        and "Usage" in site.ir_titles(README)
    )
    ui.graph_shot("asset-graph")
    ui.open(f"/runs/{runs[0].run_id}")
    ui.page.get_by_text("RUN_SUCCESS").first.wait_for()
    ui.shot("run")
    ui.open("/assets/document_ir")
    ui.page.get_by_text("graph_fingerprint").first.wait_for()
    ui.shot("document-ir")


def test_one_field_of_one_document_from_its_asset_page(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    tree, parsed = site.fields / "tree" / f"{NOTES}.json", site.fields / "parsed" / f"{NOTES}.json"
    tree_mtime, parsed_mtime = tree.stat().st_mtime_ns, parsed.stat().st_mtime_ns
    ui.open("/assets/tree")
    before = ui.run_ids()
    ui.click("Materialize…")
    ui.pick_partitions(NOTES)
    ui.click("Launch 1 run", ui.dialog())
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    assert run.tags.get("dagster/partition") == NOTES
    assert ui.materialized(run.run_id) == {("tree", NOTES)}
    assert tree.stat().st_mtime_ns > tree_mtime and parsed.stat().st_mtime_ns == parsed_mtime


CHECKS_QUERY = """
query ($path: [String!]!) {
  assetNodeOrError(assetKey: {path: $path}) {
    ... on AssetNode {
      assetChecksOrError {
        ... on AssetChecks {
          checks {
            name
            jobNames
            partitionStatuses {
              ... on AssetCheckDefaultPartitionStatuses { succeededPartitions failedPartitions }
            }
          }
        }
      }
    }
  }
}
"""
LAUNCH = """
mutation ($params: ExecutionParams!) {
  launchRun(executionParams: $params) {
    __typename
    ... on LaunchRunSuccess { run { runId } }
    ... on Error { message }
  }
}
"""


def _check_statuses(ui: DagsterUI, field: str) -> dict[str, tuple[set[str], set[str]]]:
    """check -> (succeeded, failed) partitions, as the check's Partitions tab reads them."""
    node = ui.graphql(CHECKS_QUERY, {"path": [field]})["assetNodeOrError"]
    return {
        c["name"]: (
            set(c["partitionStatuses"]["succeededPartitions"]),
            set(c["partitionStatuses"]["failedPartitions"]),
        )
        for c in node["assetChecksOrError"]["checks"]
    }


def _evaluations(ui: DagsterUI, run_id: str) -> set[tuple[str, str, bool]]:
    records = ui.instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION)
    evaluations = [r.dagster_event.event_specific_data for r in records if r.dagster_event]
    return {(e.check_name, e.partition, e.passed) for e in evaluations}


def test_asset_checks_per_document_shown_and_executed_from_the_checks_tab(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    every = {GUIDE, NOTES, README}
    # the backfill evaluated both checks of every document, each in its own partition
    assert _check_statuses(ui, "verification")["verify"] == (every, set())
    ui.open("/assets/verification?view=checks")
    ui.page.get_by_text("This is a blocking asset check.").wait_for()
    # Dagster 1.13 cannot execute one partitioned check on its own from its page ("not yet
    # supported"): that button is disabled; "Execute all" (the asset's checks, without a
    # partition) checks every document
    assert ui.button("Execute").first.is_disabled()
    before = ui.run_ids()
    ui.click("Execute all")
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    assert _evaluations(ui, run.run_id) == {("verify", key, True) for key in every}
    ui.page.locator("button[role=tab]", has_text="Partitions").click()  # the check's tab
    ui.shot("check-partitions")
    # a check-only run of one partition, launched through the webserver's GraphQL as the UI
    # launches "Execute" (with the partition tag of a one-partition launch)
    (verify,) = [
        c
        for c in ui.graphql(CHECKS_QUERY, {"path": ["verification"]})["assetNodeOrError"][
            "assetChecksOrError"
        ]["checks"]
        if c["name"] == "verify"
    ]
    params = {
        "mode": "default",
        "runConfigData": "{}",
        "executionMetadata": {"tags": [{"key": "dagster/partition", "value": NOTES}]},
        "selector": {
            "jobName": verify["jobNames"][0],
            "repositoryLocationName": "vectorless",
            "repositoryName": "__repository__",
            "assetSelection": [],
            "assetCheckSelection": [{"assetKey": {"path": ["verification"]}, "name": "verify"}],
        },
    }
    before = ui.run_ids()
    launched = ui.graphql(LAUNCH, {"params": params})["launchRun"]
    assert launched["__typename"] == "LaunchRunSuccess", launched
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    assert _evaluations(ui, run.run_id) == {("verify", NOTES, True)}
    assert _check_statuses(ui, "verification")["verify"] == (every, set())


def test_observe_on_source_records_each_documents_fingerprint(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    (site.docs / "readme.md").write_text(
        DOCS["readme.md"] + "\n## Limits\n\nNone known.\n", encoding="utf-8"
    )
    ui.open("/assets/source")
    before = ui.run_ids()
    ui.click("Observe")
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    for rel, key in zip(DOCS, (GUIDE, NOTES, README), strict=True):
        record = ui.instance.fetch_observations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey("source"), asset_partitions=[key]), limit=1
        ).records[0]
        assert record.run_id == run.run_id
        assert record.asset_observation.tags["dagster/data_version"] == content_fingerprint(
            (site.docs / rel).read_bytes()
        )


def test_stale_document_recompiled_from_the_jobs_launchpad(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    (site.docs / "readme.md").write_text(
        DOCS["readme.md"] + "\n## Support\n\nAsk the team.\n", encoding="utf-8"
    )
    guide_ir = site.ir / f"{key_to_doc_id(GUIDE)}.bin"
    guide_mtime = guide_ir.stat().st_mtime_ns
    ui.open("/asset-groups")
    ui.split_menu(_materialize_all_button(ui), "Materialize unsynced")
    # Dagster rates a partitioned asset's staleness per partition only: without a partition
    # its resolver answers FRESH (dagster/_core/definitions/data_version.py), so this button
    # never offers stale documents; the stale path is the `recompile_documents` job below.
    ui.dialog().get_by_text("All assets are up to date").wait_for()
    ui.click("Dismiss", ui.dialog())
    ui.open("/jobs")
    ui.page.get_by_role("link", name="recompile_documents").first.click()
    ui.page.get_by_role("tab", name="Launchpad").click()
    before = ui.run_ids()
    ui.click("Launch Run")
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    assert run.job_name == "recompile_documents"
    assert "Support" in site.ir_titles(README)
    assert guide_ir.stat().st_mtime_ns == guide_mtime  # current documents are left alone


@pytest.mark.slow
def test_missing_documents_backfill_and_a_failed_run_re_executed_after_the_fix(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    (site.docs / "new.md").write_text(
        "# New\n\nJust added.\n\n## Part\n\nBody.\n", encoding="utf-8"
    )
    (site.docs / "report.pdf").write_bytes(b"%PDF-1.4 not really a pdf")
    ui.instance.add_dynamic_partitions(PARTITIONS_NAME, ["new.md", "report.pdf"])
    for rel in ("new.md", "report.pdf"):
        _observe(ui.instance, site.docs, rel)
    (failed,) = _materialize_all(site, "Missing", 1)  # both documents in one run
    assert (failed.tags.get(START), failed.tags.get(END)) == ("new.md", "report.pdf")
    assert failed.status == dg.DagsterRunStatus.FAILURE and "report.pdf [parse]" in ui.failure_text(
        failed
    )
    assert ("document_ir", "new.md") in ui.materialized(failed.run_id)  # the good one is recorded
    assert ("document_ir", "report.pdf") not in ui.materialized(failed.run_id)
    write_pdf(site.docs / "report.pdf", "Quarterly Report")
    ui.open(f"/runs/{failed.run_id}")
    before = ui.run_ids()
    ui.split_menu(ui.button("Re-execute all (*)"), "From failure")
    (run,) = ui.wait_runs(before, 1)
    site.assert_succeeded([run])
    assert run.parent_run_id == failed.run_id and run.tags.get(START) == "new.md"  # its chunk again
    assert load_ir(site.ir / f"{key_to_doc_id('report.pdf')}.bin").document_key == "report.pdf"


@pytest.mark.slow
def test_documents_sensor_switched_on_compiles_a_dropped_document(site: Site) -> None:
    _ensure_compiled(site)
    ui = site.ui
    (site.docs / "dropped").mkdir(exist_ok=True)
    (site.docs / "dropped" / "note.md").write_text(
        "# Dropped\n\nA new file.\n\n## Detail\n\nMore.\n", encoding="utf-8"
    )
    key = partition_key_for("dropped/note.md")
    ui.open("/automation")
    before = ui.run_ids()
    switch = (
        ui.page.locator("[class*=listItem]")
        .filter(has_text="documents_sensor")
        .first.get_by_role("checkbox")
        .last
    )
    switch.locator("xpath=..").click()  # the toggle is the label around a hidden checkbox
    assert switch.is_checked()

    def compiled() -> list[dg.DagsterRun] | None:
        runs = [r for r in ui.instance.get_runs() if r.run_id not in before]
        ours = [
            r
            for r in runs
            if key
            in r.run_config.get("ops", {})
            .get("recompile", {})
            .get("config", {})
            .get("documents", [])
        ]
        return runs if ours and all(r.status in FINISHED for r in runs) else None

    site.assert_succeeded(wait_for(compiled, 180, "the sensor's run"))
    assert "Detail" in site.ir_titles(key)


def test_the_corpus_asset_page_shows_the_table(site: Site) -> None:
    """ "Materialize" on `corpus` alone; its page shows the preview table and its numbers."""
    _ensure_compiled(site)
    ui = site.ui
    ui.open("/assets/corpus")
    before = ui.run_ids()
    ui.page.locator("button", has_text=re.compile(r"^Materialize$")).first.click()
    runs = ui.wait_runs(before, 1)
    site.assert_succeeded(runs)
    [record] = ui.instance.fetch_materializations(dg.AssetKey("corpus"), limit=1).records
    meta = record.asset_materialization.metadata
    assert meta["documents"].value == len(DOCS) and meta["failed_checks"].value == 0
    ui.open("/assets/corpus")
    ui.page.get_by_text("failed_checks").first.wait_for()
    ui.page.get_by_text("preview").first.wait_for()
    ui.shot("corpus")


def test_a_run_submitted_with_the_graphql_client_writes_the_ir(site: Site) -> None:
    """What a script does against `dagster dev -w workspace.yaml`: `DagsterGraphQLClient`
    submits the compile job for one partition (the mutation the UI posts); the run succeeds
    and writes that document's IR (removed first, so only this run can have written it)."""
    from dagster_graphql import DagsterGraphQLClient

    _ensure_compiled(site)
    ir = site.ir / f"{key_to_doc_id(README)}.bin"
    ir.unlink()
    port = int(site.ui.base.rsplit(":", 1)[1])
    client = DagsterGraphQLClient("127.0.0.1", port_number=port)
    run_id = client.submit_job_execution(
        "compile_documents",
        repository_location_name="vectorless",
        tags={"dagster/partition": README},
    )
    status = wait_for(
        lambda: (s := client.get_run_status(run_id)) in FINISHED and s, 240, "the GraphQL run"
    )
    run = site.ui.instance.get_run_by_id(run_id)
    assert status == SUCCESS, site.ui.failure_text(run)
    assert "Usage" in site.ir_titles(README)
