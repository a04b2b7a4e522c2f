"""Bounded concurrency: the shipped dagster.yaml queues runs and Dagster's own queue daemon
starts only as many as its limits allow (max_concurrent_runs, tag_concurrency_limits).

A sensor tick over many new files requests batched `recompile_documents` runs (at most
`batch_size` documents each); those runs, plus per-document runs, are queued on an instance
configured with the project's dagster.yaml, and one iteration of the real
`QueuedRunCoordinatorDaemon` dequeues them. The run launcher is Dagster's test launcher (it
records launches instead of starting processes).
"""

from __future__ import annotations

import math
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.remote_origin import (
    RegisteredCodeLocationOrigin,
    RemoteJobOrigin,
    RemoteRepositoryOrigin,
)
from dagster._core.storage.dagster_run import DagsterRunStatus
from dagster._core.test_utils import create_run_for_test, create_test_daemon_workspace_context
from dagster._core.workspace.load_target import EmptyWorkspaceTarget
from dagster._daemon.run_coordinator.queued_run_coordinator_daemon import QueuedRunCoordinatorDaemon

from tests.support.automation import Harness
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    DOCUMENTS_TAG,
    RECOMPILE_JOB,
    TRIGGER_TAG,
)
from vectorless_assets.orchestration.storage.event_log import BatchingSqliteEventLogStorage

ROOT = Path(__file__).resolve().parents[3]
TEST_LAUNCHER = "run_launcher:\n  module: dagster._core.test_utils\n  class: MockedRunLauncher\n"


@pytest.fixture
def shipped_instance(tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text(
        (ROOT / "dagster.yaml").read_text(encoding="utf-8") + TEST_LAUNCHER, encoding="utf-8"
    )
    with dg.DagsterInstance.from_config(str(home)) as instance:
        yield instance


def test_shipped_config_queues_runs_with_limits(shipped_instance: dg.DagsterInstance) -> None:
    config = shipped_instance.get_concurrency_config().run_queue_config
    assert type(shipped_instance.run_coordinator).__name__ == "QueuedRunCoordinator"
    assert config is not None and config.max_concurrent_runs == 4
    limits = {(lim["key"], lim.get("value")): lim["limit"] for lim in config.tag_concurrency_limits}
    assert limits == {
        (DOCUMENTS_TAG, None): 2,
        (TRIGGER_TAG, "deploy"): 1,
        ("dagster/backfill", None): 2,
    }
    # backfill chunks start promptly
    assert shipped_instance.run_coordinator.dequeue_interval_seconds == 1
    assert isinstance(shipped_instance.event_log_storage, BatchingSqliteEventLogStorage)


def _queue(instance: dg.DagsterInstance, job: str, tags: dict[str, str]) -> str:
    """A queued run of `job` in a code location named `vectorless` (as the daemon receives it)."""
    repo = RemoteRepositoryOrigin(RegisteredCodeLocationOrigin("vectorless"), "__repository__")
    return create_run_for_test(
        instance,
        job_name=job,
        status=DagsterRunStatus.QUEUED,
        tags=tags,
        remote_job_origin=RemoteJobOrigin(repo, job),
    ).run_id


def test_a_big_drop_never_starts_unbounded_runs(
    tmp_path: Path, shipped_instance: dg.DagsterInstance
) -> None:
    h = Harness(tmp_path, instance=shipped_instance, batch_size=50)
    for i in range(230):
        h.write(f"drop/doc{i:03}.md", f"# Document {i}\n\nText {i}.\n")
    result = h.tick()
    batched = [r for r in result.run_requests if r.job_name == RECOMPILE_JOB]
    assert len(batched) == len(result.run_requests) == math.ceil(230 / 50)  # bounded by batch_size
    assert all(DOCUMENTS_TAG in r.tags for r in batched)
    queued = {_queue(shipped_instance, RECOMPILE_JOB, dict(r.tags)) for r in batched}
    edits = {_queue(shipped_instance, COMPILE_JOB, {TRIGGER_TAG: "sensor"}) for _ in range(3)}
    deploys = {
        _queue(shipped_instance, RECOMPILE_JOB, {DOCUMENTS_TAG: "200", TRIGGER_TAG: "deploy"})
        for _ in range(2)
    }

    daemon = QueuedRunCoordinatorDaemon(interval_seconds=1)
    with create_test_daemon_workspace_context(EmptyWorkspaceTarget(), shipped_instance) as context:
        list(daemon.run_iteration(context))
        launched = {r.run_id for r in shipped_instance.run_launcher.queue()}  # type: ignore[attr-defined]
        assert len(launched) == 4  # max_concurrent_runs
        assert len(launched & (queued | deploys)) == 2  # batched runs: their tag limit
        assert len(launched & deploys) <= 1
        assert len(launched & edits) == 2  # the rest of the slots: per-document runs
        list(daemon.run_iteration(context))  # nothing finished: nothing more starts
        assert len(shipped_instance.run_launcher.queue()) == 4  # type: ignore[attr-defined]
    statuses = [r.status for r in shipped_instance.get_runs()]
    assert statuses.count(DagsterRunStatus.QUEUED) == len(queued) + len(edits) + len(deploys) - 4
