"""The runner binds each pass's inputs by the table's precomputed bindings, as `param` names
them, also for a pass that is not a row of the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vectorless_assets.context import PassContext
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.runner import execute_pass
from vectorless_assets.pipeline.table import TABLE


def test_bindings_name_every_read_as_param_does() -> None:
    for p in TABLE.passes:
        reads, optional = TABLE.bindings[p.name]
        assert reads == tuple((r, TABLE.param(r)) for r in p.reads)
        assert optional == tuple((r, TABLE.param(r)) for r in p.optional_reads)
        assert p.label == f"{p.name}:{p.version}"


def test_a_pass_outside_the_table_gets_its_own_bindings() -> None:
    seen: dict[str, Any] = {}

    def spy(**kwargs: Any) -> list[Any]:
        seen.update(kwargs)
        return []

    row = replace(TABLE.by_name["verify"], run=spy, optional_reads=("concepts",))
    state = {"tree": "the tree", "summary": "unused"}
    out = execute_pass(row, state, PassContext(options=CompileOptions(mode="deep")))
    assert out == {"verification": []}
    assert set(seen) == {"tree", "concepts", "ctx"}
    assert (
        seen["tree"] == "the tree" and seen["concepts"] == []
    )  # absent optional read: its default


def test_a_pass_outside_the_mode_passes_its_tree_through() -> None:
    state = {"tree_split": "split tree"}
    out = execute_pass(
        TABLE.by_name["optimize"], state, PassContext(options=CompileOptions(mode="fast"))
    )
    assert out == {"tree_optimized": "split tree"}
