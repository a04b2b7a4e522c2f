"""Where the shared corpus is, for every benchmark (run as `python benchmarks/<script>.py`).

The corpus lives beside the project (`../shared/corpus`, see its SOURCES.md) and is never
copied into the repository; `require()` exits cleanly with a message when it is absent.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
MD = CORPUS / "md"
PDF = CORPUS / "pdf"
BIG = MD / "large" / "rust-rfcs-all-in-one.md"
RUST_BOOK = MD / "rust-book" / "src"


def require(path: Path) -> Path:
    """`path`, or exit 0 with a note when the shared corpus is not on this machine."""
    if not path.exists():
        print(f"skipped: {path} is absent (the shared corpus is not on this machine)")
        sys.exit(0)
    return path
