"""Where things are, for every test: the project root and the shared corpus (may be absent)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
GOLDEN = ROOT / "tests" / "golden"
