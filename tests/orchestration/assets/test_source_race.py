"""An IR is never labelled with content it was not built from (issue 11, item 8).

After a pass-version change the plan selects a subset (the stored upstream fields are
reused); an edit of the source between the plan and the run used to give an IR labelled B
(content fingerprint of the new bytes) built from A's stored fields, and once an
observation recorded B, every later compile said "unchanged". Deterministic: the edit is
made by a hook right after the plan.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.batch import document_runs
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.pipeline.table import TABLE

A = "# Alpha\n\nThe first version of the text.\n\n## Part\n\nDetails of version one.\n"
B = "# Beta\n\nA rewritten text.\n\n## Other part\n\nDetails of version two.\n"


def test_an_edit_between_plan_and_run_never_yields_a_mislabelled_ir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    path = docs / "doc.md"
    path.write_text(A)
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir", "instance": dg.DagsterInstance.ephemeral()}
    assert compile_paths([path], **kw)[0].status == "compiled"
    bumped = TABLE.replaced("navigation", version=TABLE.by_name["navigation"].version + ".1")
    plan = document_runs.select_assets

    def plan_then_edit(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        result = plan(*args, **kwargs)
        path.write_text(B)  # the edit lands after the plan, before the passes run
        return result

    # the source is read once, before the plan: the passes and the IR's label use those bytes
    monkeypatch.setattr(document_runs, "select_assets", plan_then_edit)
    [raced] = compile_paths([path], table=bumped, **kw)
    assert (
        raced.status == "compiled"
        and raced.reason.startswith("logic changed")
        and "parsed" not in raced.assets
    )
    ir = load_ir(raced.ir_path)
    assert ir.meta.content_fingerprint == content_fingerprint(A.encode()) and ir.name == "Alpha"
    monkeypatch.setattr(document_runs, "select_assets", plan)
    [fixed] = compile_paths([path], table=bumped, **kw)
    assert (fixed.status, fixed.reason) == ("compiled", "source changed")
    ir = load_ir(fixed.ir_path)
    assert ir.meta.content_fingerprint == content_fingerprint(B.encode()) and ir.name == "Beta"
    assert compile_paths([path], table=bumped, **kw)[0].status == "skipped"
