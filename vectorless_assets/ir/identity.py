"""Deterministic identity and fingerprints of documents and compile logic."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from vectorless_assets.jsonform import canonical_json

#: Namespace of document ids: doc_id = uuid5(NAMESPACE, document key).
DOC_ID_NAMESPACE = uuid.UUID("6f1c1b9e-6b8e-5c1a-9a52-7c0f3d1e2a40")


def document_key(relative_path: str) -> str:
    """Normalise a path relative to the documents root into the document's key."""
    key = relative_path.replace("\\", "/").strip("/")
    while key.startswith("./"):
        key = key[2:]
    return key


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
