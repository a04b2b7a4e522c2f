"""`dg dev` on a project made by `create-dagster` with the component: the UI shows its assets.

A real `dg dev` (webserver, daemon, code server) on a temporary instance, a real headless
chromium (Debian's, through Playwright: `tests.orchestration.ui_support`). Skips where
chromium or playwright is absent. With two compilers, both prefixed groups are shown.
"""

from __future__ import annotations

from pathlib import Path

from tests.orchestration.component.dg_support import HostProject, create_project, tool
from tests.orchestration.ui_support import DagsterUI, browser
from tests.support.dagster_dev import serve
from vectorless_assets.orchestration.base.keys import (
    DOCUMENT_GROUP,
    DOCUMENT_IR,
    SOURCE,
    SOURCE_GROUP,
    prefixed_key,
    prefixed_name,
)


def _group_page_shows(ui: DagsterUI, project: HostProject, group: str, asset: str) -> None:
    """The asset group page of `group` in the project's code location lists `asset`."""
    ui.open(f"/locations/{project.name}/asset-groups/{group}")
    ui.page.get_by_text(f"Asset Group in {project.name}").first.wait_for(timeout=120_000)
    ui.page.get_by_text(asset, exact=True).first.wait_for()


def _serve_and_look(tmp_path: Path, project: HostProject, groups: dict[str, str]) -> None:
    """`dg dev` on `project`; every `{group: asset}` is found on its group page."""
    with (
        browser() as page,
        serve([tool("dg"), "dev"], project.path, tmp_path, project.env, grace=10) as port,
    ):
        ui = DagsterUI(page, port, None, None)  # type: ignore[arg-type]  # no runs read here
        ui.open("/asset-groups")
        for group in groups:
            # in the lineage sidebar
            ui.page.get_by_text(group, exact=True).first.wait_for(timeout=120_000)
        for group, asset in groups.items():
            _group_page_shows(ui, project, group, asset)


def test_dg_dev_shows_both_compilers_groups(tmp_path: Path) -> None:
    project = create_project(tmp_path)
    for folder in ("docs", "contracts"):
        project.scaffold(folder)
        project.write_document(folder, "a.md", "# A\n\nText.\n")
    project.dg("check", "defs")  # fails fast if both compilers defined the same names
    groups = {  # each group page's graph shows its own `<prefix>/document_ir` by its field
        prefixed_name(DOCUMENT_GROUP, p): prefixed_key(DOCUMENT_IR, p)[-1]
        for p in ("docs", "contracts")
    }
    # and the source group, shown by its field (one `dg dev` for both compilers' groups)
    groups[prefixed_name(SOURCE_GROUP, "docs")] = prefixed_key(SOURCE, "docs")[-1]
    _serve_and_look(tmp_path, project, groups)
