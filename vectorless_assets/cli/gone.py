"""IRs whose source is gone: what `vectorless compile` does about deleted and renamed files.

The documents sensor retires the IR of a deleted source (moves it to `<ir>/.deleted/`). The
CLI compiles what it is given; after compiling a folder it looks in the IR folder for IRs
whose source key lies in that folder (relative to the documents root) but whose file no
longer exists: a deleted document, or the old name of a renamed one. It names each of them
("left ...") and, with `--prune`, moves them aside to `<ir>/.deleted/<doc_id>.bin` like the
sensor (not served any more, restorable by moving it back). Pruning is asked for, not done
by default, because an IR folder may also hold documents compiled from another root, whose
keys the CLI cannot tell from this root's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from vectorless_assets.frontends.discovery import SourceRef
from vectorless_assets.ir.persist import IR_SUFFIX, retire_ir


@dataclass(frozen=True)
class Gone:
    """An IR file whose source document no longer exists."""

    ir_path: Path
    key: str


def _source_key(path: Path) -> str | None:
    """The source key recorded in an IR file (None: unreadable, not an IR)."""
    try:
        payload = json.loads(path.read_bytes())["payload"]
        # schema 3 kept the key in source_path
        key = payload.get("document_key") or payload.get("source_path")
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return key if isinstance(key, str) and key else None


def gone_sources(folders: list[tuple[Path, Path]], refs: list[SourceRef], out: Path) -> list[Gone]:
    """IRs in `out` whose key lies under one of the compiled `(folder, root)` pairs and whose
    source file is gone (the IRs of the compiled `refs` are never listed)."""
    if not folders or not out.is_dir():
        return []
    from vectorless_assets.ir.identity import doc_id_for

    current = set()
    for ref in refs:
        try:
            current.add(doc_id_for(ref.key))
        except (UnicodeError, ValueError):
            continue
    found: list[Gone] = []
    for path in sorted(out.glob(f"*{IR_SUFFIX}")):
        if path.stem in current or not path.is_file():
            continue
        key = _source_key(path)
        if key is None:
            continue
        for folder, root in folders:
            prefix = folder.relative_to(root).as_posix() if folder != root else ""
            inside = not prefix or key == prefix or key.startswith(prefix + "/")
            if inside and not (root / key).exists():
                found.append(Gone(path, key))
                break
    return found


def retire(gone: Gone) -> Path:
    """Move a gone source's IR aside to `<ir>/.deleted/`; its new path."""
    return retire_ir(gone.ir_path)
