"""The `corpus` asset: the documents as one table, refreshed once per batched run.

A non-partitioned asset downstream of every document's `document_ir`: the frame
`corpus_frame.corpus_frame` builds from the instance (one row per document: key, format,
pages, sections, depth, tokens, mode, LLM calls and tokens, last compiled, freshness, check
status, IR path). Its materialization carries, for the UI:

* the column schema (`dagster/column_schema`, a `TableSchema`) and `dagster/row_count`;
* `preview`: a `MetadataValue.table` of the first `PREVIEW_ROWS` documents plus up to
  `ATTENTION_ROWS` of those needing attention (a failed check, or no IR: never compiled or
  every compile failed), with `not_shown` counting the rest, so the event stays a few tens
  of kilobytes at 100,000 documents;
* numbers worth plotting over time: `documents`, `pages`, `failed_checks`, `stale`,
  `llm_tokens`, and the documents per freshness reason (`freshness`);
* `path`: the whole frame as CSV (`<fields_dir>/corpus/corpus.csv`), for pandas (beside it,
  `rows.json`: what earlier refreshes read from the instance, `corpus_frame.RowCache`).

Who refreshes it: the last step of every `recompile_documents` run (the CLI, the sensor, the
schedules, the Launchpad: `jobs.recompile`), once per run whatever its number of documents,
and "Materialize" on the asset in the UI (a "Materialize all" backfill includes it after the
documents). Runs of single partitions of the compile asset do not.

Do not add `from __future__ import annotations` here: Dagster resolves the annotations.
"""

from typing import Any

import dagster as dg
from upath import UPath

from vectorless_assets.ir.corpus import as_records, columns
from vectorless_assets.ir.durable import atomic_write_bytes
from vectorless_assets.orchestration.assets.corpus_frame import FAILED, corpus_frame
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import CORPUS, DOCUMENT_GROUP, DOCUMENT_IR
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.storage.resources import IRStore, bound

#: documents shown first in the preview, and at most this many more needing attention
PREVIEW_ROWS = 20
ATTENTION_ROWS = 50
_TYPES = {"string": "string", "int": "int", "datetime": "string"}


def table_schema() -> dg.TableSchema:
    """The frame's columns as Dagster shows them (`ir.corpus.columns`)."""
    return dg.TableSchema(
        columns=[
            dg.TableColumn(name, _TYPES[kind], description=text)
            for name, kind, text in columns(with_instance=True)
        ]
    )


def corpus_metadata(frame: Any, path: str) -> dict[str, Any]:
    """The materialization metadata of `frame` (see module doc), the CSV at `path`."""
    attention = frame["checks"].str.startswith(FAILED).fillna(False) | (frame["freshness"] == "new")
    first = frame.head(PREVIEW_ROWS)
    more = frame[attention & ~frame.index.isin(first.index)].head(ATTENTION_ROWS)
    shown = frame.loc[list(first.index) + list(more.index)]
    schema = table_schema()
    freshness = frame["freshness"].value_counts().to_dict()
    return {
        "dagster/column_schema": schema,
        "dagster/row_count": len(frame),
        "preview": dg.MetadataValue.table(
            [dg.TableRecord(row) for row in as_records(shown)], schema=schema
        ),
        "not_shown": len(frame) - len(shown),
        "documents": len(frame),
        "pages": int(frame["pages"].sum()),
        "failed_checks": int(frame["checks"].str.startswith(FAILED).fillna(False).sum()),
        "stale": int((frame["freshness"] != "current").sum()),
        "llm_tokens": int(frame["llm_tokens"].sum()),
        "freshness": dg.MetadataValue.json({str(k): int(v) for k, v in freshness.items()}),
        "path": dg.MetadataValue.path(path),
    }


def write_csv(frame: Any, fields_dir: str) -> str:
    """The whole frame as `<fields_dir>/corpus/corpus.csv` (atomically on a local disk)."""
    target = UPath(fields_dir) / CORPUS / f"{CORPUS}.csv"
    data = frame.to_csv(index=False).encode("utf-8")
    if target.protocol not in ("", "file", "local"):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        return str(target)
    return str(atomic_write_bytes(target.path, data))  # a regular file of its own only


def refresh(instance: dg.DagsterInstance, settings: Settings, ir_store: IRStore) -> dict[str, Any]:
    """Build the frame from `instance`, write its CSV, and return the materialization's
    metadata: what the asset and the batched job's last step record."""
    graph = AssetGraph(settings.table, settings.options, settings.names)
    cache = str(UPath(settings.fields_dir) / CORPUS / "rows.json")
    frame = corpus_frame(instance, graph, ir_store, cache_path=cache)
    return corpus_metadata(frame, write_csv(frame, settings.fields_dir))


def corpus_event(
    instance: dg.DagsterInstance, settings: Settings, ir_store: IRStore
) -> dg.AssetMaterialization:
    """The `corpus` materialization a batched run ends with."""
    return dg.AssetMaterialization(
        settings.names.key(CORPUS), metadata=refresh(instance, settings, ir_store)
    )


def build_corpus_asset(settings: Settings) -> dg.AssetsDefinition:
    """The `corpus` asset of the compiler `settings.names` (materializable on its own)."""
    names = settings.names

    @dg.asset(
        key=names.key(CORPUS),
        deps=[names.key(DOCUMENT_IR)],
        group_name=names.name(DOCUMENT_GROUP),
        description=__doc__.split("\n\n")[0],
        kinds={"pandas"},
        required_resource_keys={names.ir_store},
    )
    def corpus(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
        ir_store: IRStore = bound(context, names.ir_store)
        return dg.MaterializeResult(metadata=refresh(context.instance, settings, ir_store))

    return corpus
