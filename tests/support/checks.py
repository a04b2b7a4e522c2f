"""Asset checks in tests: a few documents, one failing `verify`, and the per-partition status.

`failing_verify`: the documents on an instance with the shipped `dagster.yaml`. No real
document makes the verify pass report an error (an empty or broken tree), so the pass
table's `verify` row runs the real pass plus one rule: a tree with a node titled "Broken"
is an error. The rest of the pipeline is the project's own. `check_status`: what the UI
shows per partition.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import dagster as dg
from dagster._core.definitions.partitions.context import partition_loading_context

from tests.support.paths import ROOT
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import partition_key_for
from vectorless_assets.passes import verify
from vectorless_assets.pipeline.table import TABLE

TEXTS = {
    "a.md": "# Alpha\n\nFirst.\n\n## Details\n\nAlpha details.\n",
    "b.md": "# Broken\n\nThis one fails verify.\n",
    "c.md": "# Gamma\n\nThird.\n",
    "d.md": "# Delta\n\nFourth.\n\n## More\n\nDelta more.\n",
}
KEYS = [partition_key_for(rel) for rel in TEXTS]
BROKEN = partition_key_for("b.md")
GOOD = [k for k in KEYS if k != BROKEN]


def verify_marked(**reads: Any) -> list[Diagnostic]:
    """The verify pass, plus an error for a tree with a node titled "Broken"."""
    found = verify.run(**reads)
    if any(node.title == "Broken" for node in reads["tree"].nodes):
        found.append(
            Diagnostic(
                source="verify", code="marked_broken", message="marked broken", severity="error"
            )
        )
    return found


def failing_verify(tmp_path: Path, **settings: Any) -> tuple[Settings, dg.DagsterInstance]:
    """Settings over `TEXTS` with the marked verify pass, and an instance in `tmp_path/home`
    (the project's `dagster.yaml`: the batching event log) with their partitions."""
    docs, home = tmp_path / "docs", tmp_path / "home"
    docs.mkdir()
    home.mkdir()
    for rel, text in TEXTS.items():
        (docs / rel).write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    instance = dg.DagsterInstance.from_config(str(home))
    instance.add_dynamic_partitions(PARTITIONS_NAME, KEYS)
    table = TABLE.replaced("verify", run=verify_marked)
    return Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir", table=table, **settings), instance


def check_status(
    instance: dg.DagsterInstance, settings: Settings, key: dg.AssetCheckKey
) -> dict[str, set[str]]:
    """The per-partition status of the check `key` as the UI shows it (Dagster's
    `get_asset_check_state`): status -> partitions, empty ones left out."""
    with partition_loading_context(dynamic_partitions_store=instance):  # as the webserver does
        state = instance.event_log_storage.get_asset_check_state([(key, settings.names.partitions)])
        return {
            status.value: set(subset.subset_value.get_partition_keys())
            for status, subset in state[key].subsets.items()
            if not subset.is_empty
        }
