"""Issue 25, item 16: a copy `<doc_id>_backup.bin` beside the current IR never shadows it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vectorless_assets import compile_document
from vectorless_assets.ir import save_ir
from vectorless_assets.navigator import Catalog


@pytest.mark.parametrize("copy_name", ["{id}_backup.bin", "0-{id}.bin", "a.bin"])
def test_the_file_named_after_the_doc_id_is_served_and_the_copy_reported(
    tmp_path: Path, copy_name: str
) -> None:
    old = compile_document(b"# Guide\n\nOld text.\n", name="guide.md")
    new = compile_document(b"# Guide\n\nNew text.\n", name="guide.md")
    assert old.doc_id == new.doc_id
    current = save_ir(new, tmp_path / f"{new.doc_id}.bin")
    backup = tmp_path / copy_name.format(id=new.doc_id)
    save_ir(old, backup)
    catalog = Catalog(tmp_path)
    assert catalog.paths[new.doc_id] == current
    assert "New text." in "".join(n.content for n in catalog.get(new.doc_id).doc.tree.nodes)
    assert [r["path"] for r in catalog.rejected] == [str(backup)]
    assert (
        "second file" in catalog.rejected[0]["problem"]
        and current.name in catalog.rejected[0]["problem"]
    )
    shutil.move(current, tmp_path / "elsewhere.tmp")  # without the current file, the copy is served
    catalog.refresh()
    assert catalog.paths[new.doc_id] == backup and catalog.rejected == []
