"""Markdown frontend: structure traps, losslessness, decoding, size limits."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tests.support.coverage import line_coverage_errors, rebuild_errors, split_lines
from vectorless_assets.frontends.markdown import parse_markdown
from vectorless_assets.frontends.markdown.blocks import scan_blocks
from vectorless_assets.frontends.markdown.text_source import decode_text, line_count
from vectorless_assets.ir.errors import CompileError, SourceError
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.pipeline.compile import compile_document
from vectorless_assets.text.llm_tokens import estimate_tokens
from vectorless_assets.text.words import keywords


def parse(text: str) -> ParsedDocument:
    return parse_markdown(text.encode("utf-8"))


def assert_lossless(data: bytes, parsed: ParsedDocument) -> None:
    """Every line in exactly one node, and each node's content is exactly its body lines."""
    lines = split_lines(decode_text(data).text)
    assert parsed.line_count == len(lines)
    assert line_coverage_errors(parsed.raw_nodes, parsed.line_count, allow_shared_lines=False) == []
    assert line_coverage_errors(parsed, parsed.line_count) == []
    assert rebuild_errors(parsed.raw_nodes, lines) == []


def sections(parsed: ParsedDocument) -> list[tuple[int, str]]:
    return [(n.level, n.title) for n in parsed.raw_nodes]


def node(parsed: ParsedDocument, title: str) -> RawNode:
    return next(n for n in parsed.raw_nodes if n.title == title)


def test_guide_fixture_is_lossless_with_front_matter(guide_bytes: bytes) -> None:
    parsed = parse_markdown(guide_bytes)
    assert_lossless(guide_bytes, parsed)
    assert parsed.title == "Field Guide"
    assert parsed.description == "A small guide used by the tests."
    assert sections(parsed) == [
        (0, ""),
        (1, "Getting started"),
        (2, "Requirements"),
        (1, "Configuration"),
        (2, "Options"),
        (1, "Appendix A"),
    ]
    preamble = parsed.raw_nodes[0]
    assert preamble.line_start == 1 and "title: Field Guide" in preamble.content
    assert "Intro text before the first heading." in preamble.content


def test_front_matter_closing_dashes_are_not_a_setext_heading() -> None:
    text = "---\ntitle: Prom\nsort_rank: 3\n---\n\nBody paragraph.\n\n## Real\n\ntext\n"
    parsed = parse(text)
    assert sections(parsed) == [(0, ""), (2, "Real")]
    assert parsed.raw_nodes[0].line_end == 7  # front matter + body paragraph + blank
    assert parsed.title == "Prom"
    assert_lossless(text.encode(), parsed)


def test_dash_block_that_is_not_yaml_is_parsed_as_markdown() -> None:
    text = "---\n# Heading inside\nsome prose, not yaml at all\n---\n"
    parsed = parse(text)
    assert (1, "Heading inside") in sections(parsed)
    assert_lossless(text.encode(), parsed)


def test_sloppy_yaml_front_matter_stays_front_matter_with_a_warning() -> None:
    text = "---\ntitle: A: B\ntags: [x\n---\n# Doc\n"
    parsed = parse(text)
    assert sections(parsed) == [(0, ""), (1, "Doc")]
    assert [d.code for d in parsed.diagnostics] == ["front_matter_yaml"]


def test_atx_and_setext_headings_with_their_line_ranges() -> None:
    text = "Title One\n=========\n\nbody 1\n\nPart *two*\nspans lines\n---\nbody 2\n### Three ###\n"
    parsed = parse(text)
    assert sections(parsed) == [(1, "Title One"), (2, "Part *two* spans lines"), (3, "Three")]
    one, two, three = parsed.raw_nodes
    assert (one.line_start, one.line_end, one.content) == (1, 5, "\nbody 1\n")
    assert (two.line_start, two.line_end, two.content) == (6, 9, "body 2")
    assert (three.line_start, three.line_end, three.content) == (10, 10, "")
    assert_lossless(text.encode(), parsed)


def test_hash_lines_in_fences_html_quotes_and_lists_are_body_text() -> None:
    text = (
        "# Top\n\n```bash\n# a comment\n```\n\n~~~~\n## tilde fenced\n```\n# still code\n~~~~\n\n"
        "<div>\n# inside html\n</div>\n\n> # quoted\n\n- item\n\n  # in "
        "list\n\n    # indented code\n\n## After\n"
    )
    parsed = parse(text)
    assert sections(parsed) == [(1, "Top"), (2, "After")]
    assert "# a comment" in node(parsed, "Top").content
    assert_lossless(text.encode(), parsed)


