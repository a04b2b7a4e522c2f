"""The PDF frontend on pypdf: `parser` (entry point), `text` (lines with fonts), `outline`
(bookmarks, judged before use), `headings` + `heading_context` (detection without an
outline), `layout` (running headers, ToC pages), `sections` (headings -> raw sections)."""

from vectorless_assets.frontends.pdf.parser import open_pdf, parse_pdf

__all__ = ["open_pdf", "parse_pdf"]
