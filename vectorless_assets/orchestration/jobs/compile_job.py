"""The `compile_documents` job: the compile multi-asset, one run per document partition."""

from __future__ import annotations

import dagster as dg

from vectorless_assets.orchestration.base.keys import COMPILE_JOB


def build_compile_job(compile_asset: dg.AssetsDefinition) -> dg.UnresolvedAssetJobDefinition:
    """The asset job over `compile_asset` (any subset of its fields can be selected; its
    partitions are the compile asset's, the documents)."""
    return dg.define_asset_job(
        COMPILE_JOB,
        selection=dg.AssetSelection.assets(compile_asset),
        description="Compile documents (one run per document partition).",
    )
