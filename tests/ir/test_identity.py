"""doc_id and fingerprints are deterministic and distinguish what must differ."""

from __future__ import annotations

import uuid

from vectorless_assets import compile_document
from vectorless_assets.ir.identity import content_fingerprint, doc_id_for, document_key
from vectorless_assets.options import CompileOptions


def test_doc_id_is_uuid5_of_relative_key() -> None:
    a, b = doc_id_for("a/index.md"), doc_id_for("b/index.md")
    assert a != b
    assert uuid.UUID(a).version == 5
    assert doc_id_for("a/index.md") == a
    assert doc_id_for("./a\\index.md") == a
    assert document_key("/a/index.md/") == "a/index.md"


def test_doc_id_equals_the_uuid5_definition_on_random_keys() -> None:
    import random

    from vectorless_assets.ir.identity import DOC_ID_NAMESPACE

    rng = random.Random(2)
    alphabet = ["a", "Z", "/", "\\", ".", " ", "-", "é", "日本", "\U0001f600", "0"]
    for _ in range(3000):
        key = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        assert doc_id_for(key) == str(uuid.uuid5(DOC_ID_NAMESPACE, document_key(key))), key


def test_content_fingerprint_is_blake2b_128() -> None:
    fp = content_fingerprint(b"hello")
    assert len(fp) == 32 and int(fp, 16) >= 0
    assert fp != content_fingerprint(b"hello ")


def test_logic_fingerprint_tracks_options() -> None:
    base = CompileOptions()
    assert base.logic_fingerprint() == CompileOptions().logic_fingerprint()
    assert base.logic_fingerprint() != base.with_mode("deep").logic_fingerprint()
    assert (
        base.logic_fingerprint()
        != CompileOptions(processing_version=base.processing_version + 1).logic_fingerprint()
    )
    assert base.logic_fingerprint() != CompileOptions(split_max_tokens=1000).logic_fingerprint()


def test_meta_records_fingerprints_and_tool_version(guide_bytes: bytes) -> None:
    doc = compile_document(guide_bytes, name="docs/guide.md", mode="standard")
    assert doc.doc_id == doc_id_for("docs/guide.md")
    assert doc.meta is not None
    assert doc.meta.content_fingerprint == content_fingerprint(guide_bytes)
    assert doc.meta.logic_fingerprint == CompileOptions(mode="standard").logic_fingerprint()
    assert doc.meta.tool_version and doc.meta.mode == "standard"
    assert doc.meta.node_count == len(doc.tree.nodes)


def test_source_path_is_the_absolute_file_and_the_key_its_own_field(tmp_path, monkeypatch) -> None:
    from vectorless_assets.ir.identity import source_path_for

    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "n.md").write_text("# N\n\ntext\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    doc = compile_document("d/n.md", root="d")
    assert doc.source_path == str(tmp_path / "d" / "n.md") and doc.document_key == "n.md"
    assert doc.doc_id == doc_id_for("n.md")
    from_bytes = compile_document(b"# N\n\ntext\n", name="d/n.md")
    assert from_bytes.source_path is None and from_bytes.document_key == "d/n.md"
    assert source_path_for("s3://bucket/docs/n.md") == "s3://bucket/docs/n.md"


def test_key_conflict_names_both_sources() -> None:
    from vectorless_assets.ir.identity import key_conflict

    problem = key_conflict("index.md", "/w/b/index.md", "index.md", "/w/a/index.md")
    assert problem and "/w/a/index.md" in problem and "/w/b/index.md" in problem
    # a recompile
    assert key_conflict("index.md", "/w/a/index.md", "index.md", "/w/a/index.md") is None
    assert key_conflict("index.md", "/w/b/index.md", None, "index.md") is None  # a schema-3 IR
    # no key field but a file: the key comes from the doc_id the caller matched
    assert "/w/a/index.md" in (
        key_conflict("index.md", "/w/b/index.md", None, "/w/a/index.md") or ""
    )
    assert key_conflict("index.md", None, "index.md", "/w/a/index.md") is None  # bytes input
