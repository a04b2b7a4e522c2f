"""The local Dagster instance the CLI compiles on.

`$DAGSTER_HOME` when it is set (as `dagster dev` uses it); otherwise the project-local
folder `./.vectorless/dagster` (relative to the current directory), created on first use
with the project's `dagster.yaml` settings (`instance_class.VectorlessInstance`: its event log is
`event_log.BatchingSqliteEventLogStorage`). Either way the storage is Dagster's embedded
SQLite, so what the CLI compiled is what `dagster dev` (with the same `DAGSTER_HOME`) shows.

Opening is done under a file lock (`<home>/.vectorless-instance.lock`, `locks.file_lock`):
opening a new instance creates its SQLite databases and stamps their alembic revision, and
two processes doing that at once can leave `runs.db` with two alembic heads (every later
command fails) or crash one of them ("table ... already exists"). The lock serialises
`vectorless` processes only: start `dagster dev` on a new home before compiling into it, or
after a first compile.
"""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg

from vectorless_assets.locations import LOCAL_DIR
from vectorless_assets.orchestration.storage.instance_class import INSTANCE_CLASS_YAML
from vectorless_assets.orchestration.storage.locks import file_lock

LOCAL_HOME = str(LOCAL_DIR / "dagster")
LOCK_NAME = ".vectorless-instance.lock"
DEFAULT_INSTANCE_YAML = (
    "# written by vectorless (see dagster.yaml in the project)\ntelemetry:\n  enabled: false\n"
)


def local_home() -> Path:
    """The instance folder: `$DAGSTER_HOME`, else `./.vectorless/dagster`."""
    return Path(os.environ.get("DAGSTER_HOME") or LOCAL_HOME).expanduser().resolve()


def open_instance(home: Path) -> dg.DagsterInstance:
    """Open (creating the folder, its dagster.yaml and its databases if needed) the instance
    at `home`, under the instance lock so concurrent first uses cannot break it."""
    home.mkdir(parents=True, exist_ok=True)
    with file_lock(home / LOCK_NAME):
        config = home / "dagster.yaml"
        if not config.exists():
            config.write_text(DEFAULT_INSTANCE_YAML + INSTANCE_CLASS_YAML, encoding="utf-8")
        instance = dg.DagsterInstance.from_config(str(home))
        instance.get_dynamic_partitions("documents")  # the event log's index database exists too
        return instance


def local_instance() -> dg.DagsterInstance:
    """Open the local instance (`open_instance(local_home())`)."""
    return open_instance(local_home())
