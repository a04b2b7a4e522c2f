"""EnrichPass: page ranges up, references resolved, document description."""

from __future__ import annotations

from vectorless_assets.frontends.raw import ParsedDocument
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree_enhanced: DocumentTree, parsed: ParsedDocument, summary: str, env: PassEnv) -> tuple[DocumentTree, str]:
    """Page ranges up, references resolved, document description.

    STUB: to be implemented (issue 3).
    """
    return tree_enhanced, parsed.description
