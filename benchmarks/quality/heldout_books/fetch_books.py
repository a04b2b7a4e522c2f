"""Fetch the held-out books (sources.json) from Debian into a folder outside the repository.

Each package is downloaded once with `apt-get download <package>=<version>` (a Debian
bookworm system with deb.debian.org in its sources), unpacked with `dpkg-deb -x`, and the
listed file copied (gunzipped when it ends in .gz) as DEST/<file>; its SHA-256 is checked
against sources.json. Files already present with the right digest are kept.

    python benchmarks/quality/heldout_books/fetch_books.py [DEST]   (default: ../heldout-pdfs/flat)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DEST = HERE.parents[3] / "heldout-pdfs" / "flat"


def books() -> list[dict[str, str]]:
    """The book list of sources.json."""
    return json.loads((HERE / "sources.json").read_text())["books"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch(dest: Path) -> int:
    """Download and unpack what is missing; 0 when every file is present with its digest."""
    dest.mkdir(parents=True, exist_ok=True)
    todo = [
        b
        for b in books()
        if not (dest / b["file"]).exists() or digest(dest / b["file"]) != b["sha256"]
    ]
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        debs, root = Path(tmp) / "debs", Path(tmp) / "root"
        debs.mkdir()
        for spec in sorted({f"{b['package']}={b['version']}" for b in todo}):
            subprocess.run(["apt-get", "download", spec], cwd=debs, check=True)
        for deb in debs.glob("*.deb"):
            subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        for b in todo:
            data = (root / b["path"]).read_bytes()
            if b["path"].endswith(".gz"):
                data = gzip.decompress(data)
            (dest / b["file"]).write_bytes(data)
            if digest(dest / b["file"]) != b["sha256"]:
                print(f"digest differs: {b['file']}", file=sys.stderr)
                bad += 1
    print(f"{len(books()) - bad} of {len(books())} books in {dest} ({len(todo)} fetched)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(fetch(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DEST))
