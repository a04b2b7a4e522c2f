"""Parse input is a path, a content string or bytes (the pass spec's `CompilerInput`), with
an unambiguous API: a `str` source is a path, a content string goes by `text=`."""

from __future__ import annotations

from pathlib import Path

import pytest

from vectorless_assets import compile_document
from vectorless_assets.ir.errors import CompileError

TEXT = "# Title\n\nText of the document.\n\n## Part\n\nMore text, with ünïcode.\n"


def _plain(doc) -> dict:
    out = doc.model_dump(mode="json", exclude={"meta", "source_path"})
    return out


def test_text_bytes_and_path_compile_to_the_same_ir(tmp_path: Path) -> None:
    path = tmp_path / "x.md"
    path.write_text(TEXT, encoding="utf-8")
    from_text = compile_document(text=TEXT, name="x.md")
    from_bytes = compile_document(TEXT.encode(), name="x.md")
    from_path = compile_document(path)
    from_str_path = compile_document(str(path))
    assert [n.title for n in from_text.tree.nodes] == ["Title", "Part"]
    assert _plain(from_text) == _plain(from_bytes) == _plain(from_path) == _plain(from_str_path)
    assert from_text.source_path is None and from_text.document_key == "x.md"
    assert from_path.source_path == str(path.resolve())


def test_text_needs_a_name_and_excludes_a_source(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs name="):
        compile_document(text=TEXT)
    with pytest.raises(ValueError, match="not both"):
        compile_document(tmp_path / "x.md", text=TEXT, name="x.md")
    with pytest.raises(ValueError, match="not both"):
        compile_document()
    with pytest.raises(TypeError, match="content string"):
        compile_document(text=TEXT.encode(), name="x.md")  # type: ignore[arg-type]


def test_a_str_source_stays_a_path_and_the_error_points_at_text() -> None:
    with pytest.raises(CompileError, match=r"cannot read source.*text="):
        compile_document("# Title\n\nText", name="x.md")
