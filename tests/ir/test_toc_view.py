"""The stored table of contents (`Document.toc`) and its one renderer (`ir.toc_view`)."""

from __future__ import annotations

from vectorless_assets import compile_document
from vectorless_assets.ir import toc_view
from vectorless_assets.ir.toc import table_of_contents
from vectorless_assets.navigator import DocumentNavigator

TEXT = "# Guide\n\nIntro.\n\n## Install\n\nSteps.\n\n### Windows\n\nRun it.\n\n## Use\n\nDo it.\n"


def test_one_spelling_of_a_range() -> None:
    assert toc_view.span(3, 3, None, None) == "p. 3"
    assert toc_view.span(3, 5, 1, 9) == "pp. 3-5"  # pages win over lines
    assert toc_view.span(None, None, 4, 4) == "line 4"
    assert toc_view.span(None, None, 4, 9) == "lines 4-9"
    assert toc_view.span(None, None, None, None) == ""


def test_the_compiled_toc_has_ids_depths_and_subtree_lines() -> None:
    doc = compile_document(TEXT.encode(), name="guide.md")
    assert [(e.title, e.depth, e.line_start, e.line_end) for e in doc.toc] == [
        ("Guide", 0, 1, 15),
        ("Install", 1, 5, 12),
        ("Windows", 2, 9, 12),
        ("Use", 1, 13, 15),
    ]
    assert toc_view.lines(doc.toc) == [
        "0001 Guide  [lines 1-15]",
        "  0002 1 Install  [lines 5-12]",
        "    0003 1.1 Windows  [lines 9-12]",
        "  0004 2 Use  [lines 13-15]",
    ]
    assert toc_view.lines(doc.toc, max_lines=2)[-1] == "... (2 more)"
    md = toc_view.markdown(doc.toc)
    assert md.splitlines()[1] == "  - `0002` 1 Install _(lines 5-12)_"


def test_navigator_toc_is_the_stored_toc_below_a_node() -> None:
    doc = compile_document(TEXT.encode(), name="guide.md")
    rows = DocumentNavigator(doc).toc("Install")
    assert [(r["title"], r["depth"], r["line_start"], r["line_end"]) for r in rows] == [
        ("Install", 0, 5, 12),
        ("Windows", 1, 9, 12),
    ]
    assert [r["title"] for r in DocumentNavigator(doc).toc(max_depth=1)] == [
        "Guide",
        "Install",
        "Use",
    ]


def test_an_ir_written_before_the_toc_was_stored_renders_the_same() -> None:
    doc = compile_document(TEXT.encode(), name="guide.md")
    old = doc.model_validate({k: v for k, v in doc.model_dump().items() if k != "toc"})
    assert old.toc == [] and toc_view.entries(old) == doc.toc == table_of_contents(doc.tree)
