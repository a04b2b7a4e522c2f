"""The compile plan (`PassTable.plan`): which passes compute some fields and what they read.

One pure function decides it for the compile asset, the batched job and the planner; these
tests pin its rules on the project's table and on a small table of their own.
"""

from __future__ import annotations

import pytest

from vectorless_assets.pipeline.assemble import assembly_reads
from vectorless_assets.pipeline.passspec import ALL, Pass
from vectorless_assets.pipeline.table import TABLE
from vectorless_assets.pipeline.tablespec import PassTable


def _noop(**_: object) -> dict:
    return {}


SMALL = PassTable(
    (
        Pass(
            name="a", run=_noop, reads=("source",), writes=("x",), phase="p", version="1", modes=ALL
        ),
        Pass(
            name="b", run=_noop, reads=("x",), writes=("y", "z"), phase="p", version="1", modes=ALL
        ),
        Pass(
            name="c",
            run=_noop,
            reads=("y",),
            optional_reads=("z", "x"),
            writes=("w",),
            phase="p",
            version="1",
            modes=ALL,
        ),
    )
)


def test_passes_in_table_order_and_a_multi_write_pass_runs_once() -> None:
    plan = SMALL.plan({"w", "z", "y"})
    assert [p.name for p in plan.passes] == ["b", "c"]
    assert plan.writes == {"y", "z", "w"}


def test_loads_are_reads_not_computed_and_never_the_source() -> None:
    plan = SMALL.plan({"w"})
    assert plan.loads == {"y", "z", "x"}
    assert plan.optional == {"z", "x"}  # only read optionally by c
    assert not plan.reads_source
    assert SMALL.plan({"x"}).reads_source and SMALL.plan({"x"}).loads == frozenset()


def test_a_field_both_required_and_optional_is_required() -> None:
    table = SMALL.with_pass(
        Pass(
            name="d",
            run=_noop,
            reads=("x",),
            optional_reads=("y",),
            writes=("v",),
            phase="p",
            version="1",
            modes=ALL,
        ),
        after="c",
    )
    plan = table.plan({"v", "w"})
    assert "x" in plan.loads and "x" not in plan.optional  # d requires what c reads optionally


@pytest.mark.parametrize(
    ("available", "missing"),
    [(None, set()), ({"y", "z", "x"}, set()), ({"y"}, set()), (set(), {"y"})],
)
def test_missing_counts_required_loads_only(available: set[str] | None, missing: set[str]) -> None:
    plan = SMALL.plan({"w"}, available=available)
    assert plan.missing == missing


def test_assembly_reads_every_ir_field_diagnostics_optional() -> None:
    plan = TABLE.plan((), assemble=True)
    assert plan.passes == () and plan.reads_source
    assert plan.loads == set(assembly_reads(TABLE)) - {"source"}
    assert plan.optional == {"validation", "verification"}
    assert plan.missing == frozenset()
    assert TABLE.plan((), assemble=True, available=set()).missing == plan.loads - plan.optional


def test_the_project_table_recomputing_navigation_reads_its_inputs() -> None:
    plan = TABLE.plan({"nav_index", "query_routes"})
    assert [p.name for p in plan.passes] == ["navigation", "route"]
    assert plan.loads == {"tree", "description", "summary"} and plan.optional == {"summary"}
