"""VerifyPass: the required final check of the compiled output."""

from __future__ import annotations

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.indexes import Concept
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.env import PassEnv


def run(*, tree: DocumentTree, summary: str, concepts: list[Concept], env: PassEnv) -> list[Diagnostic]:
    """Check that the tree exists and has nodes (error); warn on an empty summary or no concepts.

    An error-severity finding fails the compile (and blocks `document_ir` in Dagster).
    """
    out: list[Diagnostic] = []
    if not tree.nodes:
        return [Diagnostic(source="verify", code="empty_tree", message="the tree has no nodes", severity="error")]
    if not summary.strip():
        out.append(Diagnostic(source="verify", code="empty_summary", message="document summary is empty", severity="info" if env.options.mode == "fast" else "warning"))
    if not concepts:
        out.append(Diagnostic(source="verify", code="no_concepts", message="no concepts were extracted", severity="info" if env.options.mode != "deep" else "warning"))
    return out
