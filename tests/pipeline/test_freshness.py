"""Truth tables of the freshness rules (`pipeline.freshness`), which every path decides with.

Each table starts from one row whose answer is "current"/"skip" and varies one input at a
time; the precedence rows then set two rules' inputs at once (the earlier rule wins).
"""

from __future__ import annotations

from typing import Any

import pytest

from vectorless_assets.pipeline.freshness import (
    REASONS,
    Resolution,
    Stored,
    assess,
    assess_many,
    resolve_action,
    reuse_basis,
)

STORED = Stored("content", "logic")
BASE: dict[str, Any] = {
    "stored": STORED,
    "fingerprint": "content",
    "logic": "logic",
    "ir_intact": True,
    "observed": None,
    "force": False,
    "redo_fallbacks": False,
}
DEGRADED = Stored("content", "logic", llm_degraded=True)

#: (inputs changed from BASE, expected reason)
ASSESS_ROWS: list[tuple[dict[str, Any], str]] = [
    ({}, "current"),
    ({"force": True}, "forced"),
    ({"stored": None}, "new"),
    ({"fingerprint": "edited"}, "source changed"),
    ({"observed": "edited"}, "source changed"),
    ({"observed": "content"}, "current"),
    ({"stored": Stored("older", "logic")}, "source changed"),
    ({"ir_intact": False}, "IR missing"),
    ({"ir_intact": "missing"}, "IR missing"),
    ({"ir_intact": "damaged"}, "IR damaged"),
    ({"ir_intact": "intact"}, "current"),
    ({"ir_intact": "old"}, "old schema"),
    ({"ir_intact": "old", "logic": "other"}, "old schema"),
    ({"fingerprint": "edited", "ir_intact": "old"}, "source changed"),
    ({"ir_intact": lambda: "damaged"}, "IR damaged"),
    ({"ir_intact": lambda: True}, "current"),
    ({"logic": "other mode"}, "logic changed"),
    ({"stored": Stored("content", "older logic")}, "logic changed"),
    ({"stored": Stored("content", "logic", ir_stamp="s")}, "current"),
    ({"stored": DEGRADED}, "current"),
    ({"redo_fallbacks": True}, "current"),
    ({"stored": DEGRADED, "redo_fallbacks": True}, "LLM fallbacks"),
    ({"stored": DEGRADED, "redo_fallbacks": lambda: True}, "LLM fallbacks"),
    ({"stored": DEGRADED, "redo_fallbacks": lambda: False}, "current"),
    ({"ir_intact": "unkeyed"}, "IR predates its key"),
    ({"ir_intact": lambda: "unkeyed"}, "IR predates its key"),
    # precedence: the earlier rule is the reason
    ({"force": True, "stored": None}, "forced"),
    ({"stored": None, "ir_intact": "damaged"}, "new"),
    ({"fingerprint": "edited", "ir_intact": False}, "source changed"),
    ({"fingerprint": "edited", "logic": "other"}, "source changed"),
    ({"ir_intact": False, "logic": "other"}, "IR missing"),
    ({"ir_intact": "damaged", "logic": "other"}, "IR damaged"),
    ({"logic": "other", "stored": Stored("content", "logic", llm_degraded=True)}, "logic changed"),
    ({"ir_intact": "damaged", "stored": DEGRADED, "redo_fallbacks": True}, "IR damaged"),
    ({"ir_intact": "unkeyed", "logic": "other"}, "logic changed"),
    ({"ir_intact": "unkeyed", "stored": DEGRADED, "redo_fallbacks": True}, "LLM fallbacks"),
]


@pytest.mark.parametrize(("changes", "reason"), ASSESS_ROWS)
def test_assess(changes: dict[str, Any], reason: str) -> None:
    inputs = {**BASE, **changes}
    verdict = assess(inputs.pop("stored"), **inputs)
    assert verdict.reason == reason and verdict.stale == (reason != "current")


def test_the_table_reaches_every_reason() -> None:
    assert sorted({reason for _, reason in ASSESS_ROWS}) == sorted(REASONS)
    assert len(REASONS) == 10


def never() -> Any:
    raise AssertionError("asked although an earlier rule decided")