def test_inline_code_is_kept_in_titles_and_code_only_headings_keep_their_section() -> None:
    text = "# The `Option` enum\n\nintro\n\n## `unwrap()`\n\nPanics on None.\n"
    parsed = parse(text)
    assert sections(parsed) == [(1, "The `Option` enum"), (2, "`unwrap()`")]
    assert node(parsed, "`unwrap()`").content == "\nPanics on None."
    assert parsed.title == "The `Option` enum"  # the only h1, first heading


def test_document_title_is_empty_when_h1_is_not_unique() -> None:
    assert parse("# A\n\n# B\n").title == ""
    assert parse("## Intro\n\n# A\n").title == ""


def test_text_before_first_heading_is_a_level_zero_node() -> None:
    text = "Preamble line.\n\nMore.\n# First\nx\n"
    parsed = parse(text)
    first = parsed.raw_nodes[0]
    assert (first.level, first.line_start, first.line_end) == (0, 1, 3)
    assert first.content == "Preamble line.\n\nMore."
    assert_lossless(text.encode(), parsed)


def test_no_headings_gives_one_node_with_every_line() -> None:
    text = "v9.0.0 - April 5, 2024\n\n* change one\n* change two\n\nv8.0.0\n\n* older\n"
    parsed = parse(text)
    assert sections(parsed) == [(0, "")]
    assert (parsed.raw_nodes[0].line_start, parsed.raw_nodes[0].line_end) == (1, 8)
    assert_lossless(text.encode(), parsed)
    doc = compile_document(text.encode(), name="CHANGELOG.md")
    assert doc.tree.nodes and line_coverage_errors(doc, doc.meta.line_count) == []


def test_paragraphs_and_list_items_keep_their_separators() -> None:
    text = "# List\n\nFirst para.\n\nSecond para.\n\n- one\n- two\n"
    content = parse(text).raw_nodes[0].content
    assert "First para.\n\nSecond para." in content
    assert "- one\n- two" in content


def test_gfm_table_is_body_text_and_delimiter_row_is_not_a_heading() -> None:
    text = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nname\n--- | ---\nx | y\n"
    parsed = parse(text)
    assert sections(parsed) == [(1, "T")]
    assert_lossless(text.encode(), parsed)


def test_cjk_headings_tokens_and_keywords() -> None:
    text = (
        "# システム設計入門\n\n大規模システムの設計方法を学ぶ。\n\n"
        "## 可用性と一貫性\n\nCAP定理について。\n"
    )
    parsed = parse(text)
    assert sections(parsed) == [(1, "システム設計入門"), (2, "可用性と一貫性")]
    assert all(n.token_count > 0 for n in parsed.raw_nodes)
    assert estimate_tokens("可用性と一貫性") == 7  # one token per CJK character
    words = keywords(parsed.raw_nodes[0].content)
    assert "設計" in words and "システ" not in words  # bigrams, not fragments
    assert_lossless(text.encode(), parsed)


def test_line_definition_and_line_endings() -> None:
    assert [line_count(t) for t in ("", "a", "a\n", "a\nb", "a\n\n", "\n")] == [0, 1, 1, 2, 2, 1]
    crlf = b"# A\r\nbody\r\n\r\n# B\rlast"
    parsed = parse_markdown(crlf)
    assert parsed.line_count == 5
    assert sections(parsed) == [(1, "A"), (1, "B")]
    assert parsed.raw_nodes[0].content == "body\n"
    assert_lossless(crlf, parsed)


def test_trailing_blank_line_without_newline_is_covered() -> None:
    parsed = parse("# A\ntext\n   ")
    assert parsed.line_count == 3 and parsed.raw_nodes[-1].line_end == 3


def test_bom_is_stripped() -> None:
    parsed = parse_markdown(b"\xef\xbb\xbf# Title\nx\n")
    assert sections(parsed) == [(1, "Title")]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_utf16_with_bom_is_decoded(encoding: str) -> None:
    data = "# Überblick\r\n\r\n日本語\r\n".encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    parsed = parse_markdown(data)
    assert sections(parsed) == [(1, "Überblick")]
    assert parsed.raw_nodes[0].content == "\n日本語" and parsed.line_count == 3


