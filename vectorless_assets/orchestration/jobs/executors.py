"""The executor of batched runs: in process (default) or Celery workers, from the environment.

`VECTORLESS_CELERY_BROKER` (e.g. `redis://broker:6379/0`) switches `recompile_documents` to
dagster-celery's executor (`pip install -e '.[distributed]'`): each chunk of documents
(`recompile_chunk` step) becomes a Celery task that any worker started with the same
settings picks up (`dagster-celery worker start -y <worker yaml> -A dagster_celery.app`,
docs/dagster.md). `VECTORLESS_CELERY_BACKEND` is the result backend (default: the broker).

Why Celery (not dagster-dask): Dagster's dask executor submits the plan's steps level by
level up front and does not run dynamic outputs, which the chunk fan-out is; the Celery
executor runs Dagster's own active-execution loop, so dynamic chunks, retries and
step-level concurrency behave as in process.

Losing a worker must not lose its chunk: tasks are acknowledged late (`task_acks_late`), a
task whose worker process dies is requeued (`task_reject_on_worker_lost`), each worker
reserves one task at a time (`worker_prefetch_multiplier=1`), and with a Redis broker a
task whose whole worker (machine) vanished is redelivered after the broker's
`visibility_timeout` (`VECTORLESS_CELERY_VISIBILITY_TIMEOUT`, seconds, default 600: it must
exceed the longest chunk, or a slow chunk runs twice). A chunk that runs again skips the
documents already recorded (their plan says current) and redoes the interrupted one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import dagster as dg

from vectorless_assets.environment import Environment


def celery_settings(visibility_timeout: int = 600) -> dict[str, Any]:
    """Celery settings of the executor and the workers (late ack, requeue on worker loss)."""
    return {
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "broker_transport_options": {"visibility_timeout": visibility_timeout},
        "result_backend_transport_options": {"visibility_timeout": visibility_timeout},
    }


def celery_config(env: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    """The executor config block (`broker`, `backend`, `config_source`) from `env`, or None
    when `VECTORLESS_CELERY_BROKER` is unset. The same block, as YAML, configures workers."""
    environment = Environment.read(env)
    if not environment.celery_broker:
        return None
    return {
        "broker": environment.celery_broker,
        "backend": environment.celery_backend,
        "config_source": celery_settings(environment.celery_visibility_timeout),
    }


def batch_executor(env: Mapping[str, str] | None = None) -> dg.ExecutorDefinition | None:
    """dagster-celery's executor configured from `env`, or None (the definitions' default)."""
    config = celery_config(env)
    if config is None:
        return None
    from dagster_celery import celery_executor  # optional dependency (the `distributed` extra)

    return celery_executor.configured(config, name="celery_executor")


def worker_yaml(config: Mapping[str, Any]) -> str:
    """The file `dagster-celery worker start -y <file>` reads: the executor block `config`
    (`celery_config()`), so workers use the broker and settings the runs use."""
    import yaml

    return yaml.safe_dump({"execution": {"config": dict(config)}}, default_flow_style=False)
