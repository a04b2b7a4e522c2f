"""A `DocumentCompilerComponent`'s `mode` attribute is the one mode of its runs, its code
versions and its schedules: what its batched job compiled is FRESH for Dagster's resolver and
current for its recompile schedule."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from tests.orchestration.component.test_component import component_defs
from tests.support.staleness import assert_all_fresh
from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB, SCHEDULE_NAME
from vectorless_assets.orchestration.component.component import DocumentCompilerComponent
from vectorless_assets.orchestration.jobs.recompile import recompile_config
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore

DOCS = {
    "a.md": "# Alpha\n\nAlpha text about pumps.\n\n## Setup\n\nMount the pump.\n",
    "sub/b.md": "# Beta\n\nBeta text.\n\n## Use\n\nRun it daily.\n",
}


def test_the_component_attribute_is_the_mode_of_its_runs_and_schedules(tmp_path: Path) -> None:
    root = tmp_path / "documents"
    for rel, text in DOCS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    component = DocumentCompilerComponent.from_attributes_dict(
        attributes={"prefix": "docs", "documents_root": "documents", "mode": "deep"}
    )
    defs, settings = component_defs(component, tmp_path), component.settings(tmp_path)
    assert settings.options.mode == "deep"
    names = settings.names
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
    result = defs.resolve_job_def(names.name(RECOMPILE_JOB)).execute_in_process(
        instance=instance, run_config=recompile_config([], names), raise_on_error=False
    )
    assert result.success
    assert_all_fresh(instance, defs, settings, names, len(DOCS))
    # the schedule decides with the same mode: nothing is stale
    schedule = defs.resolve_schedule_def(names.name(SCHEDULE_NAME))
    resources = {
        names.documents: DocumentsRoot(path=settings.docs_dir),
        names.ir_store: IRStore(path=settings.ir_dir),
    }
    with dg.build_schedule_context(instance=instance, resources=resources) as context:
        assert isinstance(schedule(context), dg.SkipReason)
