"""The pass runner: the one loop that runs passes, used by every path.

`compile_document` (in process), the Dagster compile step and the batched recompile job all
run passes through `run_passes`: it binds each pass's inputs from the state (tree versions
as `tree`, optional reads as their empty defaults when absent), skips passes the mode does
not run (their fields get `PassTable.absent_value`), times the passes that ran into
`ctx.durations`, carries over a pass's previous outputs when the context's `reuse` allows
it (code version and inputs unchanged: `pipeline.incremental`), and turns any failure into one `CompileError` naming the document and the
pass. Callers wrap that error as their layer needs (re-raise, `dg.Failure`, a per-document
entry in a batch report).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

from vectorless_assets.context import PassContext
from vectorless_assets.errors import CompileError, SourceError
from vectorless_assets.pipeline.table import TABLE, Pass, PassTable


@dataclass(frozen=True)
class PassRun:
    """One pass's outcome: the fields it wrote and whether it really ran (else absent values)."""

    spec: Pass
    outputs: dict[str, Any]
    ran: bool


def execute_pass(spec: Pass, state: MutableMapping[str, Any], ctx: PassContext, table: PassTable = TABLE) -> dict[str, Any]:
    """Run one pass on `state` (fields by name) and return the fields it writes.

    A pass outside the options' mode returns its fields' absent values (tree versions pass
    through, optional indexes are None, required ones empty).
    """
    if not spec.runs_in(ctx.options.mode):
        return {w: table.absent_value(w, state) for w in spec.writes}
    kwargs = {table.param(r): state[r] for r in spec.reads}
    for r in spec.optional_reads:
        kwargs[table.param(r)] = state[r] if r in state else table.absent_value(r, state)
    result = spec.run(**kwargs, ctx=ctx)
    values = result if len(spec.writes) > 1 else (result,)
    return dict(zip(spec.writes, values, strict=True))


def run_passes(
    state: MutableMapping[str, Any],
    ctx: PassContext,
    *,
    key: str,
    table: PassTable = TABLE,
    select: Callable[[Pass], bool] | None = None,
) -> Iterator[PassRun]:
    """Run the table's passes in order on `state`, yielding after each one.

    `select(spec)` is asked just before each pass (so it may look at what earlier passes
    yielded); a pass it declines is not run and its fields are left as they are in `state`.
    Raises `CompileError(key, problem, pass_name)` for any failure of a pass.
    """
    for spec in table.passes:
        if select is not None and not select(spec):
            continue
        t0 = time.perf_counter()
        ctx.current_pass = f"{spec.name}:{spec.version}"
        reused = ctx.reuse.outputs(spec, state, table) if ctx.reuse is not None and spec.runs_in(ctx.options.mode) else None
        try:
            outputs = reused if reused is not None else execute_pass(spec, state, ctx, table)
        except CompileError as exc:
            raise CompileError(key, exc.problem, pass_name=exc.pass_name or spec.name) from exc
        except SourceError as exc:
            raise CompileError(key, str(exc), pass_name=spec.name) from exc
        except RecursionError as exc:
            raise CompileError(key, "document nesting too deep to process", pass_name=spec.name) from exc
        except MemoryError as exc:
            raise CompileError(key, "out of memory", pass_name=spec.name) from exc
        except Exception as exc:  # a bug in a pass: still one line naming document and pass
            raise CompileError(key, f"{type(exc).__name__}: {exc}", pass_name=spec.name) from exc
        ran = spec.runs_in(ctx.options.mode)
        if ran:
            ctx.durations[spec.name] = (time.perf_counter() - t0) * 1000
        state.update(outputs)
        yield PassRun(spec, outputs, ran)
