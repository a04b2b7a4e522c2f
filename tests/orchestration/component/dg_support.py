"""A fresh Dagster project made by `create-dagster`, driven with the `dg` CLI, for the tests.

No network, no prompt, no uv: `create-dagster project --no-uv-sync` writes the project, the
`dg` commands run with this interpreter's environment (the test extra installs
`create-dagster`, `dagster-dg-cli` and the webserver; the project's own package is found
through `PYTHONPATH`, never installed), dg's telemetry and its PyPI update check are off, and
`DAGSTER_HOME` is a temporary SQLite instance with the project's `dagster.yaml` (its
`instance_class`, as docs/dagster.md tells a host project to do).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import ROOT

COMPONENT = "vectorless_assets.DocumentCompilerComponent"


def tool(name: str) -> str:
    """`create-dagster` / `dg` next to this interpreter, or skip (test extra not installed)."""
    path = Path(sys.executable).with_name(name)
    if not path.exists():
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return str(path)


@dataclass
class HostProject:
    """A project made by `create-dagster project` in `path`, with its environment for `dg`."""

    path: Path
    env: dict[str, str]

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def home(self) -> Path:
        return Path(self.env["DAGSTER_HOME"])

    def dg(
        self, *args: str, check: bool = True, timeout: float = 300
    ) -> subprocess.CompletedProcess[str]:
        """Run `dg <args>` in the project; with `check`, fail showing its output."""
        result = subprocess.run(
            [tool("dg"), *args],
            cwd=self.path,
            env=self.env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"dg {' '.join(args)} exited "
                f"{result.returncode}:\n{result.stdout[-3000:]}\n{result.stderr[-5000:]}"
            )
        return result

    def scaffold(self, folder: str) -> Path:
        """`dg scaffold defs vectorless_assets.DocumentCompilerComponent <folder>`: its
        defs.yaml."""
        self.dg("scaffold", "defs", COMPONENT, folder)
        return self.path / "src" / self.name / "defs" / folder / "defs.yaml"

    def defs_json(self) -> dict[str, list[dict[str, Any]]]:
        """`dg list defs --json`: assets, asset checks, jobs, resources, schedules, sensors."""
        return json.loads(self.dg("list", "defs", "--json").stdout)

    def write_document(self, folder: str, rel: str, text: str) -> Path:
        """A Markdown document under the scaffolded documents root `documents/<folder>`."""
        path = self.path / "documents" / folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path


def create_project(tmp_path: Path, name: str = "host_project") -> HostProject:
    """`create-dagster project --no-uv-sync <name>` in `tmp_path`, and its `dg` environment."""
    subprocess.run(
        [tool("create-dagster"), "project", "--no-uv-sync", name],
        cwd=tmp_path,
        env=_env(tmp_path, tmp_path / name),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    path = tmp_path / name
    assert (path / "pyproject.toml").exists() and (path / "src" / name / "definitions.py").exists()
    return HostProject(path, _env(tmp_path, path))


def _env(tmp_path: Path, project: Path) -> dict[str, str]:
    # not dg.toml: that marks a dg root
    config, home = tmp_path / "dg-user-config.toml", tmp_path / "home"
    config.write_text("[cli]\ntelemetry.enabled = false\n", encoding="utf-8")
    if not (home / "dagster.yaml").exists():
        home.mkdir(exist_ok=True)
        shutil.copy(ROOT / "dagster.yaml", home / "dagster.yaml")
    path = os.pathsep.join(p for p in (str(project / "src"), os.environ.get("PYTHONPATH", "")) if p)
    bin_dir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PATH": bin_dir
        + os.pathsep
        + os.environ.get("PATH", ""),  # `dg` starts `dagster` from PATH
        "PYTHONPATH": path,
        "DG_CLI_CONFIG": str(config),  # no telemetry
        "DAGSTER_DG_UPDATE_CHECK_ENABLED": "0",  # no PyPI look-up
        "DAGSTER_HOME": str(home),
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