@pytest.mark.parametrize(
    "data",
    [
        b"# Doc\x00\x01\x02 binary",
        bytes(range(256)) * 4,
        b"\x89PNG\r\n\x1a\n" + bytes([3, 4, 5, 6, 7, 8]) * 50,
    ],
)
def test_binary_bytes_raise_a_clear_source_error(data: bytes) -> None:
    with pytest.raises(SourceError, match="binary file"):
        parse_markdown(data)


def test_binary_md_file_fails_compile_with_one_line_message() -> None:
    with pytest.raises(CompileError, match=r"notes\.md.*binary file") as info:
        compile_document(b"\x00\x01\x02\x03 junk", name="notes.md")
    assert "\n" not in str(info.value)


def test_legacy_8bit_text_falls_back_to_cp1252_with_a_warning() -> None:
    data = "# Café menu\n\nCrème brûlée – 5€\n".encode("cp1252")
    parsed = parse_markdown(data)
    assert sections(parsed) == [(1, "Café menu")]
    assert "Crème brûlée – 5€" in parsed.raw_nodes[0].content
    assert [d.code for d in parsed.diagnostics] == ["decode_fallback"]
    assert "cp1252" in parsed.diagnostics[0].message


def test_mostly_utf8_with_one_bad_byte_keeps_utf8() -> None:
    data = "# Ünïcödé\n\nnaïve café 日本語\n".encode() + b"\xff broken\n"
    parsed = parse_markdown(data)
    assert sections(parsed) == [(1, "Ünïcödé")]
    assert (
        "日本語" in parsed.raw_nodes[0].content and "\ufffd broken" in parsed.raw_nodes[0].content
    )
    assert parsed.diagnostics[0].code == "decode_fallback"


def test_empty_file() -> None:
    parsed = parse_markdown(b"")
    assert (parsed.raw_nodes, parsed.line_count) == ([], 0)
    assert line_coverage_errors(parsed.raw_nodes, 0) == []
    with pytest.raises(CompileError, match="empty"):
        compile_document(b"", name="empty.md")


def test_whitespace_only_file_compiles() -> None:
    doc = compile_document(b"\n\n  \n", name="blank.md")
    assert doc.meta.line_count == 3
    assert line_coverage_errors(doc, 3) == []


def test_deep_list_nesting_does_not_swallow_later_headings() -> None:
    nested = "".join("  " * i + "- level\n" for i in range(40))
    parsed = parse(f"# A\n\n{nested}\n# B\n")
    assert sections(parsed) == [(1, "A"), (1, "B")]


_FIFTY_MB_CHILD = """
import resource, sys, time
from vectorless_assets.frontends.markdown import parse_markdown
data = b"lorem ipsum dolor sit amet " * (50 * 1024 * 1024 // 27)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter()
parsed = parse_markdown(data)
elapsed = time.perf_counter() - t0
node = parsed.raw_nodes[0]
ok = parsed.line_count == 1 and len(parsed.raw_nodes) == 1 and len(node.content) == len(data)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(int(ok), len(data), before * 1024, peak, elapsed)
"""