@pytest.mark.parametrize(
    "changes",
    [
        {"force": True, "ir_intact": never, "redo_fallbacks": never},
        {"stored": None, "ir_intact": never, "redo_fallbacks": never},
        {"fingerprint": "edited", "ir_intact": never, "redo_fallbacks": never},
        {"ir_intact": "damaged", "stored": DEGRADED, "redo_fallbacks": never},
        {"logic": "other", "stored": DEGRADED, "redo_fallbacks": never},
        {"redo_fallbacks": never},  # not degraded: the LLM is not probed
    ],
)
def test_callables_are_asked_only_when_needed(changes: dict[str, Any]) -> None:
    inputs = {**BASE, **changes}
    assess(inputs.pop("stored"), **inputs)


def test_assess_many_returns_the_stale_documents_sorted() -> None:
    stored = {"b": STORED, "c": STORED, "d": Stored("content", "old")}
    asked: list[str] = []

    def intact(key: str) -> bool:
        asked.append(key)
        return key != "c"

    got = assess_many(
        stored,
        {"d": "content", "c": "content", "b": "content", "a": "x"},
        logic="logic",
        ir_intact=intact,
    )
    assert {k: v.reason for k, v in got.items()} == {
        "a": "new",
        "c": "IR missing",
        "d": "logic changed",
    }
    assert list(got) == ["a", "c", "d"] and asked == ["b", "c", "d"]
    assert list(assess_many(stored, {"b": "content"}, logic="logic", force=True)) == ["b"]


V = {"parse": "1", "score": "2"}
ACTION_BASE: dict[str, Any] = {
    "previous_content": "content",
    "previous_versions": V,
    "previous_processing_version": 3,
    "fingerprint": "content",
    "versions": V,
    "processing_version": 3,
    "incremental_ready": True,
    "redo_fallbacks": False,
    "force": False,
}
#: (inputs changed from ACTION_BASE, expected action, expected reason)
ACTION_ROWS: list[tuple[dict[str, Any], str, str]] = [
    ({}, "skip", "current"),
    ({"redo_fallbacks": True}, "incremental", "LLM fallbacks to redo"),
    ({"force": True}, "full", "forced"),
    ({"previous_content": None}, "full", "new"),
    ({"previous_content": None, "previous_versions": None}, "full", "new"),
    ({"fingerprint": "edited"}, "incremental", "source changed"),
    ({"versions": {"parse": "1", "score": "3"}}, "incremental", "logic changed: score"),
    ({"versions": {**V, "route": "1"}}, "incremental", "logic changed: route"),
    ({"previous_versions": {}}, "full", "the previous IR predates incremental compilation"),
    ({"previous_versions": None}, "full", "the previous IR predates incremental compilation"),
    ({"processing_version": 4}, "skip", "current"),  # same pass versions: nothing stale
    ({"processing_version": 4, "fingerprint": "edited"}, "full", "processing version changed"),
    ({"processing_version": 4, "redo_fallbacks": True}, "full", "processing version changed"),
    ({"previous_processing_version": None, "force": True}, "full", "forced"),
    ({"incremental_ready": False}, "skip", "current"),
    (
        {"incremental_ready": False, "fingerprint": "edited"},
        "full",
        "the previous IR predates incremental compilation",
    ),
    ({"force": True, "fingerprint": "edited"}, "full", "forced"),
]


@pytest.mark.parametrize(("changes", "action", "reason"), ACTION_ROWS)
def test_resolve_action(changes: dict[str, Any], action: str, reason: str) -> None:
    inputs = {**ACTION_BASE, **changes}
    args = (
        inputs.pop("previous_content"),
        inputs.pop("previous_versions"),
        inputs.pop("previous_processing_version"),
    )
    assert resolve_action(*args, **inputs) == Resolution(action, reason)


@pytest.mark.parametrize(
    ("usable", "previous", "ready", "expected"),
    [
        (True, 3, True, Resolution("incremental", "previous IR")),
        (False, 3, True, Resolution("full", "no usable previous IR")),
        (True, 2, True, Resolution("full", "processing version changed")),
        (True, None, True, Resolution("full", "processing version changed")),
        (
            True,
            3,
            False,
            Resolution("full", "the previous IR predates incremental compilation"),
        ),
        (False, 2, False, Resolution("full", "no usable previous IR")),
        (True, 2, False, Resolution("full", "processing version changed")),
    ],
)
def test_reuse_basis(usable: bool, previous: int | None, ready: bool, expected: Resolution) -> None:
    assert reuse_basis(usable, previous, processing_version=3, incremental_ready=ready) == expected
