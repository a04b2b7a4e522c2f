"""The issue-39 browser walk: what a Dagster user sees, with screenshots for docs/dagster.md.

Run by hand (a few minutes; needs Debian's chromium and the test extra's playwright)::

    python benchmarks/scale/ui_walk.py                  # screenshots into docs/screenshots/
    python benchmarks/scale/ui_walk.py --shots /tmp/s   # elsewhere

On a temporary `DAGSTER_HOME` (the shipped `dagster.yaml`) with 30 generated Markdown
documents, one of them titled "Broken" (it fails `verify`: `_broken_verify`, the checks
tests' rule, installed in every process through a `sitecustomize.py` on `PYTHONPATH`):

1. `vectorless compile` (a subprocess, through Dagster) with `VECTORLESS_MODE=standard` (not
   the default), then `dagster dev` with the same environment: `document_ir`'s and
   `summary`'s Partitions pages show no partition "Unsynced", and Dagster's
   `CachingStaleStatusResolver` rates every materialized (asset, partition) FRESH
   (`mode-synced.png`).
2. "Materialize all" -> All -> "Launch backfill" on the lineage page: a ranged run of the 30;
   `verification`'s Checks tab -> verify -> Partitions shows 29 succeeded, 1 failed
   (`verify-one-failed.png`).
3. The `corpus` asset page scrolled to its preview table, the failing document in it
   (`corpus-table.png`).

The time of each step is printed. The helpers are the browser tests' (`tests/support`,
`tests/orchestration/ui_support.py`).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT)]

# the "Broken" rule in this process too (the resolver's code versions), before any table import
from benchmarks.scale._broken_verify import install  # noqa: E402

install()

import dagster as dg  # noqa: E402
from dagster._core.definitions.data_version import (  # noqa: E402
    CachingStaleStatusResolver,
    StaleStatus,
)
from dagster._core.execution.backfill import BulkActionStatus  # noqa: E402
from dagster._core.loader import LoadingContextForTest  # noqa: E402

from tests.orchestration.ui_support import DagsterUI, browser  # noqa: E402
from tests.support.checks import check_status  # noqa: E402
from tests.support.dagster_dev import serve, wait_for  # noqa: E402
from vectorless_assets.orchestration.base.graph import AssetGraph  # noqa: E402
from vectorless_assets.orchestration.base.settings import Settings  # noqa: E402
from vectorless_assets.orchestration.batch.partitions import (  # noqa: E402
    key_to_doc_id,
    partition_key_for,
)
from vectorless_assets.orchestration.definitions import build_defs  # noqa: E402

DOCUMENTS = 30
BROKEN_REL = "doc17.md"
MODE = "standard"
START, END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"
VERIFY = dg.AssetCheckKey(dg.AssetKey("verification"), "verify")
BUSY = {BulkActionStatus.REQUESTED, BulkActionStatus.CANCELING, BulkActionStatus.FAILING}


def write_documents(docs: Path) -> list[str]:
    """`DOCUMENTS` small Markdown files (doc01.md ...); `BROKEN_REL`'s title is "Broken"."""
    docs.mkdir(parents=True)
    rels = [f"doc{i:02d}.md" for i in range(1, DOCUMENTS + 1)]
    for i, rel in enumerate(rels, 1):
        title = "Broken" if rel == BROKEN_REL else f"Document {i}"
        text = (
            f"# {title}\n\nDocument {i} describes pump model P-{i}.\n\n"
            f"## Setup\n\nMount pump P-{i} on a level base.\n\n"
            f"## Service\n\nReplace the seal of P-{i} every {i} months.\n"
        )
        (docs / rel).write_text(text, encoding="utf-8")
    return rels


