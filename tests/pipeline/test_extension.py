"""Adding a pass or a frontend takes a module, a table row (or registry entry) and a test.

A toy pass (`leaf_count`, after validate, writing a new intermediate field) and a toy
frontend (`.note` files: lines starting with `== ` are headings) are registered in
temporary copies of the pass table and the frontend registry, then a document is compiled
through them in process and through the Dagster graph on a real SQLite instance. Nothing
else of the project is touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from vectorless_assets import compile_document
from vectorless_assets.frontends.discovery import discover
from vectorless_assets.frontends.registry import REGISTRY, Frontend
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.table import ALL, TABLE, Pass

NOTE = "== Alpha\nfirst line\n== Beta\nsecond line\nthird line\n"


def parse_note(data: bytes, options: CompileOptions) -> ParsedDocument:
    """Toy frontend: `== Title` lines open sections, everything else is body text."""
    nodes: list[RawNode] = []
    for n, line in enumerate(data.decode("utf-8").splitlines(), start=1):
        if line.startswith("== "):
            nodes.append(RawNode(title=line[3:], level=1, line_start=n, line_end=n))
        elif nodes:
            nodes[-1] = nodes[-1].model_copy(
                update={"content": (nodes[-1].content + "\n" + line).strip("\n"), "line_end": n}
            )
    return ParsedDocument(format="note", raw_nodes=nodes, line_count=n)


def leaf_count(*, tree: DocumentTree, ctx: PassContext) -> dict[str, Any]:
    """Toy pass: how many leaves the final tree has."""
    return {"leaves": sum(1 for node in tree.nodes if not node.children)}


FRONTENDS = REGISTRY.with_frontend(Frontend("note", (".note",), parse_note))
TOY = Pass(
    name="leaf_count",
    run=leaf_count,
    reads=("tree",),
    writes=("leaf_count",),
    phase="analysis",
    version="1",
    modes=ALL,
)
TABLE_PLUS = TABLE.with_pass(TOY, after="validate")


def test_the_toy_pass_and_frontend_compile_in_process() -> None:
    doc = compile_document(NOTE.encode(), name="x.note", table=TABLE_PLUS, frontends=FRONTENDS)
    assert doc.format == "note"
    assert [n.title for n in doc.tree.nodes[1:]] == ["Alpha", "Beta"]
    assert "leaf_count" in doc.meta.pass_durations_ms
    assert (
        "leaf_count"
        not in compile_document(
            NOTE.encode(), name="x.note", frontends=FRONTENDS
        ).meta.pass_durations_ms
    )


def test_the_table_refuses_rows_that_read_what_nobody_wrote() -> None:
    with pytest.raises(ValueError, match="reads"):
        TABLE.with_pass(
            Pass(
                name="early",
                run=leaf_count,
                reads=("tree",),
                writes=("early",),
                phase="analysis",
                version="1",
                modes=ALL,
            ),
            after="parse",
        )


def test_the_toy_pass_and_frontend_compile_through_dagster(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "x.note").write_text(NOTE, encoding="utf-8")
    (docs / "y.md").write_text("# Y\n\nbody\n", encoding="utf-8")
    assert discover(docs, FRONTENDS) == ["x.note", "y.md"] and discover(docs) == ["y.md"]
    settings = Settings.create(
        docs_dir=docs, ir_dir=tmp_path / "ir", table=TABLE_PLUS, frontends=FRONTENDS
    )
    defs = build_defs(settings)
    assert dg.AssetKey("leaf_count") in defs.resolve_asset_graph().get_all_asset_keys()
    (tmp_path / "home").mkdir()
    with dg.DagsterInstance.local_temp(str(tmp_path / "home")) as instance:
        pk = partition_key_for("x.note")
        instance.add_dynamic_partitions(PARTITIONS_NAME, [pk])
        run = defs.resolve_job_def(COMPILE_JOB).execute_in_process(
            instance=instance, partition_key=pk, raise_on_error=False
        )
        assert run.success, [e.message for e in run.all_events if e.is_failure]
        assert FieldStore(settings.fields_dir).read("leaf_count", pk) == {"leaves": 2}
        doc = load_ir(Path(settings.ir_dir) / f"{key_to_doc_id(pk)}.bin")
        assert doc.format == "note" and "leaf_count" in doc.meta.pass_durations_ms
