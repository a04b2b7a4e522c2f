"""Issue 25, items 4 and 5: crafted IRs with a valid checksum but a broken tree, and JSON
nested too deeply, are refused at load (and by `verify`) instead of hanging or crashing."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from vectorless_assets import compile_document
from vectorless_assets.cli import main
from vectorless_assets.ir import load_ir, save_ir
from vectorless_assets.ir.errors import IRFormatError, IRSchemaError
from vectorless_assets.ir.identity import canonical_json
from vectorless_assets.ir.persist import document_payload, payload_checksum
from vectorless_assets.ir.versions import FORMAT_VERSION

TEXT = b"# Guide\n\nIntro.\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n\n### Two a\n\nDeeper.\n"


def _write(path: Path, payload: dict) -> Path:
    envelope = {
        "version": FORMAT_VERSION,
        "checksum": payload_checksum(payload),
        "payload": payload,
    }
    path.write_bytes(canonical_json(envelope).encode("utf-8"))
    return path


@pytest.fixture(scope="module")
def payload() -> dict:
    return document_payload(compile_document(TEXT, name="guide.md"))


def _self_child(p: dict) -> None:
    p["tree"]["nodes"][1]["children"].append(p["tree"]["nodes"][1]["node_id"])


def _parent_loop(p: dict) -> None:  # the root's child lists the root as its child
    p["tree"]["nodes"][1]["children"].append(p["tree"]["nodes"][0]["node_id"])


def _missing_child(p: dict) -> None:
    p["tree"]["nodes"][1]["children"].append("9999")


def _deep_chain(p: dict) -> None:
    nodes = p["tree"]["nodes"]
    base = copy.deepcopy(nodes[-1])
    parent = nodes[-1]
    for i in range(10_000):
        node = {**base, "node_id": f"x{i}", "parent": parent["node_id"], "children": []}
        parent["children"] = [*parent["children"], node["node_id"]]
        nodes.append(node)
        parent = node


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (_self_child, "reached twice"),
        (_parent_loop, "reached twice"),
        (_missing_child, "does not exist"),
        (_deep_chain, "deeper than"),
    ],
)
def test_a_broken_tree_with_a_valid_checksum_is_refused(
    payload: dict, tmp_path: Path, damage, says: str
) -> None:
    crafted = copy.deepcopy(payload)
    damage(crafted)
    path = _write(tmp_path / "crafted.bin", crafted)
    with pytest.raises(IRSchemaError, match=says):
        load_ir(path)


def test_deeply_nested_json_is_a_format_error_and_verify_checks_the_rest(
    payload: dict, tmp_path: Path, capsys
) -> None:
    deep = tmp_path / "deep.bin"
    deep.write_bytes(
        b'{"version": 1, "checksum": "x", "payload": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    )
    with pytest.raises(IRFormatError, match="nested too deeply"):
        load_ir(deep)
    good = save_ir(compile_document(TEXT, name="guide.md"), tmp_path / "good.bin")
    crafted = copy.deepcopy(payload)
    _self_child(crafted)
    bad = _write(tmp_path / "loop.bin", crafted)
    rc = main(["verify", "--json", str(deep), str(bad), str(good)])
    rows = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert [r["ok"] for r in rows] == [False, False, True]
    assert "nested too deeply" in rows[0]["problem"] and "invalid tree" in rows[1]["problem"]


def test_compiled_trees_pass_the_check(payload: dict, tmp_path: Path) -> None:
    assert (
        load_ir(_write(tmp_path / "ok.bin", copy.deepcopy(payload))).tree.nodes[0].title == "Guide"
    )
