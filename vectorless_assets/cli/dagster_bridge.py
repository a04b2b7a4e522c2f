"""Send `vectorless compile` through Dagster: partitions and materializations on the local instance.

What the CLI compiled is what `dagster dev` (same `DAGSTER_HOME`) shows; unchanged documents
are skipped by the batched compile's selection (`orchestration.batch.selection`).
"""

from __future__ import annotations

from itertools import groupby
from pathlib import Path
from typing import Any

from vectorless_assets.cli.compile_setup import CompileSetup
from vectorless_assets.cli.output import progress
from vectorless_assets.frontends.discovery import SourceRef
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome


def _changes(ir_path: str | None) -> dict[str, Any] | None:
    """The change set the compile wrote into the IR (`meta.changes`), None if unreadable."""
    from vectorless_assets.ir import IRIntegrityError, load_ir

    try:
        meta = load_ir(ir_path).meta if ir_path else None
    except (OSError, IRIntegrityError):
        return None
    return meta.changes.model_dump() if meta is not None else None


def compile_with_dagster(
    refs: list[SourceRef],
    out: Path,
    options: CompileOptions,
    setup: CompileSetup,
    *,
    force: bool,
    show_progress: bool,
) -> list[DocumentOutcome]:
    """Compile `refs` into `out` with `compile_paths` (one run per documents root), with the
    LLM, cache, concurrency and workers of `setup`; one `DocumentOutcome` each, in order (a
    compiled one with the changes its IR records)."""
    from vectorless_assets.orchestration.compile_paths import compile_paths
    from vectorless_assets.orchestration.storage.instance import local_home, local_instance

    try:
        instance = local_instance()
    # a full or unwritable DAGSTER_HOME: say so, no traceback
    except Exception as exc:  # noqa: BLE001
        problem = (
            f"cannot open the Dagster instance at {local_home()}: "
            f"{str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}"
        )
        progress(problem, enabled=show_progress)
        return [
            DocumentOutcome(status="failed", error=problem, document_key=r.key, path=str(r.path))
            for r in refs
        ]
    total, seen = len(refs), 0
    results: list[DocumentOutcome] = []

    def report(res: DocumentOutcome) -> None:
        nonlocal seen
        seen += 1
        state = {
            "compiled": f"compiled ({res.seconds:.2f} s)",
            "skipped": "unchanged, skipped",
        }.get(res.status, f"FAILED: {res.error}")
        progress(f"[{seen}/{total}] {res.document_key or res.path} {state}", enabled=show_progress)

    for root, group in groupby(refs, key=lambda r: r.root):
        docs = list(group)
        for res in compile_paths(
            docs,
            docs_root=str(root),
            ir_dir=str(out.resolve()),
            options=options,
            instance=instance,
            progress=report,
            force=force,
            llm=setup.llm,
            workers=setup.workers,
            llm_cache=setup.llm_cache,
            llm_concurrency=setup.llm_concurrency,
        ):
            res.changes = _changes(res.ir_path) if res.status == "compiled" else None
            results.append(res)
    return results


def prune_with_dagster(keys: list[str], docs_root: Path, out: Path) -> dict[str, str | None]:
    """Retire the documents `keys` of `docs_root` compiled into `out` as the documents sensor
    does when their sources are deleted (`batch.partitions.forget`): the IR moved to
    `<out>/.deleted/`, the field values deleted and the dynamic partition removed from the
    local instance, so "Materialize all" no longer names them. The new location of each IR
    by key (None: there was none)."""
    from vectorless_assets.orchestration.base.graph import AssetGraph
    from vectorless_assets.orchestration.base.settings import Settings
    from vectorless_assets.orchestration.batch.partitions import forget, partition_key_for
    from vectorless_assets.orchestration.storage.instance import local_instance
    from vectorless_assets.orchestration.storage.io_manager import FieldStore
    from vectorless_assets.orchestration.storage.resources import IRStore

    settings = Settings.create(docs_dir=docs_root, ir_dir=out.resolve())
    names = settings.names
    produced = AssetGraph(settings.table, settings.options, names).produced
    by_partition = {partition_key_for(key): key for key in keys}
    moved = forget(
        local_instance(),
        by_partition,
        IRStore(path=settings.ir_dir),
        FieldStore(settings.fields_dir),
        produced,
        names,
    )
    return {by_partition[pk]: where for pk, where in moved.items()}
