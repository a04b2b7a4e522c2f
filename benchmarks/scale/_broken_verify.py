"""The walk's failing document, in every process of the walk (`benchmarks/scale/ui_walk.py`).

No real document makes the verify pass report an error, so, as the checks tests do
(`tests/support/checks.py`), the walk's `verify` also reports an error for a tree with a node
titled "Broken". The CLI subprocess and every process of `dagster dev` (webserver, code
server, run workers) must compile with that rule, and none of them takes a pass table from
outside: `install()` wraps `passes.verify.run` before the pass table is built. The walk runs
it from a `sitecustomize.py` on `PYTHONPATH`, so it runs first in every Python process.
"""

from __future__ import annotations

import sys
from typing import Any

BROKEN_TITLE = "Broken"


def install() -> None:
    """Wrap `passes.verify.run` with the "Broken" rule (before `pipeline.table` is imported)."""
    assert "vectorless_assets.pipeline.table" not in sys.modules, "install() before the table"
    from vectorless_assets.ir.document import Diagnostic
    from vectorless_assets.passes import verify

    real = verify.run

    def marked(**reads: Any) -> list[Diagnostic]:
        """The verify pass, plus an error for a tree with a node titled "Broken"."""
        found = real(**reads)
        if any(node.title == BROKEN_TITLE for node in reads["tree"].nodes):
            found.append(
                Diagnostic(
                    source="verify",
                    code="marked_broken",
                    message="marked broken",
                    severity="error",
                )
            )
        return found

    marked.__module__, marked.__qualname__ = real.__module__, real.__qualname__
    verify.run = marked
