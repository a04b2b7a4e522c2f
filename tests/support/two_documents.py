"""Two small documents (`a/index.md`, `b/index.md`) registered on a SQLite instance in a temp
dir."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
from vectorless_assets.orchestration.base.settings import Settings

A, B = "a~index.md", "b~index.md"
TEXTS = {
    "a/index.md": "# Alpha\n\nFirst.\n\n## Details\n\nAlpha details.\n",
    "b/index.md": "# Beta\n\nSecond.\n",
}


def two_documents(tmp_path: Path, *extra_partitions: str) -> tuple[Settings, dg.DagsterInstance]:
    """Settings over the two documents and an instance with their partitions (plus
    `extra_partitions`)."""
    docs = tmp_path / "docs"
    for rel, text in TEXTS.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    (tmp_path / "home").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
    instance.add_dynamic_partitions(PARTITIONS_NAME, [A, B, *extra_partitions])
    return Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir"), instance
