"""IRs whose source is gone: what `vectorless compile` does about deleted and renamed files.

The documents sensor retires the IR of a deleted source (moves it to `<ir>/.deleted/`). The
CLI compiles what it is given; after compiling a folder it looks in the IR folder for IRs
whose source key lies in that folder (relative to the documents root) but whose file no
longer exists: a deleted document, or the old name of a renamed one. It names each of them
("left ...") and, with `--prune`, moves them aside to `<ir>/.deleted/<doc_id>.bin` like the
sensor (not served any more, restorable by moving it back; through Dagster their partitions
and field values go too, `dagster_bridge.prune_with_dagster`). A prune that would retire more
than half of the folder's documents is refused, as the sensor refuses such a tick
(`frontends.discovery.mass_deletion`: an unmounted or half-synced folder). Pruning is asked
for, not done by default, because an IR folder may also hold documents compiled from another
root, whose keys the CLI cannot tell from this root's.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from vectorless_assets.cli.output import error, progress
from vectorless_assets.frontends.discovery import SourceRef, mass_deletion
from vectorless_assets.ir.persist import IR_SUFFIX, retire_ir


@dataclass(frozen=True)
class Gone:
    """An IR file whose source document no longer exists."""

    ir_path: Path
    key: str
    #: the documents root the key is relative to
    root: Path


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
                found.append(Gone(path, key, root))
                break
    return found


def retire(gone: Gone) -> Path:
    """Move a gone source's IR aside to `<ir>/.deleted/`; its new path."""
    return retire_ir(gone.ir_path)


def compiled_folders(paths: list[str], root: str | None) -> list[tuple[Path, Path]]:
    """(folder, documents root) of every folder named on the command line."""
    out = []
    for raw in paths:
        p = Path(raw).resolve()
        if p.is_dir():
            base = Path(root).resolve() if root else p
            if p.is_relative_to(base):
                out.append((p, base))
    return out


def report_gone(args: argparse.Namespace, refs: list[SourceRef], out: Path) -> bool:
    """Name (or with --prune, retire) the IRs whose source is gone from a compiled folder;
    False when a prune was refused (it would retire more than half of the folder's
    documents: `frontends.discovery.mass_deletion`)."""
    gone = gone_sources(compiled_folders(args.paths, args.root), refs, out)
    refused = (
        mass_deletion(len(gone), len(gone) + len(refs), held="no IR was retired")
        if args.prune
        else None
    )
    if not args.prune or refused:
        for g in gone:
            progress(
                f"left {g.ir_path.name}: its source {g.key} is gone (still "
                "served; --prune moves it to .deleted/)"
            )
        if refused:
            error(f"--prune refused: {refused}")
        return refused is None
    moved: dict[str, str | Path | None] = {}
    if args.in_process:
        moved = {g.key: retire(g) for g in gone}
    else:  # the partitions and their field values go too, as the sensor does
        from vectorless_assets.cli.dagster_bridge import prune_with_dagster

        for root, group in groupby(gone, key=lambda g: g.root):
            moved |= prune_with_dagster([g.key for g in group], root, out)
    for g in gone:
        where = f"moved to {Path(m).parent}" if (m := moved.get(g.key)) else "already gone"
        progress(f"retired {g.ir_path.name}: its source {g.key} is gone ({where})")
    return True


def missing_paths(args: argparse.Namespace) -> list[str]:
    """What the command line names that does not exist: "documents root R does not exist",
    "P does not exist" (an unmounted or misspelled folder; before, "cannot read source")."""
    problems = []
    if args.root and not Path(args.root).is_dir():
        problems.append(f"documents root {args.root} does not exist (or is not a folder)")
    problems += [f"{raw} does not exist" for raw in args.paths if not os.path.exists(raw)]
    return problems
