"""Test helpers: free ports, polling, and a real `dagster dev` in its own process group."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll `predicate` once a second until it returns something truthy (errors are retried)."""
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as exc:  # noqa: BLE001 - retried until the deadline
            last = exc
        time.sleep(1)
    raise AssertionError(f"timed out waiting for {what} (last error: {last})")


@contextmanager
def dagster_dev(tmp_path: Path, env: dict[str, str]) -> Iterator[int]:
    """Run `dagster dev -w workspace.yaml` on 127.0.0.1 with a fresh `DAGSTER_HOME` under
    `tmp_path` (the project's dagster.yaml) and `env` on top of os.environ; yield its port once
    the webserver answers; stop the whole process group (SIGINT, then SIGKILL) afterwards."""
    dagster_bin = Path(sys.executable).with_name("dagster")
    if not dagster_bin.exists():
        pytest.skip("dagster CLI not installed next to the interpreter")
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    with serve(
        [str(dagster_bin), "dev", "-w", "workspace.yaml"],
        ROOT,
        tmp_path,
        {"DAGSTER_HOME": str(home), **env},
    ) as port:
        yield port


@contextmanager
def serve(
    command: list[str], cwd: Path, tmp_path: Path, env: dict[str, str], *, grace: float = 30
) -> Iterator[int]:
    """Run `command` (`dagster dev ...`, `dg dev`) in `cwd` with `-h 127.0.0.1 -p <free port>`
    and a fresh `DAGSTER_HOME` under `tmp_path` (the project's dagster.yaml) unless `env` names
    one; yield the port once the webserver answers; stop the process group afterwards (SIGINT,
    SIGKILL after `grace` seconds: `dg dev` 1.13 leaves its webserver running on SIGINT)."""
    home = Path(env.get("DAGSTER_HOME") or tmp_path / "home")
    if not (home / "dagster.yaml").exists():
        home.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    port = free_port()
    full_env = {**os.environ, "DAGSTER_HOME": str(home), **env}
    with (tmp_path / "dagster-dev.log").open("wb") as log:
        proc = subprocess.Popen(
            [*command, "-h", "127.0.0.1", "-p", str(port)],
            cwd=cwd,
            env=full_env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for(
                lambda: (
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/server_info", timeout=5).status
                    == 200
                ),
                120,
                "the webserver",
            )
            yield port
        finally:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
