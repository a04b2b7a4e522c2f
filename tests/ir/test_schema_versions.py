"""The schema the IR is written in (the spec's 3) and the ones it reads (issue 38 item 3).

Schema 4 (written before) added only defaulted fields, so IRs are written as 3 again: a
reader built to the spec accepts them. Schema-4 files keep loading, count as old and are
rewritten as 3 by their next compile; a file without `schema_version` (schema 0) is old; a
schema 3 file without `document_key` is the project's older layout (old, its key upgraded).
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets import compile_document, load_ir, save_ir
from vectorless_assets.ir import IRVersionError
from vectorless_assets.ir.persist import payload_checksum
from vectorless_assets.orchestration.compile_paths import compile_paths

TEXT = "# Caches\n\nA cache keeps recent answers.\n\n## Eviction\n\nLeast recently used first.\n"


def _with_schema(path: Path, version: int | None, *, drop_key: bool = False) -> None:
    """Rewrite the IR file at `path` as if written with `version` (None: no schema_version)."""
    env = json.loads(path.read_text(encoding="utf-8"))
    if version is None:
        env["payload"].pop("schema_version")
    else:
        env["payload"]["schema_version"] = version
    if drop_key:
        env["payload"]["source_path"] = env["payload"].pop("document_key")
    env["checksum"] = payload_checksum(env["payload"])
    path.write_text(json.dumps(env), encoding="utf-8")


def _schema_on_disk(path: Path) -> int | None:
    return json.loads(path.read_text(encoding="utf-8"))["payload"].get("schema_version")


@pytest.fixture
def ir(tmp_path: Path) -> Path:
    doc = compile_document(text=TEXT, name="cache.md")
    return save_ir(doc, tmp_path / f"{doc.doc_id}.bin")


def test_irs_are_written_in_the_specs_schema_3(ir: Path) -> None:
    assert _schema_on_disk(ir) == 3
    doc = load_ir(ir)
    assert doc.schema_version == 3 and not doc.is_old and doc.document_key == "cache.md"


@pytest.mark.parametrize(
    ("version", "drop_key", "loaded"),
    [(None, False, 0), (0, False, 0), (2, False, 2), (3, True, 3), (4, False, 4)],
)
def test_older_and_retired_schemas_load_as_old(
    ir: Path, version: int | None, drop_key: bool, loaded: int
) -> None:
    before = load_ir(ir)
    _with_schema(ir, version, drop_key=drop_key)
    doc = load_ir(ir)
    assert doc.is_old and doc.schema_version == loaded
    assert doc.tree == before.tree and doc.document_key == "cache.md"
    assert doc.model_copy().is_old


def test_a_newer_schema_is_refused(ir: Path) -> None:
    _with_schema(ir, 5)
    with pytest.raises(IRVersionError, match="schema_version 5 is newer"):
        load_ir(ir)


@pytest.mark.parametrize("version", [4, None])
def test_a_compile_rewrites_an_old_ir_as_3(ir: Path, version: int | None) -> None:
    _with_schema(ir, version)
    doc = compile_document(text=TEXT, name="cache.md", previous=ir)
    assert doc.meta is not None and doc.meta.action != "skip"
    assert doc.meta.action_reason == "old schema"
    assert doc.schema_version == 3 and not doc.is_old
    save_ir(doc, ir)
    assert _schema_on_disk(ir) == 3
    again = compile_document(text=TEXT, name="cache.md", previous=ir)
    assert again.meta is not None and again.meta.action == "skip"


def test_a_compile_through_dagster_rewrites_a_schema_4_ir_as_3(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "cache.md").write_text(TEXT, encoding="utf-8")
    kw = {"docs_root": docs, "ir_dir": tmp_path / "ir", "instance": dg.DagsterInstance.ephemeral()}
    first = compile_paths([docs / "cache.md"], **kw)[0]
    assert first.status == "compiled"
    _with_schema(Path(first.ir_path), 4)
    again = compile_paths([docs / "cache.md"], **kw)[0]
    assert (again.status, again.reason) == ("compiled", "old schema")
    assert _schema_on_disk(Path(first.ir_path)) == 3 and not load_ir(first.ir_path).is_old
    assert compile_paths([docs / "cache.md"], **kw)[0].status == "skipped"


def test_a_reader_written_to_the_spec_accepts_our_irs(ir: Path) -> None:
    spec_reader = Path(__file__).parents[2] / "benchmarks" / "quality" / "spec_reader.py"
    reader = runpy.run_path(str(spec_reader))
    assert reader["read"](ir) == (True, "accepted")
    _with_schema(ir, 4)
    assert reader["read"](ir) == (False, "schema_version 4 is newer than 3")
