"""The documents themselves: a partitioned observable source asset.

Its data version per partition is the content fingerprint of the file; observing it (the
"Observe" button, or the sensor's and batched runs' own observations) reads every registered
document. A partition key that would lead outside the documents root is reported, never read.

Do not add `from __future__ import annotations` here: Dagster reads the context annotation.
"""

import warnings

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.base.keys import SOURCE, SOURCE_GROUP
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch.partitions import document_key_for
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, bound


def build_source_asset(names: Names = STANDALONE) -> dg.SourceAsset:
    """The observable `source` asset of the compiler `names` (one partition per document)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dg.BetaWarning)
        return _source_asset(names)


def _source_asset(names: Names) -> dg.SourceAsset:
    @dg.observable_source_asset(
        key=names.key(SOURCE),
        partitions_def=names.partitions,
        group_name=names.name(SOURCE_GROUP),
        io_manager_key=names.io_manager,
        required_resource_keys={names.documents},
        description=(
            "The source documents' bytes (one partition per document); the data "
            "version is the content fingerprint. Observing reads every registered "
            "document."
        ),
    )
    def source(context: dg.AssetExecutionContext) -> dg.DataVersionsByPartition:
        documents: DocumentsRoot = bound(context, names.documents)
        versions: dict[str, str] = {}
        for partition_key in context.instance.get_dynamic_partitions(names.partitions_name):
            key = document_key_for(partition_key)
            try:
                versions[partition_key] = content_fingerprint(documents.read(key))
            except (OSError, ValueError) as exc:
                context.log.warning(
                    f"{key}: missing, unreadable or outside the documents root ({exc})"
                )
        return dg.DataVersionsByPartition(versions)

    return source
