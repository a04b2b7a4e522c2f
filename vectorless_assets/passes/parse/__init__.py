"""ParsePass: source bytes -> raw sections, by the frontend registered for the format.

Its own module: `structure_llm` (the LLM check of uncertain PDF headings).
"""

from __future__ import annotations

from vectorless_assets.frontends.registry import REGISTRY
from vectorless_assets.ir.errors import SourceError
from vectorless_assets.ir.raw import ParsedDocument, SourceDocument
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.parse.structure_llm import confirm_headings


def run(*, source: SourceDocument, ctx: PassContext) -> ParsedDocument:
    """Parse the source document into a flat list of raw sections (title, level, text, lines,
    pages).

    The frontend comes from the registry (`frontends.registry`): Markdown (and `.txt`) through
    markdown-it-py, PDF through pypdf (the outline, the printed contents and detected headings
    merged: a
    sparser source is a frame a denser one fills in; levels by number, outline, contents, style;
    a filing's statement pages and numbered notes start headings of their own),
    DOCX through python-docx paragraph styles.

    A PDF heading's level is its depth under the document root, whichever source set it
    (outline, printed contents or detection), so a book reads the same with and without its
    outline: front matter (contents, lists, preface), parts and, in a book without parts,
    chapters are at depth 1; a part's chapters at 2; each section one below its parent. A
    heading's own number decides over every source: "3.1" sits under "3", and labels nest in
    the order the document first uses them ("§ 1", "A.", "I.", "1.", "a)", "aa)" in legal
    writing). The cover's display lines (a book's title and editors, a series page) are no
    sections: the document's title is the PDF's metadata title, else the title found on the
    cover, else the first top-level heading.

    In standard and deep mode with an LLM, headings the PDF detector accepted by a narrow
    margin (`RawNode.uncertain`) are shown to the model, at most
    `CompileOptions.structure_llm_calls` calls of up to 40 headings; those it calls body
    text are demoted (`passes.parse.structure_llm`). Fast mode and compiles without an LLM never
    ask; a failed call keeps the detector's decision.
    """
    if not source.data:
        raise SourceError("empty file (0 bytes)")
    if len(source.data) > ctx.options.max_source_bytes:
        raise SourceError(
            f"file is {len(source.data)} bytes, over the limit of "
            f"{ctx.options.max_source_bytes} (CompileOptions.max_source_bytes)"
        )
    frontends = ctx.frontends or REGISTRY
    parsed = frontends.for_source(source.key, source.data).parse(source.data, ctx.options)
    if not parsed.title.strip():
        parsed = parsed.model_copy(update={"title": source.stem})
    if ctx.options.mode != "fast" and ctx.llm is not None:
        parsed = confirm_headings(
            parsed, ctx.llm, ctx.usage, max_calls=ctx.options.structure_llm_calls
        )
    return parsed
