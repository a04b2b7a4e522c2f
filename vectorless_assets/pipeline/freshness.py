"""Freshness: is a document's compiled IR current, and if not, why? One rule set for all paths.

The in-process compiler, the CLI, the Dagster compile step, the documents sensor and the
schedules all decide with `assess` (one document) or `assess_many` (a corpus), from facts
their storage remembers about the last good compile (`Stored`) and facts about now. Rules,
in this order (the first that applies is the reason):

1. `forced`: the caller asked for a recompile;
2. `new`: nothing was ever compiled for the document;
3. `source changed`: its content fingerprint differs from the stored one (or a later
   observation of the source saw other bytes);
4. `IR missing` / `IR damaged`: the IR file is gone, or fails its integrity check
   (`ir.stamp.ir_state`: compiles verify the IR they would skip, sensor ticks and
   schedules compare a stamp taken at write time and verify only when it differs);
4b. `old schema`: the IR file verifies but was written in another schema (`ir.versions`:
   e.g. the retired 4); the compile rewrites it in the current one;
5. `logic changed`: the logic fingerprint differs (another mode, option, pass version,
   processing version or LLM model: whatever the caller's fingerprint covers);
5b. `LLM fallbacks`: the IR was built while LLM calls failed or were skipped (some parts
   are LLM-free fallbacks) and the caller has a working LLM now (`redo_fallbacks`, asked
   only when needed: `llm.guard.llm_works`);
5c. `IR predates its key`: the verified IR has no `document_key` (`ir.stamp`: `unkeyed`), so the
   same-key guard cannot protect it: it is written again, with its key and source;
6. `current` otherwise: nothing to do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

Reason = Literal[
    "forced",
    "new",
    "source changed",
    "IR missing",
    "IR damaged",
    "old schema",
    "logic changed",
    "LLM fallbacks",
    "IR predates its key",
    "current",
]
REASONS: tuple[Reason, ...] = (
    "forced",
    "new",
    "source changed",
    "IR missing",
    "IR damaged",
    "old schema",
    "logic changed",
    "LLM fallbacks",
    "IR predates its key",
    "current",
)
#: What `ir_intact` may say: True/"intact", False/"missing", "damaged", "old" or "unkeyed".
Intact = bool | Literal["intact", "missing", "damaged", "old", "unkeyed"]


@dataclass(frozen=True)
class Stored:
    """What is remembered of a document's last good compile."""

    content_fingerprint: str | None
    logic_fingerprint: str | None
    #: `ir.stamp` of the IR file as written (None: not recorded)
    ir_stamp: str | None = None
    #: the IR was built with LLM fallbacks (calls failed or were skipped)
    llm_degraded: bool = False


@dataclass(frozen=True)
class Verdict:
    reason: Reason

    @property
    def stale(self) -> bool:
        return self.reason != "current"


def assess(
    stored: Stored | None,
    *,
    fingerprint: str,
    logic: str,
    ir_intact: Intact | Callable[[], Intact] = True,
    observed: str | None = None,
    force: bool = False,
    redo_fallbacks: bool | Callable[[], bool] = False,
) -> Verdict:
    """The verdict for one document. `ir_intact` may be a callable, asked only when needed."""
    if force:
        return Verdict("forced")
    if stored is None:
        return Verdict("new")
    if stored.content_fingerprint != fingerprint or observed not in (None, fingerprint):
        return Verdict("source changed")
    state = ir_intact() if callable(ir_intact) else ir_intact
    if state is False or state == "missing":
        return Verdict("IR missing")
    if state == "damaged":
        return Verdict("IR damaged")
    if state == "old":
        return Verdict("old schema")
    if stored.logic_fingerprint != logic:
        return Verdict("logic changed")
    if stored.llm_degraded and (redo_fallbacks() if callable(redo_fallbacks) else redo_fallbacks):
        return Verdict("LLM fallbacks")
    if state == "unkeyed":
        return Verdict("IR predates its key")
    return Verdict("current")


