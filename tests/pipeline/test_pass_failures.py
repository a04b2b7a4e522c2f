"""An optional pass that fails is skipped, not fatal; a required pass that fails fails the
document (the pass spec: "Optional — failures are skipped, not fatal")."""

from __future__ import annotations

from typing import Any

import pytest

from vectorless_assets import compile_document
from vectorless_assets.ir.errors import CompileError
from vectorless_assets.ir.persist import load_ir, save_ir
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.passfailure import PASS_FAILED
from vectorless_assets.pipeline.table import TABLE, PassTable

OPTIONAL = [p.name for p in TABLE.passes if not p.required]
REQUIRED = [p.name for p in TABLE.passes if p.required]

SOURCE = (
    b"# Guide\n\nIntro text about the guide and what it covers in detail.\n\n"
    b"## Setup\n\nInstall the tool with pip, then run it; see Section 2 for usage notes.\n\n"
    b"## Usage\n\nRun the tool on a folder of documents. It writes 42 files in total.\n\n"
    b"## Usage again\n\nRun the tool on a folder of documents. It writes 42 files in total.\n"
)


def raising(name: str) -> PassTable:
    """The project's table with pass `name` replaced by one that raises."""

    def boom(**_: Any) -> Any:
        raise ValueError(f"{name} exploded")

    return TABLE.replaced(name, run=boom)


def test_the_table_has_optional_and_required_passes() -> None:
    assert "overlap" in OPTIONAL and "validate" in OPTIONAL
    assert set(REQUIRED) == {"parse", "build", "enrich", "verify"}


@pytest.mark.parametrize("name", OPTIONAL)
def test_a_failing_optional_pass_is_skipped_and_the_ir_written(name: str, tmp_path) -> None:
    table = raising(name)
    doc = compile_document(SOURCE, name="guide.md", mode="deep", table=table)
    failures = [d for d in doc.diagnostics if d.code == PASS_FAILED]
    assert len(failures) == 1, doc.diagnostics
    (failure,) = failures
    assert failure.severity == "error" and failure.source == name
    assert name in failure.message and f"ValueError: {name} exploded" in failure.message
    spec = table.by_name[name]
    for field in spec.writes:
        if field in table.ir_fields and field != "tree":
            assert getattr(doc, field) == table.absent_value(field, {}), field
    assert doc.tree.nodes, "the tree is still built"
    path = save_ir(doc, tmp_path / f"{doc.doc_id}.bin")
    assert load_ir(path).diagnostics == doc.diagnostics


@pytest.mark.parametrize("name", REQUIRED)
def test_a_failing_required_pass_fails_the_document(name: str) -> None:
    with pytest.raises(CompileError) as caught:
        compile_document(SOURCE, name="guide.md", mode="deep", table=raising(name))
    assert caught.value.pass_name == name
    assert f"ValueError: {name} exploded" in str(caught.value)


def test_an_incremental_compile_runs_a_pass_that_failed_before_again() -> None:
    broken = compile_document(SOURCE, name="guide.md", mode="deep", table=raising("overlap"))
    assert broken.content_overlap is None
    # another option of another pass: an incremental update whose overlap inputs are unchanged
    options = CompileOptions(mode="deep", max_concepts=3)
    fixed = compile_document(SOURCE, name="guide.md", options=options, previous=broken)
    assert fixed.meta is not None and fixed.meta.action == "incremental"
    assert "overlap" not in fixed.meta.reused_passes
    assert fixed.content_overlap is not None
    assert not [d for d in fixed.diagnostics if d.code == PASS_FAILED]
