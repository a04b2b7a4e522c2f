"""A catalog keeps cards, not documents: loaded documents are bounded by their IR files' size
(issue 25 item 19)."""

from __future__ import annotations

from pathlib import Path

from vectorless_assets import compile_document, save_ir
from vectorless_assets.navigator import Catalog


def write(folder: Path, n: int) -> list[str]:
    ids = []
    for i in range(n):
        doc = compile_document(
            f"# Manual {i}\n\n## Valves\n\nValve {i} opens at {i} bar.\n".encode(),
            name=f"m{i}.md",
            mode="fast",
        )
        save_ir(doc, folder / f"{doc.doc_id}.bin")
        ids.append(doc.doc_id)
    return ids


def test_a_bounded_catalog_keeps_only_the_documents_last_used(tmp_path: Path) -> None:
    ids = write(tmp_path, 5)
    size = max(p.stat().st_size for p in tmp_path.glob("*.bin"))
    catalog = Catalog(tmp_path, cache_bytes=2 * size)
    assert len(catalog) == 5 and len(catalog.cache) == 0  # indexed: cards only
    assert catalog.locate("valve opens", k=5)  # every document read once
    assert len(catalog.cache) == 2  # (each file at most `size`: within the bound)
    assert catalog.get(ids[0]) is catalog.get(ids[0])  # the one just used is kept
    assert {r["doc_id"] for r in catalog.entries()} == set(ids)


def test_an_unbounded_catalog_keeps_everything_and_forgets_removed_files(tmp_path: Path) -> None:
    ids = write(tmp_path, 3)
    catalog = Catalog(tmp_path)
    assert len(catalog.cache) == 3
    (tmp_path / f"{ids[0]}.bin").unlink()
    assert (
        catalog.refresh() is True and len(catalog.cache) == 2 and ids[0] not in catalog.navigators
    )
