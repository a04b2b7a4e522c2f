"""`ir.stamp`: the cheap (stamp) and full (verify) integrity checks of an IR file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vectorless_assets.ir.persist import save_ir
from vectorless_assets.ir.stamp import ir_state, stamp_of
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document


@pytest.fixture
def ir(tmp_path: Path) -> Path:
    src = tmp_path / "doc.md"
    src.write_text("# Title\n\nSome text about caches.\n\n## Part\n\nMore text.\n")
    return save_ir(
        compile_document(src, options=CompileOptions(), root=tmp_path), tmp_path / "doc.bin"
    )


def _flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    i = data.index(b"caches")
    data[i] = ord("k")
    path.write_bytes(bytes(data))


def test_intact_file_passes_both_checks(ir: Path) -> None:
    stamp = stamp_of(ir)
    assert ir_state(ir, stamp) == ir_state(ir, verify=True) == ir_state(ir) == "intact"
    os.utime(ir, ns=(1, 1))  # touched: size/mtime differ, the hash still matches
    assert ir_state(ir, stamp) == "intact"


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_damage_is_seen_by_the_stamp_and_by_verify(ir: Path, damage: str) -> None:
    stamp = stamp_of(ir)
    if damage == "flip":
        _flip(ir)
    else:
        ir.write_bytes(ir.read_bytes()[: ir.stat().st_size // 2])
    assert ir_state(ir, stamp) == "damaged"
    assert ir_state(ir, verify=True) == "damaged"


def test_same_size_and_mtime_is_trusted_without_reading(ir: Path) -> None:
    """The cheap check's contract: a stat per file. A same-size rewrite restoring the mtime
    is not caught by it (the full check, run before a compile skips, does catch it)."""
    stamp = stamp_of(ir)
    st = ir.stat()
    _flip(ir)
    os.utime(ir, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert ir_state(ir, stamp) == "intact"
    assert ir_state(ir, stamp, verify=True) == "damaged"


def test_missing_file(ir: Path) -> None:
    ir.unlink()
    assert ir_state(ir, "1:2:3") == ir_state(ir, verify=True) == "missing"
