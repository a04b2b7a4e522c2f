"""The local Dagster instance the CLI compiles on.

`$DAGSTER_HOME` when it is set (as `dagster dev` uses it); otherwise the project-local
folder `./.vectorless/dagster` (relative to the current directory), created on first use
with the project's `dagster.yaml` settings. Either way the storage is Dagster's embedded
SQLite, so what the CLI compiled is what `dagster dev` (with the same `DAGSTER_HOME`) shows.
"""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg

LOCAL_HOME = "./.vectorless/dagster"
DEFAULT_INSTANCE_YAML = "# written by vectorless (see dagster.yaml in the project)\ntelemetry:\n  enabled: false\n"


def local_home() -> Path:
    """The instance folder: `$DAGSTER_HOME`, else `./.vectorless/dagster`."""
    return Path(os.environ.get("DAGSTER_HOME") or LOCAL_HOME).expanduser().resolve()


def local_instance() -> dg.DagsterInstance:
    """Open (creating the folder and its dagster.yaml if needed) the local instance."""
    home = local_home()
    home.mkdir(parents=True, exist_ok=True)
    config = home / "dagster.yaml"
    if not config.exists():
        config.write_text(DEFAULT_INSTANCE_YAML, encoding="utf-8")
    return dg.DagsterInstance.from_config(str(home))
