"""The pass runner: the one loop that runs passes, used by every path.

`compile_document` (in process), the Dagster compile step and the batched recompile job all
run passes through `run_passes`: it binds each pass's inputs from the state (tree versions
as `tree`, optional reads as their empty defaults when absent), skips passes the mode does
not run (their fields get `PassTable.absent_value`), times the passes that ran into
`ctx.durations`, carries over a pass's previous outputs when the context's `reuse` allows
it (code version and inputs unchanged: `pipeline.incremental`), and turns any failure of a
required pass into one `CompileError` naming the document and the pass. Callers wrap that
error as their layer needs (re-raise, `dg.Failure`, a per-document entry in a batch report).
An optional pass that fails is skipped, not fatal (`pipeline.passfailure`): its fields take
their absent values, `ctx.pass_failures` gets its error diagnostic (the IR carries it) and
its `PassRun.error` says why.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

from vectorless_assets.ir.errors import CompileError, SourceError
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.passfailure import failure_diagnostic
from vectorless_assets.pipeline.table import TABLE, Pass, PassTable


class PassRun(NamedTuple):
    """One pass's outcome: the fields it wrote and whether it really ran (else absent values).

    (A named tuple: immutable, and built in a third of a frozen dataclass's time, once per
    pass of every compile.)
    """

    spec: Pass
    outputs: dict[str, Any]
    ran: bool
    #: an optional pass that failed: the diagnostic's message (its outputs are absent values)
    error: str | None = None


def execute_pass(
    spec: Pass, state: MutableMapping[str, Any], ctx: PassContext, table: PassTable = TABLE
) -> dict[str, Any]:
    """Run one pass on `state` (fields by name) and return the fields it writes.

    A pass outside the options' mode returns its fields' absent values (tree versions pass
    through, optional indexes are None, required ones empty).
    """
    if ctx.options.mode not in spec.modes:
        return {w: table.absent_value(w, state) for w in spec.writes}
    return _call(spec, state, ctx, table)


def _call(
    spec: Pass, state: MutableMapping[str, Any], ctx: PassContext, table: PassTable
) -> dict[str, Any]:
    """Run `spec` (it runs in the mode) with its inputs bound from `state`."""
    reads, optional = (
        table.bindings[spec.name]
        if table.by_name.get(spec.name) is spec
        else _bindings(spec, table)
    )
    kwargs = {param: state[field] for field, param in reads}
    for field, param in optional:
        kwargs[param] = state[field] if field in state else table.absent_value(field, state)
    result = spec.run(**kwargs, ctx=ctx)
    writes = spec.writes
    if len(writes) == 1:
        return {writes[0]: result}
    return dict(zip(writes, result, strict=True))


def _bindings(
    spec: Pass, table: PassTable
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """`table.bindings` of a pass that is not a row of `table` (its fields bound the same way)."""
    return tuple((r, table.param(r)) for r in spec.reads), tuple(
        (r, table.param(r)) for r in spec.optional_reads
    )


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
    Raises `CompileError(key, problem, pass_name)` for any failure of a required pass; an
    optional pass that fails yields its absent values with `error` set (module docstring).
    """
    mode = ctx.options.mode
    reuse = ctx.reuse
    durations = ctx.durations
    clock = time.perf_counter
    for spec in table.passes:
        if select is not None and not select(spec):
            continue
        t0 = clock()
        ctx.current_pass = spec.label
        ran = mode in spec.modes
        reused = reuse.outputs(spec, state, table) if reuse is not None and ran else None
        try:
            if reused is not None:
                outputs = reused
            elif ran:
                outputs = _call(spec, state, ctx, table)
            else:
                outputs = {w: table.absent_value(w, state) for w in spec.writes}
        except Exception as exc:
            if spec.required:
                raise _compile_error(key, spec, exc) from exc
            failure = failure_diagnostic(spec.name, spec.writes, exc)
            ctx.pass_failures.append(failure)
            outputs = {w: table.absent_value(w, state) for w in spec.writes}
            state.update(outputs)
            yield PassRun(spec, outputs, False, failure.message)
            continue
        if ran:
            durations[spec.name] = (clock() - t0) * 1000
        state.update(outputs)
        yield PassRun(spec, outputs, ran)


def _compile_error(key: str, spec: Pass, exc: Exception) -> CompileError:
    """The one-line `CompileError` of a required pass's failure (naming document and pass)."""
    if isinstance(exc, CompileError):
        return CompileError(key, exc.problem, pass_name=exc.pass_name or spec.name)
    if isinstance(exc, SourceError):
        return CompileError(key, str(exc), pass_name=spec.name)
    if isinstance(exc, RecursionError):
        return CompileError(key, "document nesting too deep to process", pass_name=spec.name)
    if isinstance(exc, MemoryError):
        return CompileError(key, "out of memory", pass_name=spec.name)
    # a bug in a pass: still one line naming document and pass
    return CompileError(key, f"{type(exc).__name__}: {exc}", pass_name=spec.name)


def errors_in(diagnostics: Any) -> list[Any]:
    """The error-severity findings among `diagnostics` (a list, or None)."""
    return [d for d in diagnostics or () if d.severity == "error"]


def verify_errors(state: Mapping[str, Any]) -> list[Any]:
    """The one rule for "verify failed": the error-severity findings of the `verification`
    field (an IR with one is never assembled or written, on every path)."""
    return errors_in(state.get("verification"))