def test_50mb_single_line_is_bounded() -> None:
    """Parsed in a child process so its peak memory (max RSS) is measured alone."""
    out = subprocess.run(
        [sys.executable, "-c", _FIFTY_MB_CHILD],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    ok, size, base, peak, elapsed = out.stdout.split()
    assert ok == "1"
    growth = int(peak) - int(base)
    assert growth < 6 * int(size), (
        f"RSS grew by {growth / 1e6:.0f} MB for a {int(size) / 1e6:.0f} MB line"
    )
    # a sanity bound, not a benchmark: quadratic behaviour would take hours
    assert float(elapsed) < 120


def _ranges(*spans: tuple[int, int]) -> list[RawNode]:
    return [
        RawNode(title=f"s{i}", level=1, line_start=a, line_end=b) for i, (a, b) in enumerate(spans)
    ]


def test_coverage_checker_reports_gaps_overlaps_and_bad_ranges() -> None:
    assert line_coverage_errors(_ranges((1, 3), (4, 9)), 9) == []
    assert line_coverage_errors(_ranges((1, 3), (6, 9)), 9) == ["lines 4-5 not owned by any node"]
    assert line_coverage_errors(_ranges((1, 3), (4, 7)), 9) == ["lines 8-9 not owned by any node"]
    assert "owned by both" in line_coverage_errors(_ranges((1, 5), (4, 9)), 9)[0]
    assert "invalid range" in line_coverage_errors(_ranges((1, 3), (4, 12)), 9)[0]
    assert "need both" in line_coverage_errors([RawNode(title="x", level=1, line_start=1)], 1)[0]
    parsed = ParsedDocument(format="markdown", raw_nodes=_ranges((1, 2)), line_count=3)
    assert line_coverage_errors(parsed, 3) == ["line 3 not owned by any node"]


def test_coverage_checker_allows_one_long_line_shared_by_consecutive_nodes() -> None:
    split_line = _ranges((1, 2), (2, 2), (2, 2), (2, 5))
    assert line_coverage_errors(split_line, 5) == []
    assert line_coverage_errors(split_line, 5, allow_shared_lines=False) != []
    assert line_coverage_errors(_ranges((1, 3), (2, 5)), 5) != []  # two shared lines


def test_rebuild_checker_catches_content_that_is_not_the_source() -> None:
    lines = ["# A", "body", "# B", "more"]
    good = [
        RawNode(title="A", level=1, content="body", line_start=1, line_end=2),
        RawNode(title="B", level=1, content="more", line_start=3, line_end=4),
    ]
    assert rebuild_errors(good, lines) == []
    glued = [good[0].model_copy(update={"content": "bodymore"}), good[1]]
    assert rebuild_errors(glued, lines) != []


# each hides a "# not a heading" line behind an inert segment ("plain") inside an open block
SEGMENT_TRAPS = [
    "# A\n\n```\ncode\n\nplain\n\n# not a heading\n\nfn x() {}\n```\n\n# B\n",
    "# A\n\n<!--\ncomment\n\nplain\n\n# not a heading\n-->\n\n# B\n",
    "<pre>\n\nplain\n\n# not a heading\n\n</pre>\n\n# B\n",
    "---\ntitle: x\n\nplain: 1\n\nsort_rank: 2\n# not a heading\n---\n\n# B\n",
    "   ~~~~\n\nplain\n\n# not a heading\n\n~~~\n\nplain\n~~~~\n\n# D\n",
    "```\nunclosed\n\nplain\n\n# not a heading\n",
    "- item\n\n  ```\n  code\n\nplain ends the list\n\n# real heading\n\n  ```\n\n# C\n",
]


@pytest.mark.parametrize("text", SEGMENT_TRAPS)
def test_segmented_parse_equals_whole_text_parse(text: str) -> None:
    fast, full = scan_blocks(text), scan_blocks(text, skip_inert=False)
    assert (fast.headings, fast.front_matter) == (full.headings, full.front_matter)
    assert not any("not a heading" in h.title or h.title == "code" for h in fast.headings)


def test_segmented_parse_equals_whole_text_parse_on_random_documents() -> None:
    pool = [
        "# H #",
        "## H ##  ",
        "#",
        "# #",
        "#\tTab",
        "### a ###b",
        "# a | b",
        "####### x",
        "# x\\#",
        "# H",
        "## H2",
        "   # ind",
        "    # code",
        "text",
        "",
        "",
        "   ",
        "```",
        "~~~",
        "````",
        "  ```",
        "```rust",
        "``` a`b",
        "<!--",
        "-->",
        "<pre>",
        "</pre>",
        "<div>",
        "- item",
        "  # in item",
        "1. item",
        "> # q",
        "> ```",
        "---",
        "===",
        "| a | b |",
        "|---|---|",
        "[ref]: /url",
        "\t# tab",
        "<?php",
        "?>",
        "<!DOCTYPE html>",
        "...",
        "- ```",
    ]
    rng = random.Random(2024)
    for _ in range(600):
        lines = [rng.choice(pool) for _ in range(rng.randint(1, 50))]
        text = "\n".join(["---", *lines] if rng.random() < 0.2 else lines) + "\n"
        fast, full = scan_blocks(text), scan_blocks(text, skip_inert=False)
        assert (fast.headings, fast.front_matter) == (full.headings, full.front_matter), text
