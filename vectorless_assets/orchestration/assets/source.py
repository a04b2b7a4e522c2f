"""The documents themselves: a partitioned observable source asset.

Its data version per partition is the content fingerprint of the file; observing it (the
"Observe" button, or the sensor's and batched runs' own observations) reads every registered
document. A partition key that would lead outside the documents root is reported, never read.

Do not add `from __future__ import annotations` here: Dagster reads the context annotation.
"""

import warnings

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.assets.partitions import DOCUMENTS, document_key_for
from vectorless_assets.orchestration.base.keys import SOURCE, SOURCE_GROUP
from vectorless_assets.orchestration.storage.resources import DocumentsRoot


def build_source_asset() -> dg.SourceAsset:
    """The observable `source` asset (one partition per document)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dg.BetaWarning)
        return _source_asset()


def _source_asset() -> dg.SourceAsset:
    @dg.observable_source_asset(
        name=SOURCE,
        partitions_def=DOCUMENTS,
        group_name=SOURCE_GROUP,
        description="The source documents' bytes (one partition per document); the data version is the content fingerprint. Observing reads every registered document.",
    )
    def source(
        context: dg.AssetExecutionContext, documents: DocumentsRoot
    ) -> dg.DataVersionsByPartition:
        versions: dict[str, str] = {}
        for partition_key in context.instance.get_dynamic_partitions(DOCUMENTS.name):
            key = document_key_for(partition_key)
            try:
                versions[partition_key] = content_fingerprint(documents.read(key))
            except (OSError, ValueError) as exc:
                context.log.warning(
                    f"{key}: missing, unreadable or outside the documents root ({exc})"
                )
        return dg.DataVersionsByPartition(versions)

    return source
