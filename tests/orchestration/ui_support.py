"""Driving Dagster's web UI with Playwright (Debian's chromium) for the browser tests.

`browser()` launches `/usr/bin/chromium` (or `VECTORLESS_CHROMIUM`) headless with the flags
this closed network needs; Playwright's own browser download is never used. `DagsterUI`
clicks what a user clicks (buttons by their visible text, the partition picker, menus) and
reads run outcomes from the instance the `dagster dev` under test writes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from tests.support.dagster_dev import wait_for

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
FINISHED = {dg.DagsterRunStatus.SUCCESS, dg.DagsterRunStatus.FAILURE, dg.DagsterRunStatus.CANCELED}


def chromium_path() -> str:
    """The chromium executable, or skip the test where there is none."""
    path = os.environ.get("VECTORLESS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.access(path, os.X_OK):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return path


def write_pdf(path: Path, title: str) -> None:
    """A small valid PDF (a heading and a line of text), made with reportlab (test extra)."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    pdf = canvas.Canvas(str(path))
    pdf.setFont("Helvetica-Bold", 18)
    pdf.drawString(72, 720, title)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 690, "Revenue grew in every region.")
    pdf.save()


@contextmanager
def browser() -> Iterator[Any]:
    """A Playwright page in a fresh headless chromium (1400x900)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (test extra)"
    )
    executable = chromium_path()
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            page = chromium.new_context(viewport={"width": 1400, "height": 900}).new_page()
            page.set_default_timeout(30_000)
            yield page
        finally:
            chromium.close()


class DagsterUI:
    """One browser page on one `dagster dev`, plus the instance it writes (for outcomes)."""

    def __init__(
        self, page: Any, port: int, instance: dg.DagsterInstance, shots: Path | None
    ) -> None:
        self.page, self.base, self.instance, self.shots = (
            page,
            f"http://127.0.0.1:{port}",
            instance,
            shots,
        )
        self.welcomed = False

    def open(self, path: str) -> None:
        """Go to `path` and dismiss Dagster's first-visit community dialog if it shows."""
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("networkidle")
        if not self.welcomed:
            from playwright.sync_api import TimeoutError as NotShown

            # shown once per browser profile, shortly after the first load
            with contextlib.suppress(NotShown):
                self.button("Skip").first.click(timeout=15_000)
            self.welcomed = True

    def button(self, text: str, scope: Any = None) -> Any:
        """Buttons whose visible text is exactly `text` (icons carry their own accessible names)."""
        return (
            (scope or self.page)
            .locator("button")
            .filter(has_text=re.compile(rf"^{re.escape(text)}$"))
        )

    def click(self, text: str, scope: Any = None) -> None:
        self.button(text, scope).first.click()

    def dialog(self) -> Any:
        return self.page.locator(".bp5-dialog")

    def split_menu(self, button: Any, item: str) -> None:
        """Open the dropdown right of the split button `button` (a locator) and choose `item`."""
        box = button.first.bounding_box()
        self.page.mouse.click(box["x"] + box["width"] + 10, box["y"] + box["height"] / 2)
        self.page.get_by_role("menuitem", name=item).click()

    def pick_partitions(self, *keys: str) -> None:
        """In the launch dialog's partition selector, tick `keys` (the "Custom" selection)."""
        self.dialog().get_by_text("Select a partition or create one").click()
        for key in keys:
            self.page.get_by_role("menuitem", name=key).click()
        self.page.keyboard.press("Escape")

    def shot(self, name: str) -> None:
        """Save a screenshot as `<shots>/<name>.png` when screenshots were asked for."""
        if self.shots is not None:
            self.page.wait_for_timeout(1500)  # let the graph and live data settle
            self.page.screenshot(path=str(self.shots / f"{name}.png"))

    def graph_shot(self, name: str) -> None:
        """Screenshot the lineage page with every group expanded (1800x1400 fits the graph)."""
        if self.shots is None:
            return
        self.open("/asset-groups")
        self.page.keyboard.press("Alt+e")  # "Expand all groups" (graph settings, ⌥E); remembered
        self.page.set_viewport_size({"width": 1800, "height": 1400})
        self.page.reload()  # the graph is fitted to the viewport on load
        self.page.wait_for_load_state("networkidle")
        self.shot(name)
        self.page.set_viewport_size({"width": 1400, "height": 900})

    def run_ids(self) -> set[str]:
        return {r.run_id for r in self.instance.get_runs()}

    def wait_runs(self, before: set[str], count: int, timeout: float = 240) -> list[dg.DagsterRun]:
        """Wait until `count` runs not in `before` exist and have finished; return them."""

        def done() -> list[dg.DagsterRun] | None:
            new = [r for r in self.instance.get_runs() if r.run_id not in before]
            return new if len(new) >= count and all(r.status in FINISHED for r in new) else None

        time.sleep(1)
        return wait_for(done, timeout, f"{count} new finished run(s)")

    def graphql(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        """POST `query` to the webserver's GraphQL endpoint (what the UI's pages send)."""
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        request = urllib.request.Request(
            self.base + "/graphql", body, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            answer = json.load(response)
        assert "errors" not in answer, answer["errors"]
        return answer["data"]

    def failure_text(self, run: dg.DagsterRun) -> str:
        """The error messages of a failed run, for assertion messages."""
        lines: list[str] = []
        for record in self.instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_FAILURE):
            data = record.dagster_event.step_failure_data if record.dagster_event else None
            if data is not None and data.user_failure_data is not None:
                lines.append(data.user_failure_data.description or "")
                # per document
                lines += [str(v.value) for v in data.user_failure_data.metadata.values()]
            elif data is not None and data.error is not None:
                lines.append(data.error.to_string())
        return "\n".join(lines)[-3000:]

    def materialized(self, run_id: str) -> set[tuple[str, str | None]]:
        """(asset, partition) of every materialization `run_id` recorded."""
        records = self.instance.all_logs(run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION)
        return {
            (r.dagster_event.asset_key.to_user_string(), r.dagster_event.partition)
            for r in records
            if r.dagster_event
        }
