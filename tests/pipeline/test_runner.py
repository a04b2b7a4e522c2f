"""The runner binds each pass's inputs by the table's precomputed bindings, as `param` names
them, also for a pass that is not a row of the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vectorless_assets.options import CompileOptions
from vectorless_assets.passes.context import PassContext
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
    # absent optional read: its default
    assert seen["tree"] == "the tree" and seen["concepts"] == []


def test_a_pass_outside_the_mode_passes_its_tree_through() -> None:
    state = {"tree_split": "split tree"}
    out = execute_pass(
        TABLE.by_name["optimize"], state, PassContext(options=CompileOptions(mode="fast"))
    )
    assert out == {"tree_optimized": "split tree"}


def test_run_passes_yields_each_pass_with_its_outputs_and_whether_it_ran() -> None:
    from vectorless_assets.pipeline.compile import source_from
    from vectorless_assets.pipeline.runner import PassRun, run_passes

    state: dict[str, Any] = {"source": source_from(b"# A\n\ntext\n", "a.md", None)}
    runs = list(run_passes(state, PassContext(options=CompileOptions(mode="fast")), key="a.md"))
    assert [r.spec.name for r in runs] == [p.name for p in TABLE.passes]
    assert all(isinstance(r, PassRun) for r in runs)
    for run in runs:
        assert run.ran == run.spec.runs_in("fast")
        assert set(run.outputs) == set(run.spec.writes)
        assert all(state[w] is run.outputs[w] for w in run.spec.writes)
    skipped = next(r for r in runs if not r.ran)
    assert skipped.outputs == {w: TABLE.absent_value(w, state) for w in skipped.spec.writes}
