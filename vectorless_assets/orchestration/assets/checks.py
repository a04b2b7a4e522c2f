"""Validate and verify as partitioned asset checks: one result per document.

* `validate` checks the `validation` asset and only warns (severity WARN, not blocking):
  it fails when the validate pass reported warnings or errors.
* `verify` checks the `verification` asset and is blocking (severity ERROR): an
  error-severity finding (e.g. an empty tree) fails it, and `document_ir`, the only
  consumer of `verification`, is not materialized (its IR file is not written: `compute`).

The checks are partitioned like the assets (`AssetCheckSpec(partitions_def=...)`, a preview
feature of Dagster 1.13), so the UI shows each document's own result and history. Every
compiling step records one evaluation per computed document and check
(`batch.evaluations`).
"""

from __future__ import annotations

import warnings

import dagster as dg

from vectorless_assets.orchestration.base.keys import VALIDATE_CHECK, VERIFY_CHECK
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch.evaluations import CHECKED_FIELD


def check_specs(names: Names = STANDALONE) -> list[dg.AssetCheckSpec]:
    """The two checks on the compiler `names`' `validation` / `verification` assets, one
    result per document partition."""
    with warnings.catch_warnings():  # partitioned checks are a preview feature (docs/dagster.md)
        warnings.simplefilter("ignore", dg.PreviewWarning)
        return [
            dg.AssetCheckSpec(
                VALIDATE_CHECK,
                asset=names.key(CHECKED_FIELD[VALIDATE_CHECK]),
                partitions_def=names.partitions,
                description=(
                    "Structural warnings of the validate pass on the document's final tree "
                    "(warns, never blocks)."
                ),
            ),
            dg.AssetCheckSpec(
                VERIFY_CHECK,
                asset=names.key(CHECKED_FIELD[VERIFY_CHECK]),
                partitions_def=names.partitions,
                blocking=True,
                description=(
                    "The verify pass found no error in the document (a non-empty tree); "
                    "blocks its `document_ir` when it fails."
                ),
            ),
        ]
