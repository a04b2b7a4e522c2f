"""The Markdown frontend (also reads `.txt`): `parser` (raw sections), `blocks` (markdown-it
block scan), `segments` (where a heading can be), `verbatim` (fences and HTML blocks read
without markdown-it), `frontmatter` (trivial YAML), `text_source` (decoding, lines)."""

from vectorless_assets.frontends.markdown.parser import parse_markdown, parse_markdown_text

__all__ = ["parse_markdown", "parse_markdown_text"]
