"""Send `vectorless compile` through Dagster (the orchestration layer's runner)."""

from __future__ import annotations

from pathlib import Path

from vectorless_assets.cli.compile_cmd import CompileResult, compile_in_process
from vectorless_assets.cli.sources import SourceRef
from vectorless_assets.pipeline.options import CompileOptions


def compile_with_dagster(refs: list[SourceRef], out: Path, options: CompileOptions, *, force: bool, show_progress: bool) -> list[CompileResult]:
    # TEMPORARY until the orchestration runner lands: compile in process.
    return compile_in_process(refs, out, options, show_progress=show_progress)
