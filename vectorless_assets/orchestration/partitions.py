"""Documents as dynamic partitions, keyed by a safe, readable form of their relative path.

Encoding (reversible, decided here): the document key (the path relative to the documents
root, `/`-separated, see `ir.identity.document_key`) becomes the partition key by

* `/` -> `~` (so `a/index.md` -> `a~index.md` and `b/index.md` -> `b~index.md` differ),
* letters and digits (any script), `-`, `_`, `+`, `@`, `=` and `.` stay as they are, except a
  `.` directly after another `.` (Dagster forbids `...` in keys),
* every other character (`~`, `%`, space, `,`, `:`, brackets, ...) is percent-encoded as
  the UTF-8 bytes `%XX`.

The result has no path separator, so it can name a file (`<field>/<partition_key>.json`),
and decoding is `~` -> `/` followed by percent-decoding. The doc_id of a partition is the
core's deterministic `doc_id_for(document key)`, so `key_to_doc_id` needs no stored mapping.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from urllib.parse import unquote

import dagster as dg

from vectorless_assets.frontends.raw import FORMAT_BY_SUFFIX
from vectorless_assets.ir.identity import doc_id_for, document_key

PARTITIONS_NAME = "documents"
DOCUMENTS = dg.DynamicPartitionsDefinition(name=PARTITIONS_NAME)

_KEEP = frozenset("-_+@=")


def partition_key_for(relative_path: str) -> str:
    """Partition key of the document at `relative_path` (relative to the documents root)."""
    key = document_key(relative_path)
    if not key:
        raise ValueError("empty document path")
    out: list[str] = []
    prev = ""
    for ch in key:
        if ch == "/":
            out.append("~")
        elif (ch == "." and prev != ".") or (ch != "." and (ch.isalnum() or ch in _KEEP)):
            out.append(ch)
        else:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        prev = ch
    return "".join(out)


def document_key_for(partition_key: str) -> str:
    """Inverse of `partition_key_for`: the document's path relative to the root."""
    return unquote(partition_key.replace("~", "/"))


def key_to_doc_id(partition_key: str) -> str:
    """The core's doc_id of the document behind a partition key."""
    return doc_id_for(document_key_for(partition_key))


def is_document(name: str) -> bool:
    """True for file names with a suffix a frontend reads (Markdown, text, PDF, DOCX)."""
    base = os.path.basename(name)
    return not base.startswith(".") and os.path.splitext(base)[1].lower() in FORMAT_BY_SUFFIX


def discover(root: object) -> list[str]:
    """Document keys (relative paths) of every supported file under `root` (a UPath), sorted."""
    from upath import UPath

    base = UPath(root)
    if not base.exists():
        return []
    keys: list[str] = []
    for path in base.rglob("*"):
        rel = path.relative_to(base).as_posix()
        if any(part.startswith(".") for part in rel.split("/")):
            continue
        if is_document(path.name) and path.is_file():
            keys.append(document_key(rel))
    return sorted(keys)


def register(instance: dg.DagsterInstance, keys: Iterable[str]) -> list[str]:
    """Add the partition keys the instance does not know yet; return the added ones."""
    known = set(instance.get_dynamic_partitions(PARTITIONS_NAME))
    new = sorted({k for k in keys if k not in known})
    if new:
        instance.add_dynamic_partitions(PARTITIONS_NAME, new)
    return new
