"""Navigator additions for stateless readers: title paths, paged text, a catalog that follows its
folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigator.ranking.test_locate import tamper, write_folder
from tests.navigator.reading.test_navigator import guide_doc
from vectorless_assets.ir import save_ir
from vectorless_assets.navigator import Catalog, DocumentNavigator, NavigationError
from vectorless_assets.navigator.reading.paging import text_page
from vectorless_assets.pipeline.compile import compile_document


def test_title_paths_resolve_step_by_step() -> None:
    nav = DocumentNavigator(guide_doc())
    oil = nav.resolve("Oil change")
    assert nav.resolve("Field Guide > Maintenance > Oil change") is oil
    assert nav.resolve("Maintenance > Oil change") is oil  # a step may skip levels
    assert nav.resolve(" maintenance>oil ") is oil  # case, spaces, prefix
    assert nav.cwd == nav.doc.tree.root.node_id  # resolving never moves the cursor
    with pytest.raises(NavigationError, match="below Maintenance"):
        nav.resolve("Maintenance > Reel speed")  # Reel speed is under Configuration
    with pytest.raises(NavigationError, match="ambiguous: .*Cutting height.*Reel speed"):
        nav.resolve("Configuration > e")  # both children contain an "e"


def test_text_pages_cover_the_text_without_cutting_words() -> None:
    text = "\n".join(f"line {i} says something about bolts" for i in range(200))
    pages, offset = [], 0
    while offset is not None:
        page = text_page(text, offset, 500)
        assert len(page["text"]) <= 500 and page["total_chars"] == len(text)
        pages.append(page["text"])
        offset = page["next_offset"]
    assert "".join(pages) == text and len(pages) > 10
    assert all(p.endswith("\n") for p in pages[:-1])  # cut at line ends
    assert text_page("", 0)["next_offset"] is None
    with pytest.raises(NavigationError, match="outside"):
        text_page(text, len(text) + 1)


def test_read_pages_a_node_and_its_subtree() -> None:
    nav = DocumentNavigator(guide_doc())
    whole = nav.read("Oil change", max_chars=100_000)
    assert (
        whole["text"] == nav.doc.tree.get(whole["node_id"]).content and whole["next_offset"] is None
    )
    first = nav.read("Oil change", max_chars=120)
    second = nav.read("Oil change", offset=first["next_offset"], max_chars=120)
    assert first["path"] == ["Maintenance", "Oil change"]
    assert whole["text"].startswith(first["text"] + second["text"])
    section = nav.read("Maintenance", subtree=True, max_chars=100_000)
    assert "Blade sharpening" in section["text"] and "Oil change" in section["text"]
    assert nav.read("Maintenance")["total_chars"] < section["total_chars"]
    assert nav.evidence() == []  # a page is a peek: `cat` collects evidence


def test_catalog_refresh_follows_the_folder(tmp_path: Path) -> None:
    folder, guide, report = write_folder(tmp_path)
    catalog = Catalog(folder)
    kept = catalog.navigators[report.doc_id]
    assert catalog.refresh() is False and len(catalog) == 3
    extra = compile_document(b"# Extra\n\nBees and honey.\n", name="extra.md", mode="fast")
    save_ir(extra, folder / f"{extra.doc_id}.bin")
    tamper(folder / f"{guide.doc_id}.bin")
    assert catalog.refresh() is True
    assert extra.doc_id in catalog.navigators and guide.doc_id not in catalog.navigators
    assert [Path(r["path"]).stem for r in catalog.rejected] == [guide.doc_id]
    assert catalog.navigators[report.doc_id] is kept  # unchanged files are not read again
    # the card index is rebuilt
    assert catalog.locate("bees honey", k=1)[0]["doc_id"] == extra.doc_id
    (folder / f"{extra.doc_id}.bin").unlink()
    assert catalog.refresh() is True and extra.doc_id not in catalog.navigators
