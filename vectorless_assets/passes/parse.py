"""ParsePass: source bytes -> raw sections, by format (Markdown, PDF, DOCX)."""

from __future__ import annotations

from vectorless_assets.errors import SourceError
from vectorless_assets.frontends.raw import ParsedDocument, SourceDocument
from vectorless_assets.passes.env import PassEnv


def run(*, source: SourceDocument, env: PassEnv) -> ParsedDocument:
    """Parse the source document into a flat list of raw sections (title, level, text, lines, pages).

    Markdown goes through markdown-it-py, PDF through pypdf (outline first, then font and
    numbering heuristics), DOCX through python-docx paragraph styles.
    """
    if not source.data:
        raise SourceError("empty file (0 bytes)")
    if len(source.data) > env.options.max_source_bytes:
        raise SourceError(f"file is {len(source.data)} bytes, over the limit of {env.options.max_source_bytes} (CompileOptions.max_source_bytes)")
    fmt = source.format
    if fmt == "pdf":
        from vectorless_assets.frontends.pdf import parse_pdf

        parsed = parse_pdf(source.data, options=env.options)
    elif fmt == "docx":
        from vectorless_assets.frontends.docx import parse_docx

        parsed = parse_docx(source.data, options=env.options)
    else:
        from vectorless_assets.frontends.markdown import parse_markdown

        parsed = parse_markdown(source.data, options=env.options)
    if not parsed.title.strip():
        parsed = parsed.model_copy(update={"title": source.stem})
    return parsed
