"""ValidatePass: structural warnings on the final tree (never fatal)."""

from __future__ import annotations

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, env: PassEnv) -> list[Diagnostic]:
    """Structural warnings on the final tree (never fatal).

    STUB: to be implemented (issue 3).
    """
    return []
