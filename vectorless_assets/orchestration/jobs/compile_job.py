"""The `compile_documents` job: the compile multi-asset, one run per document partition."""

from __future__ import annotations

import dagster as dg

from vectorless_assets.orchestration.base.keys import COMPILE_JOB
from vectorless_assets.orchestration.base.names import STANDALONE, Names


def build_compile_job(
    compile_asset: dg.AssetsDefinition, names: Names = STANDALONE
) -> dg.UnresolvedAssetJobDefinition:
    """The asset job over `compile_asset` (any subset of its fields can be selected; its
    partitions are the compile asset's, the documents), named for the compiler `names`; it
    runs in process (its own executor: a component never sets the host's)."""
    return dg.define_asset_job(
        names.name(COMPILE_JOB),
        executor_def=dg.in_process_executor,
        selection=dg.AssetSelection.assets(compile_asset),
        description="Compile documents (one run per document partition).",
    )
