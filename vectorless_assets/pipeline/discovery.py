"""Finding source documents on disk and giving each a document key."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from vectorless_assets.frontends.raw import FORMAT_BY_SUFFIX
from vectorless_assets.ir.identity import document_key

SUPPORTED_SUFFIXES = frozenset(FORMAT_BY_SUFFIX) - {".txt"}


@dataclass(frozen=True)
class SourceRef:
    path: Path
    root: Path

    @property
    def key(self) -> str:
        return document_key(os.path.relpath(self.path, self.root))


def discover(paths: list[str], root: str | None = None) -> list[SourceRef]:
    """Expand files and folders into source references, in a stable order.

    Keys (and so doc_ids) are paths relative to `root`; without `root`, a folder argument is
    its own root (so `docs/a/index.md` and `docs/b/index.md` get keys `a/index.md` and
    `b/index.md`), and a file argument is keyed relative to the current directory when it lies
    inside it, else by its file name.
    """
    refs: list[SourceRef] = []
    cwd = Path.cwd().resolve()
    for raw in paths:
        p = Path(raw).resolve()
        if p.is_dir():
            base = Path(root).resolve() if root else p
            files = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUPPORTED_SUFFIXES and not any(part.startswith(".") for part in f.relative_to(p).parts))
            refs.extend(SourceRef(f, base) for f in files)
        else:
            if root:
                base = Path(root).resolve()
            elif p.is_relative_to(cwd):
                base = cwd
            else:
                base = p.parent
            refs.append(SourceRef(p, base))
    return refs
