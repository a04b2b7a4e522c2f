"""Batched recompiles: one run, many documents in chunks, per-partition data versions kept.

The `recompile_documents` job serves the CLI, the documents sensor, the schedules and the
Launchpad: one run for many documents (a run per document costs seconds of run overhead
each, a storm at thousands of documents). Each chunk step compiles its documents with
`batch.document_runs.DocumentRuns` (the code the compile asset's step runs) in the
batched way: per document, read and fingerprint the source (an `AssetObservation` when it
differs from the latest one: the re-observation that heals missed file events), ask
`selection.select_assets` what is stale (nothing, every asset, or the assets whose code version
changed), compute with early cutoff (a pass runs when its code version changed, it was
never materialized, or one of its inputs got a new data version in this run), and record
every computed field of every document as its own partition's materialization with
provenance (`batch.recorder`). `force` recompiles every asset of every listed document.

Fan-out: the `recompile` step registers the documents' partitions and yields one dynamic
output per chunk of at most `chunk_size` documents (default 50); one `recompile_chunk`
step per chunk compiles them (in a process pool when the machine has several cores:
`batch.pool`). In process (the default executor) the chunks run one after another; with
the Celery executor (`executors`, `VECTORLESS_CELERY_BROKER`) every chunk is a task that
any worker runs, with the chunk lists on a shared folder (`storage.chunk_io`).

A compiler with a prefix names the job, both ops and the resources they read with it
(`base.names`: `docs__recompile_documents`, `docs__recompile`, `docs__chunk_io`).

Every computed `validation` / `verification` gets its check evaluated for its document's
partition (`assets.checks`); a verify error keeps `document_ir` unwritten and fails the
document. A failing document never stops the others: each chunk passes its failed documents
(and failed optional passes) on, and the run's last step, `refresh_corpus`, refreshes the
`corpus` table once for the whole run (`assets.corpus`), then fails naming every failed
document of the run.
"""

import hashlib
import os

import dagster as dg

from vectorless_assets.frontends.discovery import discover
from vectorless_assets.orchestration.assets.corpus import corpus_event
from vectorless_assets.orchestration.base.keys import (
    CORPUS_OP,
    DOCUMENTS_TAG,
    RECOMPILE_JOB,
    RECOMPILE_OP,
)
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.document_runs import DocumentRuns
from vectorless_assets.orchestration.batch.partitions import partition_key_for, register
from vectorless_assets.orchestration.batch.tally import failure
from vectorless_assets.orchestration.jobs.executors import batch_executor
from vectorless_assets.orchestration.storage.chunk_io import ChunkIOManager
from vectorless_assets.orchestration.storage.orphans import tag_run_with_process
from vectorless_assets.orchestration.storage.resources import bound

CHUNK_OP = "recompile_chunk"
DEFAULT_CHUNK_SIZE = 50


class RecompileConfig(dg.Config):
    """`documents`: partition keys to consider (empty: every document under the root);
    `force`: recompile every asset of them even when nothing is stale; `chunk_size`: the
    documents of one `recompile_chunk` step (one task of a distributed executor)."""

    documents: list[str] = []
    force: bool = False
    chunk_size: int = DEFAULT_CHUNK_SIZE


def recompile_config(
    keys: list[str], names: Names = STANDALONE, **config: object
) -> dict[str, object]:
    """The run config of `recompile_documents` (of the compiler `names`) over `keys`."""
    return {"ops": {names.name(RECOMPILE_OP): {"config": {"documents": list(keys), **config}}}}


def batch_request(
    keys: list[str],
    *,
    run_key: str | None,
    force: bool = False,
    tags: dict[str, str] | None = None,
    names: Names = STANDALONE,
) -> dg.RunRequest:
    """A run of `recompile_documents` (of the compiler `names`) over `keys` (partition keys)."""
    config = recompile_config(keys, names, force=force)
    return dg.RunRequest(
        run_key=run_key,
        job_name=names.name(RECOMPILE_JOB),
        run_config=config,
        tags={DOCUMENTS_TAG: str(len(keys)), **(tags or {})},
    )


