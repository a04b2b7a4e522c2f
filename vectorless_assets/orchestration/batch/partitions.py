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
Decoding does not check containment: a key such as `..~etc~passwd` decodes to `../etc/passwd`,
which `DocumentsRoot.location` (`frontends.discovery.locate`) refuses to read.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import unquote

import dagster as dg

from vectorless_assets.ir.identity import doc_id_for, document_key
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.resources import IRStore

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


def register(
    instance: dg.DagsterInstance, keys: Iterable[str], names: Names = STANDALONE
) -> list[str]:
    """Add the partition keys the compiler `names` does not know yet; return the added ones.

    Safe against another process registering the same keys at the same time."""
    wanted = set(keys)
    for attempt in range(3):
        known = set(instance.get_dynamic_partitions(names.partitions_name))
        new = sorted(wanted - known)
        if not new:
            return []
        try:
            instance.add_dynamic_partitions(names.partitions_name, new)
            return new
        except Exception:
            # another process added some of them meanwhile (unique constraint): look again
            if attempt == 2:
                raise
    return []


def retire_document(
    partition_key: str, ir_store: IRStore, store: FieldStore, produced: tuple[str, ...]
) -> str | None:
    """Move the IR of a document whose source is gone aside (`<ir>/.deleted/`) and delete its
    field values `produced`; the new location of the IR (None: there was none). The documents
    sensor and `compile --prune` through Dagster (`forget`) retire documents here."""
    store.remove_partition(partition_key, produced)
    return ir_store.retire(key_to_doc_id(partition_key))


def forget(
    instance: dg.DagsterInstance,
    partition_keys: Iterable[str],
    ir_store: IRStore,
    store: FieldStore,
    produced: tuple[str, ...],
    names: Names = STANDALONE,
) -> dict[str, str | None]:
    """Retire the documents `partition_keys` (`retire_document`) and delete their dynamic
    partitions, as the documents sensor does when their sources are deleted (it deletes the
    partitions through its result): a "Materialize all" then no longer names them. The new
    location of each IR (None: there was none)."""
    moved = {pk: retire_document(pk, ir_store, store, produced) for pk in partition_keys}
    registered = set(instance.get_dynamic_partitions(names.partitions_name))
    for pk in moved:
        if pk in registered:
            instance.delete_dynamic_partition(names.partitions_name, pk)
    return moved
