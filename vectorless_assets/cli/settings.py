"""Where the CLI keeps things when the user does not say (documented in the README)."""

from __future__ import annotations

import os
from pathlib import Path

#: IR folder when neither --out nor VECTORLESS_IR_DIR is given.
DEFAULT_IR_DIR = Path(".vectorless") / "ir"


def ir_dir(explicit: str | None = None) -> Path:
    return Path(explicit or os.environ.get("VECTORLESS_IR_DIR") or DEFAULT_IR_DIR)


def samples_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "samples"