def batch_requests(
    keys: list[str],
    *,
    prefix: str,
    batch_size: int,
    force: bool = False,
    tags: dict[str, str] | None = None,
    names: Names = STANDALONE,
) -> list[dg.RunRequest]:
    """`keys` in runs of at most `batch_size`; run keys `<prefix>:<i>:<digest of the keys>`."""
    out = []
    for i in range(0, len(keys), batch_size):
        chunk = keys[i : i + batch_size]
        digest = hashlib.sha256("\n".join(chunk).encode()).hexdigest()[:12]
        out.append(
            batch_request(
                chunk,
                run_key=f"{prefix}:{i // batch_size}:{digest}",
                force=force,
                tags=tags,
                names=names,
            )
        )
    return out


def chunk_io_manager(settings: Settings) -> ChunkIOManager:
    """The `chunk_io` IO manager (`Names.chunk_io`): chunk lists beside the field values
    (`<fields_dir>/.chunks`)."""
    return ChunkIOManager(base_path=os.path.join(settings.fields_dir, ".chunks"))


def build_recompile_job(settings: Settings, *, executor: bool = True) -> dg.JobDefinition:
    """The `recompile_documents` job: `recompile` fans the documents out in chunks, one
    `recompile_chunk` step each (see module doc). Its executor: `executors.batch_executor()`
    (with `executor` and a broker configured; in process otherwise: the job sets its executor
    itself, a component never sets its host's). Job, op and resource names: `settings.names`."""
    names = settings.names

    @dg.op(
        name=names.name(RECOMPILE_OP),
        out=dg.DynamicOut(dict, io_manager_key=names.chunk_io),
        description=__doc__.split("\n\n")[0],
        required_resource_keys={names.documents},
    )
    def recompile(context: dg.OpExecutionContext, config: RecompileConfig):
        documents = bound(context, names.documents)
        # a killed run is found (storage.orphans)
        tag_run_with_process(context.instance, context.run_id)
        keys = list(
            dict.fromkeys(
                config.documents
                or [partition_key_for(k) for k in discover(documents.path, settings.frontends)]
            )
        )
        register(context.instance, keys, names)
        size = max(1, config.chunk_size)
        for i in range(0, len(keys), size):
            yield dg.DynamicOutput(
                {"documents": keys[i : i + size], "force": config.force},
                mapping_key=f"chunk_{i // size}",
            )

    @dg.op(
        name=names.name(CHUNK_OP),
        out=dg.Out(dict, io_manager_key=names.chunk_io),
        description=(
            "Recompile one chunk of documents in turn (events per document; its failed "
            "documents go to the run's last step)."
        ),
        required_resource_keys={names.documents, names.ir_store, names.llm},
    )
    def recompile_chunk(context: dg.OpExecutionContext, chunk: dict):
        runs = DocumentRuns(context, settings, force=chunk["force"])
        try:
            yield from runs.run(chunk["documents"])
        except dg.Failure:
            if not (runs.tally.failed or runs.tally.skipped_passes):  # not a document's failure
                raise
        yield dg.Output(
            {
                "documents": len(chunk["documents"]),
                "failed": runs.tally.failed,
                "skipped_passes": runs.tally.skipped_passes,
            }
        )

    @dg.op(
        name=names.name(CORPUS_OP),
        out={},
        description=(
            "Refresh the corpus table once for the run, then fail naming the run's failed "
            "documents, if any."
        ),
        required_resource_keys={names.ir_store},
    )
    def refresh_corpus(context: dg.OpExecutionContext, chunks: list[dict]):
        yield corpus_event(context.instance, settings, bound(context, names.ir_store))
        failed = {pk: text for chunk in chunks for pk, text in chunk["failed"].items()}
        skipped = {k: t for chunk in chunks for k, t in chunk.get("skipped_passes", {}).items()}
        problem = failure(failed, sum(chunk["documents"] for chunk in chunks), skipped)
        if problem is not None:
            raise problem

    chosen = (batch_executor() if executor else None) or dg.in_process_executor

    @dg.job(
        name=names.name(RECOMPILE_JOB),
        description=(
            "Recompile what is stale (or everything with `force`) for a list of "
            "documents, in one run (chunks of documents, one step each)."
        ),
        executor_def=chosen,
    )
    def recompile_documents():
        refresh_corpus(recompile().map(recompile_chunk).collect())

    return recompile_documents
