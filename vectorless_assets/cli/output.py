"""Printing helpers shared by the CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any


def emit_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write("\n")


def progress(message: str, *, enabled: bool = True) -> None:
    if enabled:
        print(message, file=sys.stderr, flush=True)


def error(message: str) -> None:
    print(f"error: {message}", file=sys.stderr, flush=True)
