"""Is an IR file intact? A full check (`load_ir`) or a cheap one against a stamp taken at write
time.

The stamp of a written IR file is `"<size>:<mtime_ns>:<sha256 of the bytes>"`. The cheap
check (`ir_state(path, stamp)`) only stats the file when size and mtime still match the
stamp, so a sensor tick over 10,000 IRs costs 10,000 `stat` calls; when they differ it
hashes the bytes (a `touch` or a copy with the same bytes is intact) and, if the hash differs
too, verifies the envelope (checksum and schema) with `load_ir`. The full check
(`verify=True`, what a compile does before it skips a document) always verifies.

A file that is gone is `missing`; one that fails verification is `damaged`; one that verifies
but was written in another schema (`Document.is_old`) is `old` (its next compile rewrites
it); a current one without its `document_key` (saved with the key left out) is `unkeyed`:
the same-key guard cannot tell whose it is, so it is rewritten (`ir.identity.key_conflict`).
Without a stamp (IRs written before stamps were recorded) the cheap check only asks whether
the file exists.
"""

from __future__ import annotations

import hashlib
import os
from typing import Literal

from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.ir.persist import load_ir_bytes

IRState = Literal["intact", "missing", "damaged", "old", "unkeyed"]


def stamp_bytes(data: bytes, size: int, mtime_ns: int) -> str:
    return f"{size}:{mtime_ns}:{hashlib.sha256(data).hexdigest()}"


def stamp_of(path: str | os.PathLike[str]) -> str:
    """The stamp of the IR file at `path` as it is now."""
    with open(path, "rb") as fh:
        st = os.fstat(fh.fileno())
        data = fh.read()
    return stamp_bytes(data, st.st_size, st.st_mtime_ns)


def _verified(data: bytes, path: object) -> IRState:
    try:
        doc = load_ir_bytes(data, path)
    except IRIntegrityError:
        return "damaged"
    if doc.is_old:
        return "old"
    return "intact" if doc.document_key is not None else "unkeyed"


def ir_state(
    path: str | os.PathLike[str], stamp: str | None = None, *, verify: bool = False
) -> IRState:
    """`intact`, `missing`, `damaged` or `old` (the module docstring: cheap and full checks)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "damaged"
    if not verify:
        if stamp is None:
            return "intact"
        size, mtime, _ = (stamp.split(":", 2) + ["", ""])[:3]
        if size == str(st.st_size) and mtime == str(st.st_mtime_ns):
            return "intact"
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return "damaged"
    if (
        not verify
        and stamp is not None
        and stamp.rsplit(":", 1)[-1] == hashlib.sha256(data).hexdigest()
    ):
        return "intact"
    return _verified(data, path)