def assess_many(
    stored: Mapping[str, Stored],
    fingerprints: Mapping[str, str],
    *,
    logic: str,
    ir_intact: Callable[[str], Intact] | None = None,
    force: bool = False,
    redo_fallbacks: bool | Callable[[], bool] = False,
) -> dict[str, Verdict]:
    """The stale documents of `fingerprints` (`{key: content fingerprint}`), by key, sorted."""
    out: dict[str, Verdict] = {}
    for key in sorted(fingerprints):
        check = (lambda key=key: ir_intact(key)) if ir_intact is not None else True
        verdict = assess(
            stored.get(key),
            fingerprint=fingerprints[key],
            logic=logic,
            ir_intact=check,
            force=force,
            redo_fallbacks=redo_fallbacks,
        )
        if verdict.stale:
            out[key] = verdict
    return out


Action = Literal["skip", "full", "incremental"]


@dataclass(frozen=True)
class Resolution:
    """What a compile with a previous IR does, and why."""

    action: Action
    reason: str


def logic_of(pass_versions: Mapping[str, str]) -> str:
    """One fingerprint of a document's per-pass code versions."""
    return "|".join(f"{k}={v}" for k, v in sorted(pass_versions.items()))


def resolve_action(
    previous_content: str | None,
    previous_versions: Mapping[str, str] | None,
    previous_processing_version: int | None,
    *,
    fingerprint: str,
    versions: Mapping[str, str],
    processing_version: int,
    incremental_ready: bool = True,
    redo_fallbacks: bool = False,
    force: bool = False,
    old_schema: bool = False,
) -> Resolution:
    """Skip, full or incremental, from the previous IR's facts and the current ones.

    The freshness rules decide whether anything is stale; then: new documents, forced
    compiles, a raised processing version and previous IRs without node fingerprints
    (`incremental_ready`) are compiled in full; a changed source, or changed code versions
    of some passes (an option only later passes read), is an incremental update: unchanged
    nodes and unchanged passes are reused. An otherwise current IR with LLM fallbacks is
    updated when a model is configured (`redo_fallbacks`): only the fallen-back nodes are redone.
    A previous IR of another schema (`old_schema`) is rewritten: an incremental update.
    """
    stored = (
        None
        if previous_content is None
        else Stored(previous_content, logic_of(previous_versions or {}))
    )
    verdict = assess(
        stored,
        fingerprint=fingerprint,
        logic=logic_of(versions),
        force=force,
        ir_intact="old" if old_schema else True,
    )
    if verdict.reason == "current" and not redo_fallbacks:
        return Resolution("skip", "current")
    if verdict.reason in ("forced", "new"):
        return Resolution("full", verdict.reason)
    basis = reuse_basis(
        True,
        previous_processing_version,
        processing_version=processing_version,
        incremental_ready=incremental_ready and bool(previous_versions),
    )
    if basis.action == "full":
        return basis
    if verdict.reason == "current":
        return Resolution("incremental", "LLM fallbacks to redo")
    if verdict.reason == "logic changed":
        changed = sorted(k for k, v in versions.items() if (previous_versions or {}).get(k) != v)
        return Resolution("incremental", "logic changed: " + ", ".join(changed))
    return Resolution("incremental", verdict.reason)


def reuse_basis(
    previous_usable: bool,
    previous_processing_version: int | None,
    *,
    processing_version: int,
    incremental_ready: bool,
) -> Resolution:
    """May a compile reuse the previous IR's per-node results? One rule for every path.

    `full` when there is no usable previous IR (absent, unreadable, damaged), when it was
    built under another processing version, or when it predates incremental compilation
    (no node fingerprints); `incremental` otherwise (unchanged subtrees are reused)."""
    if not previous_usable:
        return Resolution("full", "no usable previous IR")
    if previous_processing_version != processing_version:
        return Resolution("full", "processing version changed")
    if not incremental_ready:
        return Resolution("full", "the previous IR predates incremental compilation")
    return Resolution("incremental", "previous IR")
