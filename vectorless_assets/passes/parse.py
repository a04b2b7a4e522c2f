"""ParsePass: source bytes -> raw sections, by the frontend registered for the format."""

from __future__ import annotations

from vectorless_assets.context import PassContext
from vectorless_assets.errors import SourceError
from vectorless_assets.frontends.registry import REGISTRY
from vectorless_assets.ir.raw import ParsedDocument, SourceDocument


def run(*, source: SourceDocument, ctx: PassContext) -> ParsedDocument:
    """Parse the source document into a flat list of raw sections (title, level, text, lines, pages).

    The frontend comes from the registry (`frontends.registry`): Markdown (and `.txt`) through
    markdown-it-py, PDF through pypdf (outline first, then font and numbering heuristics),
    DOCX through python-docx paragraph styles.
    """
    if not source.data:
        raise SourceError("empty file (0 bytes)")
    if len(source.data) > ctx.options.max_source_bytes:
        raise SourceError(f"file is {len(source.data)} bytes, over the limit of {ctx.options.max_source_bytes} (CompileOptions.max_source_bytes)")
    frontends = ctx.frontends or REGISTRY
    parsed = frontends.for_source(source.key, source.data).parse(source.data, ctx.options)
    if not parsed.title.strip():
        parsed = parsed.model_copy(update={"title": source.stem})
    return parsed
