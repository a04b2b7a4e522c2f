"""What `dg scaffold defs vectorless_assets.DocumentCompilerComponent <folder>` writes.

A `defs.yaml` that loads as it is: the prefix is the folder's name (`docs`, `contracts`;
made a valid prefix), the documents root `documents/<prefix>` and the IR folder
`.vectorless/<prefix>/ir` (both relative to the project root), mode `fast`, the sensor
stopped and the nightly recompile schedule. Put documents in the root, or point it elsewhere.
"""

from __future__ import annotations

import re

import dagster as dg

from vectorless_assets.orchestration.automation.crons import DEFAULT_CRON, force_cron_after
from vectorless_assets.orchestration.component.config import LLM_ENV_PREFIX


def prefix_for(folder: str) -> str:
    """A valid prefix (`keys.PREFIX_PATTERN`) from a defs folder name: `my-docs` -> `my_docs`."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", folder) if w]
    prefix = "_".join(words) or "documents"
    return prefix if prefix[0].isalpha() else f"d_{prefix}"


def scaffold_attributes(folder: str) -> dict:
    """The attributes of a freshly scaffolded `defs.yaml` for the defs folder `folder`."""
    prefix = prefix_for(folder)
    return {
        "prefix": prefix,
        "documents_root": f"documents/{prefix}",
        "ir_dir": f".vectorless/{prefix}/ir",
        "mode": "fast",
        "llm_env_prefix": LLM_ENV_PREFIX,
        "sensor": {"running": False, "interval_seconds": 30},
        "schedule": {"cron": DEFAULT_CRON, "force_cron": force_cron_after(DEFAULT_CRON)},
    }


class DocumentCompilerScaffolder(dg.Scaffolder):
    """Writes the `defs.yaml` of a new document compiler (see module doc)."""

    def scaffold(self, request: dg.ScaffoldRequest) -> None:
        from dagster.components.component_scaffolding import scaffold_component

        scaffold_component(request, scaffold_attributes(request.target_path.name))
