"""One in-process run of `recompile_documents` over given partitions: what `vectorless compile`
runs.

Only what the run executes is built: the `recompile_documents` job (`jobs.recompile`, no
executor of its own: in process) and the four resources its ops read (documents root, IR
store, LLM, chunk lists). No asset graph, sensor, schedule or other definition of the code
location is imported or built. The partitions are registered first, the run covers them in
one chunk, and each document's `DocumentOutcome` reaches `on_report` as soon as the run knows it
(`batch.progress`). Console logging of the run is off: problems come back as text.
"""

from __future__ import annotations

from collections.abc import Callable

import dagster as dg
from dagster._core.utils import make_new_run_id

from vectorless_assets.orchestration.base.keys import DOCUMENTS_TAG
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.partitions import register
from vectorless_assets.orchestration.batch.progress import listen
from vectorless_assets.orchestration.jobs.recompile import (
    build_recompile_job,
    chunk_io_manager,
    recompile_config,
)
from vectorless_assets.orchestration.storage.orphans import process_tags
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore, LLMResource

#: run config silencing the run's console logger
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


def run_problem(result: dg.ExecuteInProcessResult) -> str:
    """The innermost cause of a run that failed outside any document ("No space left on device")."""
    for event in result.all_events:
        if event.is_step_failure and event.step_failure_data and event.step_failure_data.error:
            error = event.step_failure_data.error
            while error.cause is not None:
                error = error.cause
            return error.message.strip().splitlines()[-1]
    return "run failed"


def _resources(settings: Settings) -> dict[str, object]:
    """The resources the job's ops read, under the compiler's resource keys."""
    names = settings.names
    return {
        names.documents: DocumentsRoot(path=settings.docs_dir),
        names.ir_store: IRStore(path=settings.ir_dir),
        names.llm: LLMResource.from_settings(settings),
        names.chunk_io: chunk_io_manager(settings),
    }


def run_recompile(
    settings: Settings,
    instance: dg.DagsterInstance,
    keys: list[str],
    *,
    force: bool,
    on_report: Callable[[str, DocumentOutcome], None],
) -> tuple[str, str | None]:
    """Run `recompile_documents` over the partitions `keys` in this process, on `instance`.

    `on_report(run_id, outcome)` is called with each document's outcome while the run goes
    on. Returns the run id and None when the run succeeded, otherwise the problem: the
    innermost cause of a failed step, or the exception that kept the run from starting (e.g.
    a full `DAGSTER_HOME`). Documents the run never reported are the caller's to fail.
    """
    run_id = make_new_run_id()
    names = settings.names
    try:
        job = build_recompile_job(settings, executor=False)
        register(instance, keys, names)
        config = {**recompile_config(keys, names, force=force, chunk_size=len(keys)), **QUIET}
        with listen(run_id, lambda outcome: on_report(run_id, outcome)):
            run = job.execute_in_process(
                run_config=config,
                instance=instance,
                resources=_resources(settings),
                run_id=run_id,
                raise_on_error=False,
                tags={DOCUMENTS_TAG: str(len(keys)), **process_tags()},
            )
        return run_id, None if run.success else run_problem(run)
    except Exception as exc:  # noqa: BLE001 - e.g. a full DAGSTER_HOME: every document fails with the message
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        return (
            run_id,
            (
                "cannot run the compile (Dagster definitions or instance): "
                f"{type(exc).__name__}: {first}"
            ),
        )
