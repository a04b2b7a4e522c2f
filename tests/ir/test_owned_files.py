"""Issue 35: the IR writer and retirement touch only the project's own files.

An IR write replaced whatever was at its path, and `retire_ir` moved any path it was given;
both are on the allow-list of tests/test_file_removals.py with these checks.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vectorless_assets import compile_document, save_ir
from vectorless_assets.ir.errors import IRWriteError
from vectorless_assets.ir.persist import retire_ir


def test_an_ir_write_never_replaces_a_fifo_or_a_link(tmp_path: Path) -> None:
    doc = compile_document(b"# T\n\nText.\n", name="t.md")
    fifo, link, kept = tmp_path / "a.bin", tmp_path / "b.bin", tmp_path / "kept.txt"
    os.mkfifo(fifo)
    kept.write_text("mine")
    link.symlink_to(kept)
    for target in (fifo, link):
        with pytest.raises(IRWriteError):
            save_ir(doc, target)
    assert fifo.is_fifo() and link.is_symlink() and kept.read_text() == "mine"


def test_only_a_served_ir_file_is_retired(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    retired = tmp_path / ".deleted" / "x.bin"
    retired.parent.mkdir()
    retired.write_bytes(b"old")
    for path in (notes, retired):
        with pytest.raises(ValueError, match="not a served IR file"):
            retire_ir(path)
    assert notes.read_text() == "mine" and retired.read_bytes() == b"old"
