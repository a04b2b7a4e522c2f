"""The IR files of unchanged documents, checked at each completed sensor scan (cheaply).

A changed byte or a truncated `.bin` makes the navigator refuse the IR, yet its source is
unchanged, so nothing else would recompile it. Each time the documents sensor finishes a
pass over the root it compares every compiled document's IR file with the stamp recorded
when it was written (`ir.stamp`: a `stat` per file; the bytes are hashed and verified only
when size or mtime differ) and requests a compile for those `missing` or `damaged`, and
for those built with LLM fallbacks (`degraded`) once the configured LLM answers a probe.

The run key names the stamp that was damaged (`<partition>:<epoch>:ir:<state>:<stamp hash>`),
so a damaged file is requested once, and damage to a later rewrite of it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import dagster as dg

from vectorless_assets.llm.guard import llm_works
from vectorless_assets.orchestration.assets.partitions import key_to_doc_id
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.resources import IRStore


def ir_faults(instance: dg.DagsterInstance, partitions: Iterable[str], ir_store: IRStore, llm: object | None = None) -> dict[str, str]:
    """`{partition: "missing"|"damaged"|"degraded"}` for the compiled documents of `partitions`
    whose IR file is not intact, or was built with LLM fallbacks while `llm` works now
    (`llm.guard.llm_works` with a probe, asked only when such an IR exists)."""
    out: dict[str, str] = {}
    for pk, stored in sorted(records.stored_irs(instance, set(partitions)).items()):
        state = ir_store.state(key_to_doc_id(pk), stored.ir_stamp)
        if state != "intact":
            out[pk] = state
        elif stored.llm_degraded and llm_works(llm, probe=True):
            out[pk] = "degraded"
    return out


def fault_run_key(instance: dg.DagsterInstance, partition_key: str, state: str, epoch: str) -> str:
    """The run key repairing `partition_key`'s IR: one per recorded stamp and state."""
    stored = records.stored_ir(instance, partition_key)
    stamp = (stored.ir_stamp if stored else None) or ""
    return f"{partition_key}:{epoch}:ir:{state}:{hashlib.sha256(stamp.encode()).hexdigest()[:12]}"
