"""`VectorlessInstance`: Dagster's instance whose default SQLite storage uses the project's
event log (`event_log.BatchingSqliteEventLogStorage`), selected in `dagster.yaml` with::

    instance_class:
      module: vectorless_assets.orchestration.storage.instance_class
      class: VectorlessInstance

Why an instance class and not an `event_log_storage:` section: a storage class is not told
where the instance lives, so its folder would have to be spelled out (or read from
`$DAGSTER_HOME`, which `DagsterInstance.from_config(<folder>)` does not set); the instance
class receives the instance folder and puts the event log where Dagster's default SQLite
storage keeps it (`<home>/history/runs`). Everything else is Dagster's default, and any
`storage:` section of the file (e.g. `postgres:`) still replaces the SQLite storage.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import dagster as dg
import yaml
from dagster._core.instance.ref import InstanceRef
from dagster._serdes import ConfigurableClassData

from vectorless_assets.orchestration.storage.event_log import BatchingSqliteEventLogStorage

INSTANCE_CLASS_YAML = f"instance_class:\n  module: {__name__}\n  class: VectorlessInstance\n"


def _data(data: ConfigurableClassData) -> dict[str, str]:
    return {
        "module_name": data.module_name,
        "class_name": data.class_name,
        "config_yaml": data.config_yaml,
    }


class VectorlessInstance(dg.DagsterInstance):
    """A `DagsterInstance` with `BatchingSqliteEventLogStorage` as its default event log."""

    @classmethod
    def config_schema(cls) -> dict[str, Any]:
        return {}

    @staticmethod
    def config_defaults(base_dir: str) -> Mapping[str, ConfigurableClassData | None]:
        defaults = dict(InstanceRef.config_defaults(base_dir))
        event_log = ConfigurableClassData(
            BatchingSqliteEventLogStorage.__module__,
            BatchingSqliteEventLogStorage.__name__,
            yaml.dump(
                {"base_dir": os.path.join(base_dir, "history", "runs", "")},
                default_flow_style=False,
            ),
        )
        parts = {
            "run_storage": defaults["run_storage"],
            "event_log_storage": event_log,
            "schedule_storage": defaults["schedule_storage"],
        }
        defaults["event_log_storage"] = event_log
        defaults["storage"] = ConfigurableClassData(
            "dagster._core.storage.legacy_storage",
            "CompositeStorage",
            yaml.dump(
                {name: _data(data) for name, data in parts.items() if data is not None},
                default_flow_style=False,
            ),
        )
        return defaults
