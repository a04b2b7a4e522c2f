"""The code base stays ruff clean and ruff formatted, lines within the declared length
(configuration in pyproject.toml: `line-length`, E501 on)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ruff over the repository: the venv's own first (pytest run as
    `.venv/bin/python -m pytest` has no venv on PATH)."""
    beside = Path(sys.executable).with_name("ruff")
    found = str(beside) if beside.exists() else shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    return subprocess.run([found, *args, str(ROOT)], capture_output=True, text=True, cwd=ROOT)


def test_ruff_is_clean() -> None:
    result = ruff("check", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_applied() -> None:
    result = ruff("format", "--check")
    assert result.returncode == 0, result.stdout + result.stderr
