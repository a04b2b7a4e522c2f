"""Markdown frontend: bytes -> raw sections, lossless, on markdown-it-py's block parser.

Contract (tested, and checked over the whole Markdown corpus):

* Decoding and what a line is: see `frontends.markdown.text_source` (UTF-8, BOM stripped, documented
  fallback for invalid UTF-8, `SourceError` for binary bytes; lines split on ``\\n``).
* Structure: CommonMark + GFM tables (`markdown_blocks`: markdown-it's block parser only, on
  the segments that can hold a heading). ATX and setext headings count only at the top
  level, so ``#`` lines inside ``` or ~~~ fences, HTML blocks, quotes and list items stay
  body text.
* YAML front matter (a leading ``---`` block closed by ``---`` or ``...``) is never a
  heading; its ``title`` and ``description`` become the document's. A leading ``---`` block
  that is not YAML (no mapping, and its lines do not look like ``key: value``) is parsed as
  ordinary Markdown instead, so headings inside it are not lost.
* Lossless: every line lands in exactly one raw node. Text before the first heading
  (front matter included) is a level-0 node owned by the root. A heading node owns its
  heading line(s) and every line up to the next top-level heading. `content` is the exact
  text of the body lines (heading lines excluded: they are the title), blank lines and
  separators included, joined by ``\\n``: a node's lines are its heading line(s) followed by
  exactly its content (`rebuild_errors` in tests/support/coverage.py checks this). Contents
  are slices of the decoded text, so a 50 MB single line costs a few copies of itself, not
  more.
* Titles are the heading's source text (inline code, emphasis markers and links kept as
  written, multi-line setext titles joined by spaces, ATX closing ``#``s removed).
* Document title: front-matter ``title``; else the first heading when no other heading is
  at its level or above (the lone top heading: an h1, or an h2 in a file without h1); else
  empty (the parse pass then uses the file stem). No heading at all gives one level-0 node:
  the root holds the whole text and the split pass cuts it.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from vectorless_assets.frontends.markdown.blocks import BlockScan, scan_blocks
from vectorless_assets.frontends.markdown.frontmatter import simple_mapping
from vectorless_assets.frontends.markdown.text_source import decode_text
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.text.llm_tokens import estimate_tokens

_YAMLISH_LINE = re.compile(r"^(?:\s*$|\s*#|[\w.\-\"' ]+:(?:\s|$)|\s+\S|-\s)")


def parse_markdown(data: bytes, *, options: CompileOptions | None = None) -> ParsedDocument:
    """Parse Markdown bytes into raw sections (see the module docstring for the contract).

    `options` is accepted for the frontend signature; no option changes Markdown parsing.
    """
    decoded = decode_text(data)
    return parse_markdown_text(decoded.text, diagnostics=decoded.diagnostics)


def parse_markdown_text(
    text: str, *, diagnostics: list[Diagnostic] | None = None
) -> ParsedDocument:
    """Parse already decoded, newline-normalized Markdown text."""
    diags = list(diagnostics or [])
    scan = scan_blocks(text)
    meta: dict[str, Any] = {}
    if scan.front_matter is not None:
        meta, ok, problem = _front_matter(scan.front_matter_text)
        if not ok:
            scan = scan_blocks(text, front_matter=False)
        elif problem:
            diags.append(
                Diagnostic(
                    source="parse",
                    code="front_matter_yaml",
                    message=f"front matter is not valid YAML: {problem}",
                )
            )
    nodes = _raw_nodes(text, scan)
    return ParsedDocument(
        format="markdown",
        title=_text_field(meta.get("title")) or _sole_top(scan),
        description=_text_field(meta.get("description")),
        raw_nodes=nodes,
        line_count=scan.line_count,
        diagnostics=diags,
    )


def _raw_nodes(text: str, scan: BlockScan) -> list[RawNode]:
    """Cut the lines at the top-level headings: a level-0 preamble, then one node per heading.

    A body runs from the line after its heading (`Heading.body`) to the newline before the
    next heading (its `offset` - 1), the last one to the end of the text (a final newline
    excluded); a heading followed at once by a heading or the end has an empty body.
    """
    n, headings = scan.line_count, scan.headings
    text_end = len(text) - 1 if text.endswith("\n") else len(text)
    nodes: list[RawNode] = []
    first_heading = headings[0].start if headings else n
    if first_heading > 0:
        content = text[: headings[0].offset - 1] if headings else text[:text_end]
        nodes.append(
            RawNode(
                title="",
                level=0,
                content=content,
                line_start=1,
                line_end=first_heading,
                token_count=estimate_tokens(content),
            )
        )
    for i, h in enumerate(headings):
        after = headings[i + 1] if i + 1 < len(headings) else None
        stop = after.start if after is not None else n
        content = (
            text[h.body : after.offset - 1 if after is not None else text_end]
            if stop > h.end
            else ""
        )
        nodes.append(
            RawNode(
                title=h.title,
                level=h.level,
                content=content,
                line_start=h.start + 1,
                line_end=stop,
                token_count=estimate_tokens(content),
            )
        )
    return nodes


def _front_matter(raw: str) -> tuple[dict[str, Any], bool, str]:
    """(mapping, is front matter, YAML problem) for the text between the ``---`` fences."""
    simple = simple_mapping(raw)  # trivial key: value lines, exactly as PyYAML reads them
    if simple is not None:
        return simple, True, ""
    try:
        value = yaml.safe_load(raw) if raw.strip() else {}
    except yaml.YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        looks_yaml = all(_YAMLISH_LINE.match(line) for line in raw.split("\n"))
        return {}, looks_yaml, first
    if isinstance(value, dict):
        return value, True, ""
    return {}, value is None, ""


def _text_field(value: object) -> str:
    """A front-matter value as one line of text. YAML's ``\\uXXXX`` escapes can give
    surrogates: an escaped pair is joined into its character, a lone one becomes U+FFFD
    (it cannot be written as UTF-8, so the IR could not be saved)."""
    if value is None or isinstance(value, dict | list):
        return ""
    text = " ".join(str(value).split())
    if not text.isascii():
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def _sole_top(scan: BlockScan) -> str:
    """The first heading's title when no other heading is at its level or above (the lone
    top heading, which the build pass makes the root), else ""."""
    heads = scan.headings
    if heads and all(h.level > heads[0].level for h in heads[1:]):
        return heads[0].title
    return ""
