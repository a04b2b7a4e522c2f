"""`compile_paths`, the CLI's way through Dagster, on a SQLite instance in tmp_path."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.ir.persist import load_ir
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.compile_paths import compile_paths
from vectorless_assets.orchestration.storage import instance as instance_mod
from vectorless_assets.pipeline.table import TABLE


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path, dg.DagsterInstance]:
    docs = tmp_path / "docs"
    for rel, text in {
        "a/index.md": "# Alpha\n\nFirst.\n\n## More\n\nMore text.\n",
        "b/index.md": "# Beta\n\nSecond.\n",
        "notes.md": "# Notes\n\nThird.\n",
    }.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    (docs / "broken.pdf").write_bytes(b"%PDF-1.7 truncated")
    return docs, tmp_path / "ir", dg.DagsterInstance.ephemeral()


@pytest.fixture
def sqlite_instance(tmp_path: Path) -> dg.DagsterInstance:
    (tmp_path / "home").mkdir()
    return dg.DagsterInstance.local_temp(str(tmp_path / "home"))


def _by_key(results: list[DocumentOutcome]) -> dict[str, DocumentOutcome]:
    return {r.document_key: r for r in results}


def test_compile_skip_and_isolate_bad_documents(setup, sqlite_instance: dg.DagsterInstance) -> None:
    docs, ir_dir, _ = setup
    instance = sqlite_instance
    paths = [docs / "a/index.md", docs / "broken.pdf", "b/index.md", docs / "notes.md"]
    seen: list[str] = []
    first = _by_key(
        compile_paths(
            paths,
            docs_root=docs,
            ir_dir=ir_dir,
            instance=instance,
            progress=lambda r: seen.append(r.status),
        )
    )
    assert len(seen) == 4
    assert (
        first["broken.pdf"].status == "failed"
        and first["broken.pdf"].document_key == "broken.pdf"
        and "unreadable PDF" in first["broken.pdf"].error
    )
    for key in ("a/index.md", "b/index.md", "notes.md"):
        res = first[key]
        assert res.status == "compiled", res.error
        doc = load_ir(res.ir_path)
        assert doc.doc_id == res.doc_id and doc.document_key == key
    assert Path(first["a/index.md"].ir_path).name == f"{first['a/index.md'].doc_id}.bin"
    assert set(instance.get_dynamic_partitions(PARTITIONS_NAME)) == {
        "a~index.md",
        "b~index.md",
        "notes.md",
        "broken.pdf",
    }
    runs_before = len(instance.get_run_records())
    assert runs_before == 1  # one run for the whole invocation, not one per document

    (docs / "notes.md").write_text("# Notes\n\nThird, edited.\n", encoding="utf-8")
    second = _by_key(compile_paths(paths, docs_root=docs, ir_dir=ir_dir, instance=instance))
    assert {k: r.status for k, r in second.items()} == {
        "a/index.md": "skipped",
        "b/index.md": "skipped",
        "notes.md": "compiled",
        "broken.pdf": "failed",
    }
    # one run again: the edited document and the retried broken one
    assert len(instance.get_run_records()) == runs_before + 1
    assert any("edited" in n.content for n in load_ir(second["notes.md"].ir_path).tree.nodes)


def test_mode_switch_recompiles_and_never_mixes_modes(setup) -> None:
    docs, ir_dir, instance = setup
    paths = [docs / "a/index.md"]
    assert (
        compile_paths(paths, docs_root=docs, ir_dir=ir_dir, instance=instance)[0].status
        == "compiled"
    )
    deep = compile_paths(
        paths, docs_root=docs, ir_dir=ir_dir, instance=instance, options=CompileOptions(mode="deep")
    )[0]
    # parse, build and split do not depend on the mode: their values are kept
    assert deep.status == "compiled" and set(deep.assets) == set(
        AssetGraph(TABLE, CompileOptions()).produced
    ) - {"parsed", "tree_built", "tree_split"}
    doc = load_ir(deep.ir_path)
    assert (
        doc.meta.mode == "deep"
        and doc.meta.logic_fingerprint == CompileOptions(mode="deep").logic_fingerprint()
    )
    # deep-only indexes present
    assert doc.chain_index is not None and doc.content_overlap is not None
    again = compile_paths(
        paths, docs_root=docs, ir_dir=ir_dir, instance=instance, options=CompileOptions(mode="deep")
    )[0]
    assert again.status == "skipped"


def test_bumped_pass_recompiles_only_it_and_downstream(
    setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, ir_dir, instance = setup
    paths = [docs / "b/index.md"]
    assert (
        compile_paths(paths, docs_root=docs, ir_dir=ir_dir, instance=instance)[0].status
        == "compiled"
    )
    bumped = TABLE.replaced("navigation", version="7")
    res = compile_paths(paths, docs_root=docs, ir_dir=ir_dir, instance=instance, table=bumped)[0]
    assert res.status == "compiled", res.error
    # early cutoff: navigation's output is unchanged, so query_routes (its consumer) is not
    # recomputed; document_ir is re-recorded under the new graph fingerprint
    assert set(res.assets) == {"nav_index", "document_ir"}
    assert (
        compile_paths(paths, docs_root=docs, ir_dir=ir_dir, instance=instance, table=bumped)[
            0
        ].status
        == "skipped"
    )


def test_missing_ir_file_is_recompiled_and_outside_paths_fail(setup, tmp_path: Path) -> None:
    docs, ir_dir, instance = setup
    res = compile_paths([docs / "b/index.md"], docs_root=docs, ir_dir=ir_dir, instance=instance)[0]
    Path(res.ir_path).unlink()
    again = compile_paths(
        [docs / "b/index.md", tmp_path / "elsewhere.md"],
        docs_root=docs,
        ir_dir=ir_dir,
        instance=instance,
    )
    # results in the order given
    assert again[1].status == "failed" and "not under the documents root" in again[1].error
    assert again[0].status == "compiled" and Path(again[0].ir_path).exists()


def test_local_instance_defaults_to_project_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    inst = instance_mod.local_instance()
    assert instance_mod.local_home() == tmp_path / ".vectorless" / "dagster"
    assert (tmp_path / ".vectorless" / "dagster" / "dagster.yaml").exists()
    assert inst.root_directory == str(tmp_path / ".vectorless" / "dagster")
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "elsewhere"))
    assert instance_mod.local_home() == tmp_path / "elsewhere"


def test_reverted_edit_after_a_failed_compile_is_recompiled(setup) -> None:
    """A document edited into an uncompilable state and back must not be skipped."""
    docs, ir_dir, instance = setup
    path = docs / "notes.md"
    good = path.read_bytes()
    assert (
        compile_paths([path], docs_root=docs, ir_dir=ir_dir, instance=instance)[0].status
        == "compiled"
    )
    path.write_bytes(b"\x00\x01\x02 binary garbage \xff\xfe" * 50)
    broken = compile_paths([path], docs_root=docs, ir_dir=ir_dir, instance=instance)[0]
    path.write_bytes(good)
    again = compile_paths([path], docs_root=docs, ir_dir=ir_dir, instance=instance)[0]
    assert (
        broken.status == "failed"
        and broken.document_key == "notes.md"
        and "binary file" in broken.error
    )
    assert again.status == "compiled" and again.reason == "source changed"


def test_relative_paths_resolve_against_cwd_or_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vectorless_assets.orchestration.compile_paths import relative_key

    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "x.md").write_text("# X\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert relative_key("docs/sub/x.md", str(root)) == "sub/x.md"
    assert relative_key("sub/x.md", str(root)) == "sub/x.md"
    assert relative_key(root / "sub" / "x.md", str(root)) == "sub/x.md"
    with pytest.raises(ValueError, match="not under the documents root"):
        relative_key(tmp_path / "other.md", str(root))


def test_documents_and_fields_on_an_fsspec_location(tmp_path: Path) -> None:
    from upath import UPath

    root = UPath("memory://vl-test-docs")
    (root / "guide").mkdir(parents=True, exist_ok=True)
    (root / "guide" / "index.md").write_bytes(b"# Guide\n\nIntro.\n\n## Setup\n\nSteps.\n")
    res = compile_paths(
        ["guide/index.md"],
        docs_root="memory://vl-test-docs",
        ir_dir=tmp_path / "ir",
        fields_dir="memory://vl-test-fields",
        instance=dg.DagsterInstance.ephemeral(),
    )[0]
    assert res.status == "compiled", res.error
    assert any(n.title == "Setup" for n in load_ir(res.ir_path).tree.nodes)
    assert UPath("memory://vl-test-fields/tree/guide~index.md.json").exists()


def test_an_unwritable_ir_folder_is_one_line_naming_it(setup) -> None:
    """Issue 25 item 18 on the Dagster path: the IR store's write names the IR folder (an
    IsADirectoryError about a temp file before); the other documents still compile."""
    from vectorless_assets.ir.identity import doc_id_for

    docs, ir_dir, instance = setup
    blocked = ir_dir / f"{doc_id_for('notes.md')}.bin"
    (blocked / "occupied").mkdir(parents=True)  # stands for a read-only folder (tests run as root)
    results = _by_key(
        compile_paths(
            [docs / "notes.md", docs / "b" / "index.md"],
            docs_root=docs,
            ir_dir=ir_dir,
            instance=instance,
        )
    )
    failed = results["notes.md"]
    assert failed.status == "failed" and "\n" not in (failed.error or "")
    assert f"cannot write the IR {blocked.name} into {ir_dir}: " in failed.error
    assert results["b/index.md"].status == "compiled"


def test_one_outcome_per_document_from_the_run_to_the_caller(setup, monkeypatch) -> None:
    """Issue 41: the outcome the run's step makes for a document is the very object the
    progress callback and `compile_paths`' result hold (one type, not a copy per layer),
    completed with the path it was named by and the run."""
    from vectorless_assets.orchestration.batch import progress

    docs, ir_dir, instance = setup
    made: list[object] = []
    report = progress.report

    def spy(run_id: str, outcome: DocumentOutcome) -> None:
        made.append(outcome)
        report(run_id, outcome)

    monkeypatch.setattr(progress, "report", spy)
    shown: list[object] = []
    results = compile_paths(
        [docs / "notes.md", docs / "broken.pdf"],
        docs_root=docs,
        ir_dir=ir_dir,
        instance=instance,
        progress=shown.append,
    )
    assert len(made) == 2 and all(any(r is m for m in made) for r in results)
    assert [id(r) for r in shown] == [id(r) for r in made]
    compiled, failed = results
    assert (compiled.status, compiled.assets[-1], compiled.path) == (
        "compiled",
        "document_ir",
        str(docs / "notes.md"),
    )
    assert compiled.records == [] and compiled.run_id == failed.run_id is not None
    assert failed.status == "failed" and not failed.ok and failed.document_key == "broken.pdf"
