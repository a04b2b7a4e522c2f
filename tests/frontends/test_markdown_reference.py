"""The Markdown frontend equals its definition: one markdown-it parse of the whole text, lines
split on ``\\n``, a node per top-level heading (raw nodes compared field by field).

The frontend gets there faster (segments, offsets instead of a line table); this reference
does it the plain way, on random documents, the structure traps and the corpus.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from tests.support.coverage import split_lines
from vectorless_assets.frontends.markdown import parse_markdown_text
from vectorless_assets.frontends.markdown.parser import _front_matter
from vectorless_assets.frontends.markdown.text_source import decode_text
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.text.llm_tokens import estimate_tokens

CORPUS = Path("/work/shared/corpus/md")

Row = tuple[str, int, str, int | None, int | None, int]


def _headings(text: str, front_matter: bool) -> tuple[list[tuple[int, str, int, int]], str | None]:
    md = MarkdownIt("commonmark", {"maxNesting": 100}).enable("table")
    if front_matter:
        md.use(front_matter_plugin)
    tokens = md.parse(text)
    found, fm = [], None
    for i, tok in enumerate(tokens):
        if tok.level == 0 and tok.map is not None and tok.type == "heading_open":
            title = " ".join(part.strip() for part in tokens[i + 1].content.split("\n")).strip()
            found.append((int(tok.tag[1:]), title, tok.map[0], tok.map[1]))
        elif tok.level == 0 and tok.type == "front_matter":
            fm = tok.content
    return found, fm


def reference_rows(text: str) -> list[Row]:
    """Raw nodes by the definition (module docstring of `frontends.markdown.parser`)."""
    headings, fm = _headings(text, True)
    if fm is not None and not _front_matter(fm)[1]:
        headings, _ = _headings(text, False)
    lines = split_lines(text)
    n = len(lines)
    rows: list[Row] = []
    first = headings[0][2] if headings else n
    if first > 0:
        body = "\n".join(lines[:first])
        rows.append(("", 0, body, 1, first, estimate_tokens(body)))
    for i, (level, title, start, end) in enumerate(headings):
        stop = headings[i + 1][2] if i + 1 < len(headings) else n
        body = "\n".join(lines[end:stop])
        rows.append((title, level, body, start + 1, stop, estimate_tokens(body)))
    return rows


def rows(parsed: ParsedDocument) -> list[Row]:
    return [
        (r.title, r.level, r.content, r.line_start, r.line_end, r.token_count)
        for r in parsed.raw_nodes
    ]


def assert_equal_to_reference(text: str) -> None:
    parsed = parse_markdown_text(text)
    assert rows(parsed) == reference_rows(text), repr(text)
    assert parsed.line_count == len(split_lines(text)), repr(text)


POOL = [
    "# H #", "## H ##  ", "#", "# #", "#\tTab", "### a ###b", "# a | b", "####### x", "# x\\#",
    "# H", "## H2",
    "   # ind", "    # code", "text", "more text here", "", "", "", "   ", "\t", "```", "~~~",
    "````", "  ```",
    "```rust", "``` a`b", "<!--", "-->", "<pre>", "</pre>", "<div>", "</div>", "<script>", "- item",
    "  # in item",
    "1. item", "> # q", "> ```", "> quote", "---", "===", "--- ", "Setext", "| a | b |",
    "|---|---|", "[ref]: /url",
    "\t# tab", "<?php", "?>", "<!DOCTYPE html>", "...", "- ```", "\x00 nul", "é ü — 日本語",
    "# 見出し",
]  # fmt: skip
TRAPS = [
    "", "\n", "\n\n", "a", "# H", "# H\n", "# H\n   ", "# H\n\n", "   ", "\n# H", "  \n# H\n",
    "# A\n# B", "# A\n# B\n",
    "---\ntitle: T\n---\n# H\n", "---\n# not yaml\n---\n", "---\n- a\n- b\n", "Title\n===\n",
    "a\n---\n\n# B\n   \t",
]  # fmt: skip


@pytest.mark.parametrize("text", TRAPS)
def test_traps_equal_the_reference(text: str) -> None:
    assert_equal_to_reference(text)


def test_random_documents_equal_the_reference() -> None:
    rng = random.Random(4242)
    for _ in range(800):
        lines = [rng.choice(POOL) for _ in range(rng.randint(0, 40))]
        if rng.random() < 0.2:
            lines = ["---", "title: x", *lines]
        text = "\n".join(lines) + rng.choice(["", "\n", "\n\n", "\n  ", " "])
        assert_equal_to_reference(text)


def _corpus_sample() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    files = [p for p in sorted(CORPUS.rglob("*.md")) if "large" not in p.relative_to(CORPUS).parts]
    return files[::6]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus absent")
def test_corpus_sample_equals_the_reference() -> None:
    sample = _corpus_sample()
    assert len(sample) > 30
    for path in sample:
        assert_equal_to_reference(decode_text(path.read_bytes()).text)
