"""Scale-out: `recompile_documents` on dagster-celery with real PostgreSQL storage, a real
Redis broker and two Celery worker processes (standing in for machines) sharing the
documents and IR folders; one worker is killed mid-chunk and its chunk is retried by the
other, and no document is lost.

Skipped when redis-server, PostgreSQL's binaries, dagster-celery or dagster-postgres are
missing (`.ci/run` installs the Debian packages, `pip install -e '.[distributed]'` the rest).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("dagster_celery")
pytest.importorskip("dagster_postgres")
REDIS = shutil.which("redis-server")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (REDIS and shutil.which("initdb") and shutil.which("pg_ctl")),
        reason="redis-server or PostgreSQL binaries not installed",
    ),
]

from tests.orchestration.storage.test_postgres import postgres_url  # noqa: E402,F401 - the throwaway server fixture
from tests.support.dagster_dev import free_port  # noqa: E402

DOCS = 24
CHUNK = 8
BODY = " ".join(
    f"Sentence {i} explains how the workers share the documents folder." for i in range(40)
)


@pytest.fixture
def redis_url(tmp_path: Path):
    port = free_port()
    proc = subprocess.Popen(
        [
            REDIS,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_port(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def _wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(port)


def _documents(docs: Path) -> list[str]:
    keys = []
    for i in range(DOCS):
        # ≈ 0.1-0.3 s per document
        sections = "\n\n".join(f"## Part {j}\n\n{BODY}" for j in range(120))
        (docs / f"doc{i:02}.md").write_text(
            f"# Document {i}\n\n{BODY}\n\n{sections}\n", encoding="utf-8"
        )
        keys.append(f"doc{i:02}.md")
    return keys


def _worker(name: str, worker_yaml: Path, env: dict[str, str], log: Path) -> subprocess.Popen:
    """One Celery worker (one task at a time) as a process group: killing the group is losing the
    machine."""
    cmd = [
        str(Path(sys.executable).with_name("dagster-celery")),
        "worker",
        "start",
        "-y",
        str(worker_yaml),
        "-A",
        "dagster_celery.app",
        "-n",
        name,
        "--",
        "--concurrency=1",
    ]
    return subprocess.Popen(
        cmd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True
    )


def _active(app) -> dict[str, list]:
    return app.control.inspect(timeout=1.0).active() or {}


def test_chunks_run_on_two_workers_and_survive_a_killed_worker(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dagster as dg
    from dagster._core.definitions.reconstruct import ReconstructableRepository
    from dagster_celery.cli import get_app

    from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB
    from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
    from vectorless_assets.orchestration.jobs.executors import celery_config, worker_yaml
    from vectorless_assets.orchestration.jobs.recompile import batch_request
    from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

    home, shared = tmp_path / "home", tmp_path / "shared"
    for d in (home, shared / "docs", shared / "ir"):
        d.mkdir(parents=True)
    # as docs/dagster.md deploys
    (home / "dagster.yaml").write_text(
        postgres_storage_yaml() + "telemetry:\n  enabled: false\n", encoding="utf-8"
    )
    keys = _documents(shared / "docs")
    env = {
        "DAGSTER_HOME": str(home),
        "DAGSTER_PG_URL": postgres_url,
        "VECTORLESS_DOCS_DIR": str(shared / "docs"),
        "VECTORLESS_IR_DIR": str(shared / "ir"),
        "VECTORLESS_CELERY_BROKER": redis_url,
        # a lost worker's task is redelivered after 8 s
        "VECTORLESS_CELERY_VISIBILITY_TIMEOUT": "8",
    }
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    config = celery_config(env)
    assert config is not None and config["config_source"]["task_acks_late"] is True
    (tmp_path / "worker.yaml").write_text(worker_yaml(config), encoding="utf-8")
    app = get_app(str(tmp_path / "worker.yaml"))
    workers = {
        name: _worker(name, tmp_path / "worker.yaml", {**os.environ}, tmp_path / f"{name}.log")
        for name in ("w1", "w2")
    }
    killed: list[str] = []

    def kill_one_mid_chunk() -> None:
        """Once some documents are recorded and a worker runs a chunk, kill that worker's process
        group."""
        deadline = time.monotonic() + 240
        with dg.DagsterInstance.get() as watcher:
            while time.monotonic() < deadline and not killed:
                done = len(
                    watcher.fetch_materializations(dg.AssetKey("document_ir"), limit=DOCS).records
                )
                busy = (
                    [
                        node.split("@")[0]
                        for node, tasks in _active(app).items()
                        if tasks and node.split("@")[0] in workers
                    ]
                    if 0 < done < DOCS - CHUNK
                    else []
                )
                if busy:
                    os.killpg(workers[busy[0]].pid, signal.SIGKILL)
                    killed.append(busy[0])
                    return
                time.sleep(0.2)

    try:
        deadline = time.monotonic() + 60
        while len(_active(app)) < 2 and time.monotonic() < deadline:  # both workers answer
            time.sleep(0.5)
        killer = threading.Thread(target=kill_one_mid_chunk, daemon=True)
        killer.start()
        recon = ReconstructableRepository.for_module(
            "vectorless_assets.orchestration.definitions", "defs"
        ).get_reconstructable_job(RECOMPILE_JOB)
        run_config = batch_request(keys, run_key=None).run_config
        run_config["ops"]["recompile"]["config"]["chunk_size"] = CHUNK
        t0 = time.monotonic()
        with dg.DagsterInstance.get() as instance:
            result = dg.execute_job(recon, instance=instance, run_config=run_config)
            seconds = time.monotonic() - t0
            killer.join(5)
            assert result.success
            assert killed, "no worker was killed mid-chunk"
            starts: dict[str, int] = {}
            for event in instance.all_logs(result.run_id, of_type=dg.DagsterEventType.STEP_START):
                starts[event.step_key] = starts.get(event.step_key, 0) + 1
            assert len(starts) == 1 + DOCS // CHUNK  # the fan-out step and one step per chunk
            assert max(starts.values()) >= 2, starts  # the killed worker's chunk ran again
            for key in keys:  # no document lost: every IR written, every document_ir recorded once
                assert (shared / "ir" / f"{key_to_doc_id(key)}.bin").exists(), key
                assert instance.fetch_materializations(
                    dg.AssetRecordsFilter(
                        asset_key=dg.AssetKey("document_ir"), asset_partitions=[key]
                    ),
                    limit=5,
                ).records
        print(
            f"celery, 2 workers (one killed mid-chunk), {DOCS} documents in "
            f"{DOCS // CHUNK} chunks: {seconds:.1f} s; worker killed: {killed}"
        )
    finally:
        for proc in workers.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
