"""Find the top-level headings (and front matter) of a Markdown text with markdown-it-py.

Only markdown-it's *block* parser runs (CommonMark + GFM tables + YAML front matter); inline
rendering is never needed to find structure. A heading counts as a section heading only at
the top level: a ``#`` line inside a fence, an HTML block, a block quote or a list item is
body text of the section around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.front_matter import front_matter_plugin

from vectorless_assets.frontends.text_source import line_count

# markdown-it's default nesting limit (20 in the CommonMark preset) makes a deeper list
# swallow the rest of the document; 100 is the "default" preset's limit.
MAX_NESTING = 100


@dataclass(frozen=True)
class Heading:
    """A top-level heading: 0-based half-open line range of the heading itself."""

    level: int
    title: str
    start: int
    end: int


@dataclass(frozen=True)
class BlockScan:
    """What the block parse found, plus the line offsets of the normalized text.

    `line_starts[i]`/`line_ends[i]` are the offsets of line i's first character and of its
    end (its newline or the end of text), as markdown-it computed them.
    """

    headings: list[Heading]
    front_matter: tuple[int, int] | None
    front_matter_text: str
    line_starts: list[int]
    line_ends: list[int]

    @property
    def line_count(self) -> int:
        return len(self.line_starts)


@cache
def _parser(front_matter: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"maxNesting": MAX_NESTING}).enable("table")
    if front_matter:
        md.use(front_matter_plugin)
    return md


def scan_blocks(text: str, *, front_matter: bool = True) -> BlockScan:
    """Block-parse normalized `text` (no ``\\r``; see `text_source`) and list its headings."""
    md = _parser(front_matter)
    src = text.replace("\x00", "\ufffd") if "\x00" in text else text
    state = StateBlock(src, md, {}, [])
    if src:
        md.block.tokenize(state, state.line, state.lineMax)
    tokens = state.tokens
    headings: list[Heading] = []
    fm: tuple[int, int] | None = None
    fm_text = ""
    for i, tok in enumerate(tokens):
        if tok.level != 0 or tok.map is None:
            continue
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            title = " ".join(part.strip() for part in inline.content.split("\n")).strip()
            headings.append(Heading(int(tok.tag[1:]), title, tok.map[0], tok.map[1]))
        elif tok.type == "front_matter":
            fm = (tok.map[0], tok.map[1])
            fm_text = tok.content
    n = state.lineMax
    starts, ends = state.bMarks[:n], state.eMarks[:n]
    if line_count(src) > n:  # markdown-it drops a last line of only blanks with no newline
        starts.append(src.rfind("\n") + 1)
        ends.append(len(src))
    return BlockScan(headings, fm, fm_text, starts, ends)
