"""save_ir / load_ir: envelope, checksum, atomic writes, and every way a file can be wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vectorless_assets import compile_document, load_ir, save_ir
from vectorless_assets.ir import (
    IRChecksumError,
    IRFormatError,
    IRIntegrityError,
    IRSchemaError,
    IRVersionError,
)
from vectorless_assets.ir.identity import canonical_json
from vectorless_assets.ir.persist import payload_checksum

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def saved(tmp_path: Path, guide_bytes: bytes) -> tuple[Path, object]:
    doc = compile_document(guide_bytes, name="guide.md", mode="deep")
    return save_ir(doc, tmp_path / f"{doc.doc_id}.bin"), doc


def _rewrite(path: Path, mutate) -> None:
    env = json.loads(path.read_text())
    mutate(env)
    path.write_text(json.dumps(env))


def test_roundtrip_is_identical(saved) -> None:
    path, doc = saved
    again = load_ir(path)
    assert again == doc
    assert again.model_dump(mode="json") == doc.model_dump(mode="json")


def test_envelope_layout_and_checksum(saved) -> None:
    path, _ = saved
    env = json.loads(path.read_text(encoding="utf-8"))
    assert set(env) == {"version", "checksum", "payload"}
    assert env["version"] == 2
    assert env["payload"]["schema_version"] == 3
    assert env["checksum"] == payload_checksum(env["payload"])
    # canonical JSON: what is on disk is exactly the canonical form of the envelope
    assert path.read_text(encoding="utf-8") == canonical_json(env)


def test_floats_survive_roundtrip(tmp_path: Path, guide_bytes: bytes) -> None:
    doc = compile_document(guide_bytes, name="guide.md", mode="deep")
    odd = doc.model_copy(update={"name": "x"})
    odd.tree.nodes[0].references = []
    weird = [0.1 + 0.2, 1 / 3, 1e-17, 123456789.123456789, 2.0**-1074]
    from vectorless_assets.ir import EvidenceScore, EvidenceScoreMap

    odd.evidence_scores = EvidenceScoreMap(
        scores={
            odd.tree.nodes[0].node_id: EvidenceScore(
                density=weird[0], data_richness=weird[1], specificity=weird[2], composite=weird[4]
            )
        }
    )
    path = save_ir(odd, tmp_path / "f.bin")
    assert load_ir(path) == odd


def test_tampered_payload_is_refused(saved) -> None:
    path, _ = saved
    _rewrite(path, lambda env: env["payload"].__setitem__("name", "evil"))
    with pytest.raises(IRChecksumError) as info:
        load_ir(path)
    assert str(path) in str(info.value) and "checksum" in str(info.value)


def test_truncated_file_is_refused(saved) -> None:
    path, _ = saved
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(IRFormatError, match="not valid JSON"):
        load_ir(path)


@pytest.mark.parametrize(
    "garbage",
    [b"", b"\x00\x01\x02binary", b"[1,2,3]", b'{"version":2}', "caf\xe9".encode("latin-1")],
)
def test_garbage_files_are_refused(tmp_path: Path, garbage: bytes) -> None:
    path = tmp_path / "g.bin"
    path.write_bytes(garbage)
    with pytest.raises(IRIntegrityError):
        load_ir(path)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(IRFormatError, match="cannot read"):
        load_ir(tmp_path / "nope.bin")


def test_unknown_envelope_version_is_refused(saved) -> None:
    path, _ = saved
    _rewrite(path, lambda env: env.__setitem__("version", 9))
    with pytest.raises(IRVersionError, match="envelope version 9"):
        load_ir(path)


def _resign(env: dict) -> None:
    env["checksum"] = payload_checksum(env["payload"])


def test_newer_schema_is_refused(saved) -> None:
    path, _ = saved

    def newer(env):
        env["payload"]["schema_version"] = 5
        _resign(env)

    _rewrite(path, newer)
    with pytest.raises(IRVersionError, match="schema_version 5 is newer"):
        load_ir(path)


def test_older_schema_loads_and_is_flagged(saved) -> None:
    path, doc = saved

    def older(env):
        env["payload"]["schema_version"] = 2
        for key in ("query_routes", "chain_index", "meta"):
            env["payload"].pop(key, None)
        _resign(env)

    _rewrite(path, older)
    old = load_ir(path)
    assert old.is_old and old.schema_version == 2
    assert old.tree == doc.tree and old.query_routes is None


def test_unknown_extra_fields_are_ignored(saved) -> None:
    path, doc = saved

    def extra(env):
        env["payload"]["future_field"] = {"x": 1}
        env["payload"]["tree"]["nodes"][0]["future_node_field"] = 3
        _resign(env)

    _rewrite(path, extra)
    assert load_ir(path) == doc


def test_valid_checksum_but_invalid_document(saved) -> None:
    path, _ = saved

    def broken(env):
        env["payload"]["tree"] = "not a tree"
        _resign(env)

    _rewrite(path, broken)
    with pytest.raises(IRSchemaError, match="tree"):
        load_ir(path)


def test_atomic_write_keeps_old_file_when_serialisation_fails(saved, monkeypatch) -> None:
    path, doc = saved
    before = path.read_bytes()
    import vectorless_assets.ir.persist as persist

    def boom(_doc):
        raise RuntimeError("crash while serialising")

    monkeypatch.setattr(persist, "envelope_bytes", boom)
    with pytest.raises(RuntimeError):
        persist.save_ir(doc, path)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left behind


def test_lookup_cache_does_not_break_equality(saved) -> None:
    path, doc = saved
    for node in doc.tree.nodes:  # fills the tree's private id index
        assert doc.tree.get(node.node_id) is node
    assert load_ir(path) == doc


def test_renumbering_a_wide_tree_is_fast_and_numbers_siblings() -> None:
    from vectorless_assets.ir.tree import DocumentTree, TreeNode

    kids = [TreeNode(node_id=f"k{i}", parent="r") for i in range(20000)]
    tree = DocumentTree(
        nodes=[TreeNode(node_id="r", children=[k.node_id for k in kids]), *kids]
    ).renumbered()
    assert tree.nodes[-1].structure == "20000" and tree.nodes[-1].node_id == "20001"
    assert len({n.node_id for n in tree.nodes}) == 20001


def test_an_ir_without_the_toc_and_change_set_still_loads(saved) -> None:
    path, doc = saved

    def before_issue_28(env):
        env["payload"].pop("toc")
        env["payload"]["meta"].pop("changes")
        _resign(env)

    _rewrite(path, before_issue_28)
    old = load_ir(path)
    assert old.toc == [] and old.meta.changes.empty and old.tree == doc.tree


def test_a_schema_3_ir_keeps_its_key_as_document_key(saved) -> None:
    path, doc = saved

    def schema_3(env):
        env["payload"]["schema_version"] = 3
        env["payload"]["source_path"] = env["payload"].pop("document_key")
        _resign(env)

    _rewrite(path, schema_3)
    old = load_ir(path)
    assert (
        old.is_old
        and old.document_key == doc.document_key == "guide.md"
        and old.source_path is None
    )


def test_a_failed_write_names_the_ir_folder(tmp_path: Path, guide_bytes: bytes) -> None:
    """Issue 25 item 18: a write into an unwritable IR folder is one clear line naming the
    folder (an IsADirectoryError about a temp file before). A folder in the file's place
    stands for a read-only folder (the tests run as root, which chmod does not stop)."""
    from vectorless_assets.ir.errors import IRWriteError

    doc = compile_document(guide_bytes, name="guide.md", mode="fast")
    target = tmp_path / "ir" / f"{doc.doc_id}.bin"
    (target / "occupied").mkdir(parents=True)
    with pytest.raises(IRWriteError) as failed:
        save_ir(doc, target)
    message = str(failed.value)
    assert message.startswith(f"cannot write the IR {target.name} into {target.parent}: ")
    assert "\n" not in message and ".tmp" not in message
    assert isinstance(failed.value, OSError)  # callers catching OSError still do


def _in_subprocess(code: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter with 1 GB of address space at most and 60 s."""
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))\n"
    return subprocess.run(
        [sys.executable, "-c", limit + code], capture_output=True, text=True, timeout=60, cwd=REPO
    )


def test_a_fifo_or_device_named_bin_is_refused_at_once(tmp_path: Path) -> None:
    """Issue 25 item 15: a FIFO named x.bin blocked `vectorless ls` for ever, a link to
    /dev/zero grew memory until killed; both are refused as not regular files, and the
    catalog serves the real IR beside them."""
    os.mkfifo(tmp_path / "x.bin")
    (tmp_path / "zero.bin").symlink_to("/dev/zero")
    doc = compile_document(b"# Real\n\nText.\n", name="real.md", mode="fast")
    save_ir(doc, tmp_path / f"{doc.doc_id}.bin")
    done = _in_subprocess(
        "from vectorless_assets.navigator import Catalog\n"
        f"c = Catalog({str(tmp_path)!r})\n"
        "print(len(c)); [print(r['path'].rsplit('/', 1)[1], r['problem']) for r in c.rejected]\n"
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "1"
    assert sorted(lines[1:]) == [
        "x.bin not a regular file (a FIFO, device or socket)",
        "zero.bin not a regular file (a FIFO, device or socket)",
    ]
