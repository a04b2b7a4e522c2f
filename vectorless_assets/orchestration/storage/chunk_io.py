"""The IO manager of the batched job's op outputs (lists of partition keys), as JSON.

`recompile_documents` fans out: its planning step yields one dynamic output per chunk of
documents and each `recompile_chunk` step loads its chunk. With a distributed executor
those steps run in other processes on other machines, so the values go to a shared folder
(or object store URL): `<base_path>/<run_id>/<step_key>.<output>[.<mapping_key>].json`.
Nothing is pickled; the values are small.
"""

from __future__ import annotations

import json
from typing import Any

import dagster as dg
from upath import UPath


def _path(base: str, run_id: str, step_key: str, name: str, mapping_key: str | None) -> UPath:
    suffix = f".{mapping_key}" if mapping_key else ""
    return UPath(base) / run_id / f"{step_key}.{name}{suffix}.json"


class ChunkIOManager(dg.ConfigurableIOManager):
    """JSON values of op outputs under `base_path` (shared by every worker)."""

    base_path: str

    def handle_output(self, context: dg.OutputContext, obj: Any) -> None:
        path = _path(
            self.base_path, context.run_id, context.step_key, context.name, context.mapping_key
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(obj), encoding="utf-8")

    def load_input(self, context: dg.InputContext) -> Any:
        up = context.upstream_output
        if up is None:
            raise dg.DagsterInvariantViolationError(
                "ChunkIOManager loads only outputs of upstream steps"
            )
        return json.loads(
            _path(self.base_path, up.run_id, up.step_key, up.name, up.mapping_key).read_text(
                encoding="utf-8"
            )
        )
