"""What one step's documents came to, told as it goes, and the step's failure at the end.

`StepTally` keeps the documents of a step that failed (`failed`: partition -> "<key>
[<pass>]: problem") and the optional passes that failed while their IRs were written
(`skipped_passes`), counts the compiled documents, logs each problem, and hands every
document's `DocumentOutcome` to the run's in-process listener (`progress`: the CLI) as soon
as it is known. `failure` is the step failure naming them, raised at the end of the step
(`StepTally.end`) or, for the batched job, by its last step over all its chunks.
"""

from __future__ import annotations

import dagster as dg

from vectorless_assets.orchestration.batch import progress
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.partitions import document_key_for


def failure(
    failed: dict[str, str], total: int, skipped_passes: dict[str, str] | None = None
) -> dg.Failure | None:
    """The step failure naming the `failed` documents (`{partition: problem}`) of `total` and
    the optional passes that failed (`{"<partition> [<pass>]": problem}`, their IRs written;
    None: nothing failed): the problem itself for one document, else counts, and the first
    50 in the metadata."""
    skipped_passes = skipped_passes or {}
    problems = {**failed, **skipped_passes}
    if not problems:
        return None
    shown = {pk[:120]: text[:300] for pk, text in list(problems.items())[:50]}
    only = next(iter(problems.values())) if total == 1 else None
    skipped = (
        f"; {len(skipped_passes)} optional passes failed (their IRs written)"
        if skipped_passes
        else ""
    )
    return dg.Failure(
        description=only or f"{len(failed)} of {total} documents failed{skipped}",
        metadata=shown,
        allow_retries=False,
    )


class StepTally:
    """The outcomes of one step's documents (`context`: the step's), as the module says."""

    def __init__(self, context: dg.OpExecutionContext) -> None:
        self.context = context
        self.failed: dict[str, str] = {}
        #: "<partition> [<pass>]" -> problem: optional passes that failed (`compute`)
        self.skipped_passes: dict[str, str] = {}
        self.compiled = 0

    def report(self, outcome: DocumentOutcome) -> None:
        """Hand `outcome` to the run's listener, if any."""
        progress.report(self.context.run.run_id, outcome)

    def fail(self, outcome: DocumentOutcome, problem: str, pass_name: str | None = None) -> None:
        """`outcome`'s document failed with `problem` (in `pass_name`): logged, reported."""
        pk, where = outcome.partition_key, f" [{pass_name}]" if pass_name else ""
        self.failed[pk] = f"{document_key_for(pk)}{where}: {problem}"
        self.context.log.error(self.failed[pk])
        self.report(outcome.failed(problem, pass_name))

    def recorded(self, outcome: DocumentOutcome, reason: str) -> None:
        """A computed document whose fields were recorded: failed (its error), else compiled
        or skipped with `reason`, and each optional pass that failed named (its IR is
        written)."""
        if outcome.error is not None:
            self.fail(outcome, outcome.error, outcome.pass_name)
            return
        pk = outcome.partition_key
        for pass_name, message in outcome.failed_passes.items():
            self.skipped_passes[f"{pk} [{pass_name}]"] = f"{document_key_for(pk)}: {message}"
            self.context.log.error(self.skipped_passes[f"{pk} [{pass_name}]"])
        self.report(outcome.recorded(reason))
        self.compiled += outcome.status == "compiled"

    def end(self, total: int) -> None:
        """The step's last word on its `total` documents: a count logged, and the step
        failure raised when a document or an optional pass failed."""
        self.context.log.info(
            f"{self.compiled} of {total} documents compiled, {len(self.failed)} failed"
        )
        problem = failure(self.failed, total, self.skipped_passes)
        if problem is not None:
            raise problem
