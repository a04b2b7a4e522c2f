"""recompile_documents on dagster-celery with 1 and 2 workers: the same work, wall time.

    python benchmarks/scale/bench_distributed.py          # the 112 Rust-book chapters, chunks of
    14
    python benchmarks/scale/bench_distributed.py --chunk-size 28 --workers 1 2

Starts a throwaway PostgreSQL server (the batching event log, as docs/dagster.md deploys) (Debian's
binaries, as tests/orchestration/storage/
test_postgres.py does) and a Redis broker, then for each worker count: a fresh database and
IR folder, that many `dagster-celery worker start` processes (one task at a time each), and
one `recompile_documents` run over every chapter (force) executed by the Celery executor.
Needs `pip install -e '.[distributed]'`, redis-server and PostgreSQL's server binaries.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import RUST_BOOK, require  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(port: int) -> None:
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(port)


def _as_postgres_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "nobody", "--", *cmd] if os.geteuid() == 0 else cmd


def postgres(base: Path) -> tuple[str, Path]:
    """A throwaway server: its URL and data folder (stop with `pg_stop`). A data folder left
    by an earlier call is started again as it is (a resumed benchmark's database)."""
    data = base / "pgdata"
    data.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(base, "nobody")
        shutil.chown(data, "nobody")
    port = _port()
    if not (data / "PG_VERSION").exists():
        subprocess.run(
            _as_postgres_user(
                ["initdb", "-D", str(data), "-U", "dagster", "--auth=trust", "-E", "UTF8"]
            ),
            check=True,
            capture_output=True,
        )
    opts = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres_user(
            ["pg_ctl", "-D", str(data), "-l", str(base / "pg.log"), "-w", "-o", opts, "start"]
        ),
        check=True,
        capture_output=True,
    )
    _wait(port)
    return f"postgresql+psycopg2://dagster@127.0.0.1:{port}/postgres", data


def pg_stop(data: Path) -> None:
    """Stop the server `postgres` started on `data` (fast shutdown)."""
    subprocess.run(
        _as_postgres_user(["pg_ctl", "-D", str(data), "-m", "fast", "stop"]), capture_output=True
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=RUST_BOOK)
    ap.add_argument("--chunk-size", type=int, default=14)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args(argv)
    require(args.corpus)
    warnings.simplefilter("ignore")
    import dagster as dg
    from dagster._core.definitions.reconstruct import ReconstructableRepository

    from vectorless_assets.orchestration.base.keys import RECOMPILE_JOB
    from vectorless_assets.orchestration.batch.partitions import partition_key_for
    from vectorless_assets.orchestration.compile_paths import relative_key
    from vectorless_assets.orchestration.jobs.executors import celery_config, worker_yaml
    from vectorless_assets.orchestration.jobs.recompile import batch_request
    from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

    base = Path(tempfile.mkdtemp(prefix="bench_distributed_"))
    os.chmod(base, 0o755)
    url, pgdata = postgres(base / "pg")
    redis_port = _port()
    redis = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    _wait(redis_port)
    docs = base / "docs"
    shutil.copytree(args.corpus, docs)
    keys = [partition_key_for(relative_key(p, str(docs))) for p in sorted(docs.rglob("*.md"))]
    rows = []
    try:
        for n in args.workers:
            home, ir = base / f"home{n}", base / f"ir{n}"
            home.mkdir()
            (home / "dagster.yaml").write_text(
                postgres_storage_yaml(url) + "telemetry:\n  enabled: false\n", encoding="utf-8"
            )
            # one broker: the definitions are built once per process
            env = {
                "DAGSTER_HOME": str(home),
                "VECTORLESS_DOCS_DIR": str(docs),
                "VECTORLESS_IR_DIR": str(ir),
                "VECTORLESS_CELERY_BROKER": f"redis://127.0.0.1:{redis_port}/0",
            }
            os.environ.update(env)
            (base / "worker.yaml").write_text(
                worker_yaml(celery_config(env) or {}), encoding="utf-8"
            )
            celery = str(Path(sys.executable).with_name("dagster-celery"))
            workers = [
                subprocess.Popen(
                    [
                        celery,
                        "worker",
                        "start",
                        "-y",
                        str(base / "worker.yaml"),
                        "-A",
                        "dagster_celery.app",
                        "-n",
                        f"w{i}",
                        "--",
                        "--concurrency=1",
                    ],
                    env={**os.environ},
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
                for i in range(n)
            ]
            try:
                time.sleep(8)  # workers connect
                with dg.DagsterInstance.get() as instance:
                    instance.wipe()
                    instance.event_log_storage.wipe()
                    recon = ReconstructableRepository.for_module(
                        "vectorless_assets.orchestration.definitions", "defs"
                    ).get_reconstructable_job(RECOMPILE_JOB)
                    config = batch_request(keys, run_key=None, force=True).run_config
                    config["ops"]["recompile"]["config"]["chunk_size"] = args.chunk_size
                    t0 = time.perf_counter()
                    result = dg.execute_job(recon, instance=instance, run_config=config)
                    secs = time.perf_counter() - t0
                rows.append((n, secs, result.success, len(list(ir.glob("*.bin")))))
                print(f"{n} worker(s): {secs:.1f} s, success {result.success}", flush=True)
            finally:
                for proc in workers:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(30)
    finally:
        redis.terminate()
        pg_stop(pgdata)
        shutil.rmtree(base, ignore_errors=True)
    chunks = -(-len(keys) // args.chunk_size)
    print(
        f"\n{len(keys)} documents, {chunks} chunks of <= {args.chunk_size}, "
        "PostgreSQL storage, Redis broker"
    )
    print("| workers | wall s | s/doc | success | IR files |\n|---|---|---|---|---|")
    for n, secs, ok, irs in rows:
        print(f"| {n} | {secs:.1f} | {secs / len(keys):.3f} | {ok} | {irs} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
