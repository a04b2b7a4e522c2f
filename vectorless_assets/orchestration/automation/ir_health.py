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
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.doc_state import DocState, IRFacts
from vectorless_assets.orchestration.storage.resources import IRStore

#: new `document_ir` records read per check: a tick after 100,000 documents were compiled
#: with the sensor stopped would otherwise read them all at once (≈ 1 ms each: past
#: Dagster's 60 s sensor timeout); the others are read by the next completed scans
MAX_READS = 2000


def _facts(
    instance: dg.DagsterInstance,
    partitions: set[str],
    state: DocState | None,
    names: Names,
    max_reads: int = MAX_READS,
) -> dict[str, IRFacts]:
    """The latest `document_ir` facts of `partitions`: one query for the latest storage ids,
    then records only for the partitions whose id differs from the one `state` remembers, at
    most `max_reads` of them (the first by key; a partition left for later has no facts
    now: its cached ones describe an older IR)."""
    ids = {
        pk: sid
        for pk, sid in instance.get_latest_storage_id_by_partition(
            names.key(DOCUMENT_IR), dg.DagsterEventType.ASSET_MATERIALIZATION
        ).items()
        if pk in partitions
    }
    cached = state.load_irs() if state is not None else {}
    changed = {pk for pk, sid in ids.items() if pk not in cached or cached[pk].storage_id != sid}
    later = set(sorted(changed)[max_reads:])
    changed -= later
    fresh = (
        {
            pk: IRFacts(ids[pk], s.ir_stamp, s.llm_degraded)
            for pk, s in records.stored_irs(instance, changed, names).items()
            if pk in ids
        }
        if changed
        else {}
    )
    if state is not None and (fresh or cached.keys() - ids.keys()):
        state.save_irs(fresh, drop=[pk for pk in cached if pk not in ids and pk in partitions])
    kept = {pk: cached[pk] for pk in ids if pk not in fresh and pk not in later and pk in cached}
    return {**kept, **fresh}


def ir_faults(
    instance: dg.DagsterInstance,
    partitions: Iterable[str],
    ir_store: IRStore,
    llm: object | None = None,
    state: DocState | None = None,
    names: Names = STANDALONE,
    max_reads: int = MAX_READS,
) -> dict[str, str]:
    """`{partition: "missing"|"damaged"|"degraded"}` for the compiled documents of `partitions`
    whose IR file is not intact, or was built with LLM fallbacks while `llm` works now
    (`llm.guard.llm_works` with a probe, asked only when such an IR exists). With `state`,
    the materialization facts are cached there (a tick reads only the new records). `names`:
    the compiler whose records are read; at most `max_reads` new records are read per call
    (the documents left out are checked by the next calls)."""
    out: dict[str, str] = {}
    for pk, facts in sorted(_facts(instance, set(partitions), state, names, max_reads).items()):
        verdict = ir_store.state(key_to_doc_id(pk), facts.stamp)
        if verdict != "intact":
            out[pk] = verdict
        elif facts.degraded and llm_works(llm, probe=True):
            out[pk] = "degraded"
    return out


def fault_run_key(
    instance: dg.DagsterInstance,
    partition_key: str,
    state: str,
    epoch: str,
    names: Names = STANDALONE,
) -> str:
    """The run key repairing `partition_key`'s IR: one per recorded stamp and state."""
    stored = records.stored_ir(instance, partition_key, names)
    stamp = (stored.ir_stamp if stored else None) or ""
    return f"{partition_key}:{epoch}:ir:{state}:{hashlib.sha256(stamp.encode()).hexdigest()[:12]}"
