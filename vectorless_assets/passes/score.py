"""ScorePass: per-leaf evidence scores (density, data richness, specificity)."""

from __future__ import annotations

from vectorless_assets.ir.indexes import EvidenceScoreMap
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, env: PassEnv) -> EvidenceScoreMap:
    """Per-leaf evidence scores (density, data richness, specificity).

    STUB: to be implemented (issue 3).
    """
    return EvidenceScoreMap()
