"""Optional passes that fail: skipped, not fatal (the pass spec's rule), with one diagnostic.

`runner.run_passes` catches an exception of a pass the table does not mark `required`:
its fields take their absent values (the spec's empty value: an optional index is None, a
tree rewrite passes its input through), the failure becomes an error-severity
`Diagnostic` (`failure_diagnostic`: the pass and the exception, in one line) that the
assembled IR carries, and the compile goes on. A required pass that fails still fails the
document (`CompileError`).

The diagnostic is also how a later compile knows the pass failed (`failed_passes`): an
incremental compile never carries over the absent outputs of a failed pass, it runs it again.
"""

from __future__ import annotations

from collections.abc import Iterable

from vectorless_assets.ir.document import Diagnostic

#: `Diagnostic.code` of an optional pass that failed and was skipped.
PASS_FAILED = "pass-failed"


def failure_diagnostic(name: str, writes: Iterable[str], exc: BaseException) -> Diagnostic:
    """The error diagnostic of the optional pass `name` (writing `writes`) that raised `exc`."""
    problem = " ".join(f"{type(exc).__name__}: {exc}".split())[:500]
    return Diagnostic(
        source=name,
        code=PASS_FAILED,
        severity="error",
        message=(
            f"optional pass {name!r} failed and was skipped "
            f"({', '.join(writes)} left empty): {problem}"
        ),
    )


def failed_passes(diagnostics: Iterable[Diagnostic] | None) -> set[str]:
    """The passes `diagnostics` (an IR's) record as failed and skipped."""
    return {d.source for d in diagnostics or () if d.code == PASS_FAILED}
