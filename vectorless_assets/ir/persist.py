"""Saving and loading IR files: a checksummed JSON envelope, written atomically
(`durable.atomic_write_bytes`).

File layout (`<doc_id>.bin`, JSON despite the suffix, as the original tool names it)::

    {"version": 2, "checksum": sha256_hex(canonical_json(payload)), "payload": {...}}

A failed write is an `IRWriteError` naming the file and its folder. Only a regular file is
read, and at most `MAX_IR_BYTES` of it: a FIFO or a device named `x.bin` (or a link to
`/dev/zero`) is refused at once instead of blocking or filling memory.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.durable import atomic_write_bytes
from vectorless_assets.ir.errors import (
    IRChecksumError,
    IRFormatError,
    IRSchemaError,
    IRVersionError,
    IRWriteError,
)
from vectorless_assets.ir.identity import canonical_json
from vectorless_assets.ir.tree_check import tree_problem
from vectorless_assets.ir.versions import (
    FORMAT_VERSION,
    NEWEST_READABLE_SCHEMA,
    SCHEMA_VERSION,
)

IR_SUFFIX = ".bin"
#: Where a retired IR goes (its source was deleted): `<IR folder>/.deleted/<doc_id>.bin`.
DELETED_SUBDIR = ".deleted"
#: Largest IR file read (bytes); the IR of a 9 MB Markdown file is about 60 MB.
MAX_IR_BYTES = 1_000_000_000


def payload_checksum(payload: Any) -> str:
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


def document_payload(doc: Document) -> dict[str, Any]:
    """The JSON payload of a Document (what the checksum covers)."""
    return doc.model_dump(mode="json")


def envelope_bytes(doc: Document) -> bytes:
    payload = document_payload(doc)
    envelope = {
        "version": FORMAT_VERSION,
        "checksum": payload_checksum(payload),
        "payload": payload,
    }
    return canonical_json(envelope).encode("utf-8")


def save_ir(doc: Document, path: str | os.PathLike[str]) -> Path:
    """Persist `doc` atomically; a crash never leaves half a file at `path`. A write that
    fails (read-only or full folder, a folder in the file's place) is an `IRWriteError`."""
    data = envelope_bytes(doc)
    try:
        return atomic_write_bytes(path, data)
    except OSError as exc:
        raise write_error(Path(path), exc) from None


def write_error(target: Path, exc: OSError) -> IRWriteError:
    """The one-line error of a failed IR write: the file, its folder and the reason."""
    why = exc.strerror or str(exc) or type(exc).__name__
    return IRWriteError(
        f"cannot write the IR {target.name} into {target.parent}: {why} "
        "(read-only or full IR folder?)"
    )


def read_ir_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an IR file: a regular file of at most `MAX_IR_BYTES` (`IRFormatError`
    otherwise; opened without blocking, so a FIFO cannot hang the reader)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise IRFormatError(path, f"cannot read file: {exc.strerror or exc}") from exc
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise IRFormatError(path, "not a regular file (a FIFO, device or socket)")
        if st.st_size > MAX_IR_BYTES:
            raise IRFormatError(
                path, f"{st.st_size:,} bytes: larger than an IR may be ({MAX_IR_BYTES:,})"
            )
        try:
            data = fh.read(MAX_IR_BYTES + 1)
        except OSError as exc:
            raise IRFormatError(path, f"cannot read file: {exc.strerror or exc}") from exc
    if len(data) > MAX_IR_BYTES:
        raise IRFormatError(path, f"larger than an IR may be ({MAX_IR_BYTES:,} bytes)")
    return data


def parse_envelope(data: bytes, path: object = "<bytes>") -> dict[str, Any]:
    """Verify an envelope's structure, version and checksum; return the payload."""
    try:
        return _parse_envelope(data, path)
    except RecursionError:  # JSON nested deeper than the interpreter's stack (200,000 `[`)
        raise IRFormatError(path, "JSON nested too deeply to be an IR") from None


def _parse_envelope(data: bytes, path: object) -> dict[str, Any]:
    try:
        envelope = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise IRFormatError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise IRFormatError(
            path, f"not valid JSON (truncated or corrupted): {exc.msg} at char {exc.pos}"
        ) from exc
    if not isinstance(envelope, dict) or not {"version", "checksum", "payload"} <= envelope.keys():
        raise IRFormatError(path, "not an IR envelope (expected keys version, checksum, payload)")
    if envelope["version"] != FORMAT_VERSION:
        raise IRVersionError(
            path,
            f"unknown envelope version {envelope['version']!r} (this tool reads {FORMAT_VERSION})",
        )
    payload = envelope["payload"]
    if not isinstance(payload, dict):
        raise IRFormatError(path, "payload is not a JSON object")
    actual = payload_checksum(payload)
    if actual != envelope["checksum"]:
        raise IRChecksumError(
            path,
            (
                f"checksum mismatch (recorded {str(envelope['checksum'])[:16]}…, actual "
                f"{actual[:16]}…): the file was modified or corrupted"
            ),
        )
    return payload


def document_from_payload(payload: dict[str, Any], path: object = "<bytes>") -> Document:
    """Validate a payload as a Document, refusing newer schemas and upgrading older ones
    (`ir.versions`: what loads, and what counts as old)."""
    version = payload.get("schema_version", 0)
    if not isinstance(version, int):
        raise IRSchemaError(path, f"schema_version is not an integer: {version!r}")
    if version > NEWEST_READABLE_SCHEMA:
        raise IRVersionError(
            path,
            (
                f"schema_version {version} is newer than this tool supports "
                f"({NEWEST_READABLE_SCHEMA}); upgrade vectorless-assets"
            ),
        )
    legacy = version <= SCHEMA_VERSION and "document_key" not in payload
    if legacy:  # our schema 3 before `document_key` stored the key as source_path
        payload = {**payload, "document_key": payload.get("source_path"), "source_path": None}
    if "schema_version" not in payload:  # schema 0: pre-versioning, not the current default
        payload = {**payload, "schema_version": 0}
    try:
        doc = Document.model_validate(payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        old = (
            f" (old schema_version {version}, fields cannot be upgraded)"
            if version < SCHEMA_VERSION
            else ""
        )
        raise IRSchemaError(
            path, f"invalid document{old}: {where}: {first['msg']} ({exc.error_count()} errors)"
        ) from exc
    problem = tree_problem(doc.tree)
    if problem is not None:
        raise IRSchemaError(path, f"invalid tree: {problem}")
    if legacy:
        doc.mark_old()
    return doc


def load_ir_bytes(data: bytes, path: object = "<bytes>") -> Document:
    return document_from_payload(parse_envelope(data, path), path)


def load_ir(path: str | os.PathLike[str]) -> Document:
    """Load and verify an IR file. Raises `IRIntegrityError` (a subclass) on any problem.

    A document of another readable schema (`ir.versions`: 0 to `NEWEST_READABLE_SCHEMA`)
    loads (upgraded where its fields allow: an early schema 3's `source_path`, which held the
    key, becomes `document_key`) and reports `doc.is_old`; a newer one is refused.
    """
    return load_ir_bytes(read_ir_file(path), path)


def verify_ir(path: str | os.PathLike[str]) -> Document:
    """Alias of `load_ir` for callers that only want the integrity check."""
    return load_ir(path)


def retire_ir(path: Any) -> Any:
    """Move the IR file `path` (a `Path` or a `UPath`) aside to `<its folder>/.deleted/`, where
    IR readers (which list `*.bin` in the folder itself) no longer serve it; moving it back
    restores it. Returns the new location. The documents sensor and `compile --prune` use it."""
    if path.suffix != IR_SUFFIX or path.parent.name == DELETED_SUBDIR:
        raise ValueError(f"{path} is not a served IR file (`*{IR_SUFFIX}`): not retired")
    target = path.parent / DELETED_SUBDIR / path.name
    target.parent.mkdir(parents=True, exist_ok=True)
    path.rename(target)
    return target
