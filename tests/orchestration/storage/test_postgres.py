"""The documented switch to PostgreSQL storage works with the pinned versions.

Starts a throwaway PostgreSQL server (Debian's binaries) on 127.0.0.1, points a Dagster
instance at it exactly as docs/dagster.md shows (`postgresql+psycopg2://` URL), and compiles
through the runner. Skipped when the server binaries or dagster-postgres are absent.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.support.dagster_dev import free_port

pytest.importorskip("dagster_postgres")
INITDB = shutil.which("initdb")
PG_CTL = shutil.which("pg_ctl")
pytestmark = pytest.mark.skipif(
    not (INITDB and PG_CTL), reason="PostgreSQL server binaries not installed"
)


#: util-linux's runuser, also where a PATH without the sbin folders does not find it
RUNUSER = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin")


def _as_postgres_user(cmd: list[str]) -> list[str]:
    """initdb refuses to run as root: run the server as `nobody` then."""
    if os.geteuid() == 0:
        if RUNUSER is None:
            pytest.skip("running as root without runuser: initdb cannot drop to nobody")
        return [RUNUSER, "-u", "nobody", "--", *cmd]
    return cmd


@pytest.fixture
def postgres_url():
    # not under tmp_path: pytest's folders are private to root, and the server runs as nobody
    base = Path(tempfile.mkdtemp(prefix="vectorless-pg-"))
    data = base / "pgdata"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "nobody")
        shutil.chown(data, "nobody")
    port = free_port()
    subprocess.run(
        _as_postgres_user([INITDB, "-D", str(data), "-U", "dagster", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    log = base / "pg.log"
    subprocess.run(
        _as_postgres_user(
            [
                PG_CTL,
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-o",
                f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off",
                "start",
            ]
        ),
        check=True,
        capture_output=True,
    )
    try:
        for _ in range(50):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"postgresql+psycopg2://dagster@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres_user([PG_CTL, "-D", str(data), "-m", "fast", "stop"]), capture_output=True
        )
        shutil.rmtree(base, ignore_errors=True)


def test_compile_on_postgres_storage(tmp_path: Path, postgres_url: str, monkeypatch) -> None:
    import dagster as dg

    from vectorless_assets.ir import load_ir
    from vectorless_assets.orchestration.compile_paths import compile_paths

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("DAGSTER_PG_URL", postgres_url)
    (home / "dagster.yaml").write_text(
        "storage:\n  postgres:\n    postgres_url:\n      env: "
        "DAGSTER_PG_URL\ntelemetry:\n  enabled: false\n"
    )
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nStored in PostgreSQL.\n")
    with dg.DagsterInstance.from_config(str(home)) as instance:
        assert type(instance.run_storage).__name__ == "PostgresRunStorage"
        kw = {"docs_root": str(docs), "ir_dir": str(tmp_path / "ir"), "instance": instance}
        first = compile_paths([docs / "a.md"], **kw)[0]
        assert first.status == "compiled", first.error
        assert load_ir(first.ir_path).tree.root.title == "Alpha"  # the lone title is the root
        assert compile_paths([docs / "a.md"], **kw)[0].status == "skipped"
        assert len(instance.get_runs()) == 2  # one run per invocation (the second plans and skips)