class Timer:
    """Prints each step's wall time as it ends."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()

    def lap(self, what: str) -> None:
        now = time.perf_counter()
        print(f"[{now - self.start:6.1f} s] {what}: {now - self.last:.1f} s", flush=True)
        self.last = now


def compile_cli(docs: Path, ir: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`vectorless compile <docs> --out <ir>` in a subprocess (mode from VECTORLESS_MODE)."""
    cli = Path(sys.executable).with_name("vectorless")
    return subprocess.run(
        [str(cli), "compile", str(docs), "--out", str(ir), "-q"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=900,
    )


def assert_fresh(instance: dg.DagsterInstance, settings: Settings) -> int:
    """Dagster's resolver over the code location's graph: every (asset, partition) with a
    materialization is FRESH; the number of them."""
    defs = build_defs(settings)
    resolver = CachingStaleStatusResolver(
        instance, defs.resolve_asset_graph(), LoadingContextForTest(instance)
    )
    names = settings.names
    checked = 0
    for name in AssetGraph(settings.table, settings.options, names).produced:
        key = names.key(name)
        for pk in instance.get_materialized_partitions(key):
            status = resolver.get_status(key, pk)
            assert status == StaleStatus.FRESH, (name, pk, resolver.get_stale_causes(key, pk))
            checked += 1
    return checked


def page_has_no_unsynced(ui: DagsterUI, path: str) -> str:
    """Open `path`, wait for the partitions, assert no "Unsynced" on the page; its text."""
    ui.open(path)
    ui.page.get_by_text(re.compile(r"doc\d\d\.md")).first.wait_for(timeout=60_000)
    ui.page.wait_for_timeout(2000)
    text = ui.page.inner_text("body")
    assert "Unsynced" not in text and "new code version" not in text, text[:3000]
    return text


def walk(shots: Path, keep: bool) -> None:
    timer = Timer()
    tmp = Path(tempfile.mkdtemp(prefix="ui-walk-"))
    docs, ir, home, hook = tmp / "docs", tmp / "ir", tmp / "home", tmp / "hook"
    rels = write_documents(docs)
    keys = [partition_key_for(rel) for rel in rels]
    broken = partition_key_for(BROKEN_REL)
    home.mkdir()
    (home / "dagster.yaml").write_bytes((ROOT / "dagster.yaml").read_bytes())
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "from benchmarks.scale._broken_verify import install\n\ninstall()\n", encoding="utf-8"
    )
    env = {
        "DAGSTER_HOME": str(home),
        "PYTHONPATH": os.pathsep.join([str(hook), str(ROOT)]),
        "VECTORLESS_MODE": MODE,
        "VECTORLESS_DOCS_DIR": str(docs),
        "VECTORLESS_IR_DIR": str(ir),
        "VECTORLESS_FIELDS_DIR": str(ir / ".fields"),
        "VECTORLESS_WORKERS": "1",
    }
    os.environ.update(env)  # this process reads the same instance and settings
    print(f"walk in {tmp}", flush=True)

    # 1. compile through Dagster with the CLI, then dagster dev: every partition Synced
    done = compile_cli(docs, ir, env)
    compiled = sorted(p.name for p in ir.glob("*.bin"))
    assert done.returncode != 0 and BROKEN_REL in done.stdout + done.stderr, done
    assert len(compiled) == DOCUMENTS - 1 and f"{key_to_doc_id(broken)}.bin" not in compiled
    timer.lap(f"1a. vectorless compile of {DOCUMENTS} documents (mode {MODE}, 1 failing verify)")
    settings = Settings.from_env()
    assert settings.options.mode == MODE
    with dg.DagsterInstance.from_config(str(home)) as instance:
        fresh = assert_fresh(instance, settings)
        cli_checks = check_status(instance, settings, VERIFY)
    print(
        f"   resolver: {fresh} (asset, partition) pairs FRESH; verify after the CLI: "
        f"{ {k: len(v) for k, v in cli_checks.items()} }",
        flush=True,
    )
    shots.mkdir(parents=True, exist_ok=True)
    with (
        browser() as page,
        serve(
            [str(Path(sys.executable).with_name("dagster")), "dev", "-w", "workspace.yaml"],
            ROOT,
            tmp,
            env,
        ) as port,
        dg.DagsterInstance.from_config(str(home)) as instance,
    ):
        ui = DagsterUI(page, port, instance, shots)
        ui.open("/asset-groups")
        ui.page.locator("button", has_text=re.compile(r"^Materialize all")).wait_for(
            timeout=180_000
        )
        timer.lap("1b. dagster dev up, code location loaded")
        page_has_no_unsynced(ui, "/assets/summary?view=partitions")
        page_has_no_unsynced(ui, "/assets/document_ir?view=partitions")
        ui.page.get_by_text(re.compile(r"doc01\.md")).first.click()
        ui.page.wait_for_timeout(2000)
        text = ui.page.inner_text("body")
        assert "Unsynced" not in text, text[:3000]
        ui.shot("mode-synced")
        timer.lap("1c. Partitions pages of summary and document_ir: none Unsynced")

        # 2. a ranged backfill of the 30 from the lineage page; verify per document
        ui.open("/asset-groups")
        before = ui.run_ids()
        ui.page.locator("button", has_text=re.compile(r"^Materialize all")).click()
        ui.click("All", ui.dialog())
        ui.click("Launch backfill", ui.dialog())
        ui.wait_runs(before, 1, timeout=900)
        wait_for(
            lambda: all(b.status not in BUSY for b in instance.get_backfills()),
            900,
            "the backfill to finish",
        )
        runs = ui.wait_runs(before, len(ui.run_ids() - before), timeout=900)
        ranged = [r for r in runs if r.tags.get(START)]
        spans = [(r.tags.get(START), r.tags.get(END), r.status.value) for r in runs]
        print(f"   backfill runs (start, end, status): {spans}", flush=True)
        assert ranged, runs
        status = check_status(instance, settings, VERIFY)
        assert status.get("FAILED") == {broken}, status
        assert status.get("SUCCEEDED") == set(keys) - {broken}, status
        timer.lap("2a. ranged backfill of the 30 from the UI")
        ui.page.set_viewport_size({"width": 1400, "height": 1400})  # the counts and doc17 too
        ui.open("/assets/verification?view=checks")
        ui.page.get_by_text("This is a blocking asset check.").wait_for()
        ui.page.locator("button[role=tab]", has_text="Partitions").click()
        ui.page.get_by_text(re.compile(r"doc\d\d\.md")).first.wait_for(timeout=60_000)
        ui.page.wait_for_timeout(2000)
        text = ui.page.inner_text("body")
        failed = re.search(r"(?<!Execution )Failed \((\d+)\)", text)
        passed = re.search(r"Passed \((\d+)\)", text)
        assert failed and passed, text[:2000]
        assert (failed[1], passed[1]) == ("1", str(DOCUMENTS - 1)), (failed[0], passed[0])
        print(f"   on the page: {failed[0]}, {passed[0]}", flush=True)
        ui.page.get_by_text(BROKEN_REL).first.click()  # its detail: the failed evaluation
        ui.page.wait_for_timeout(3000)
        detail = ui.page.inner_text("body")
        print(f"   its detail names the rule: {'marked broken' in detail}", flush=True)
        ui.page.get_by_text(passed[0]).first.scroll_into_view_if_needed()
        ui.shot("verify-one-failed")
        ui.page.set_viewport_size({"width": 1400, "height": 900})
        timer.lap("2b. verification -> Checks -> verify -> Partitions")

        # 3. the corpus table on its asset page
        # the failed ranged run skipped its corpus run (Dagster runs nothing downstream of a
        # failed backfill run): "Materialize" on the corpus page, as a user refreshes it
        ui.open("/assets/corpus")
        before = ui.run_ids()
        ui.page.locator("button", has_text=re.compile(r"^Materialize$")).first.click()
        (run,) = ui.wait_runs(before, 1)
        assert run.status == dg.DagsterRunStatus.SUCCESS, ui.failure_text(run)
        [record] = instance.fetch_materializations(dg.AssetKey("corpus"), limit=1).records
        meta = record.asset_materialization.metadata
        assert meta["documents"].value == DOCUMENTS and meta["failed_checks"].value == 1, meta
        ui.page.set_viewport_size({"width": 1900, "height": 1000})  # more of the table's columns
        ui.open("/assets/corpus")
        ui.page.get_by_text("preview").first.wait_for()
        ui.page.get_by_text(BROKEN_REL).first.scroll_into_view_if_needed()
        ui.page.mouse.wheel(0, 300)  # the failing row mid-screen
        ui.shot("corpus-table")
        ui.page.set_viewport_size({"width": 1400, "height": 900})
        timer.lap("3. corpus asset page, preview table")
    if not keep:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shots", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    walk(args.shots.resolve(), args.keep)


if __name__ == "__main__":
    main()
