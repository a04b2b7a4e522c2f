"""Deterministic identity and fingerprints of documents and compile logic."""

from __future__ import annotations

import hashlib
import os
import uuid
from typing import Any

from vectorless_assets.ir.canonical import canonical_json

#: Namespace of document ids: doc_id = uuid5(NAMESPACE, document key).
DOC_ID_NAMESPACE = uuid.UUID("6f1c1b9e-6b8e-5c1a-9a52-7c0f3d1e2a40")


def document_key(relative_path: str) -> str:
    """Normalise a path relative to the documents root into the document's key."""
    key = relative_path.replace("\\", "/").strip("/")
    while key.startswith("./"):
        key = key[2:]
    return key


def source_path_for(path: str | None) -> str | None:
    """`Document.source_path` of a source read from `path`: a local path made absolute (as
    given otherwise: no symbolic link resolved), a URL (``s3://...``) as is, None for bytes."""
    if not path:
        return None
    return path if "://" in path else os.path.abspath(path)


def key_conflict(
    key: str, source_path: str | None, previous_key: str | None, previous_path: str | None
) -> str | None:
    """Why a source may not replace the IR already stored under its key, or None.

    Two sources with the same key get the same doc_id, so one IR folder can hold only one of
    them: the second would silently overwrite the first (`vectorless compile a/` then
    `vectorless compile b/`, both holding `index.md`). They are refused rather than keyed
    apart, because a key (and so the doc_id) must not depend on which source came first.
    Callers pass only the IR stored under the key's doc_id, so an IR without its own key field
    has this key (its doc_id says so); it conflicts when it names another file. One from
    before the key had its field kept the key itself in `source_path` (no file): it names no
    owner, so it is no conflict, and compiles rewrite it with both (`pipeline.compile`,
    `ir.stamp`'s `unkeyed`). A source without a path is never a conflict.
    """
    previous_key = key if previous_key is None else previous_key
    if previous_key != key or not source_path or not previous_path:
        return None
    if "://" not in previous_path and not os.path.isabs(previous_path):
        return None  # the key itself, stored before the key had its own field
    if source_path == previous_path:
        return None
    return (
        f"key {key!r} is already the IR of {previous_path}; {source_path} has the same key and "
        "would overwrite it (compile both with a common --root, or into another --out)"
    )


def doc_id_for(key: str) -> str:
    """UUIDv5 of the document key: stable across recompiles, distinct per relative path."""
    return str(uuid.uuid5(DOC_ID_NAMESPACE, document_key(key)))


def content_fingerprint(data: bytes) -> str:
    """BLAKE2b-128 hex (32 chars) of the raw source bytes.

    The IR spec's content fingerprint; the incremental-compilation page's "SHA-256" is read
    as this same fingerprint, and the Dagster data version of a source document equals it.
    """
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def value_fingerprint(value: Any) -> str:
    """BLAKE2b-128 of the canonical JSON of a JSON-able value (pydantic models included)."""
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    return hashlib.blake2b(canonical_json(value).encode("utf-8"), digest_size=16).hexdigest()
