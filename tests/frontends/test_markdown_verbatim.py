"""`verbatim.block_end` equals markdown-it's own fence and html_block tokens, and the
segmented scan that skips those blocks equals the whole-text parse on random documents."""

from __future__ import annotations

import random
import re

from markdown_it import MarkdownIt

from vectorless_assets.frontends.markdown.blocks import scan_blocks
from vectorless_assets.frontends.markdown.verbatim import block_end

#: CommonMark's start conditions of HTML blocks 1-5 (written from the spec, not the library)
TYPE_1_TO_5 = re.compile(
    r"<(?:(?i:script|pre|style|textarea)(?:[ \t>]|$)|!--|\?|![A-Za-z]|!\[CDATA\[)"
)
MD = MarkdownIt("commonmark", {"maxNesting": 100}).enable("table")
OPENERS = [
    "```",
    "````",
    "~~~",
    "~~~~~",
    "```rust",
    "``` a`b",
    "~~~ a`b~",
    "``` a|b",
    "```|",
    "``",
    "~~",
    "```  ",
    "```\t",
    "`x``",
    "~~~~ info",
    "<!--",
    "<!-- a -->",
    "<!-->",
    "<pre>",
    "<PRE class=x>",
    "<pre",
    "<prefix>",
    "<script>",
    "<style>x</style>",
    "<textarea>",
    "<?php",
    "<? ?>",
    "<!DOCTYPE html>",
    "<!doctype",
    "<![CDATA[",
    "<![CDATA[ ]]>",
    "<div>",
    "<p align=center>",
    "<a href=x>",
    "<!-- | -->",
    "<",
    "<!",
    "<!-",
    "<?x|y",
]
LINES = [
    "```",
    "````",
    "`````",
    "~~~",
    "~~~~",
    "~~~~~~",
    "   ```",
    "    ```",
    "\t```",
    " \t```",
    "  \t~~~",
    "```  ",
    "``` \t",
    "``` x",
    "~~~ ~",
    "```~",
    "",
    "  ",
    "code",
    "# not a heading",
    "- item",
    "<!--",
    "a | b",
    "\t",
    " ~~~",
    "   ~~~~   ",
    "|---|",
    "---|---",
    "|-|-|",
    "-->",
    "  -->",
    "x --> y",
    "?>",
    "]]>",
    ">",
    "</pre>",
    "</PRE>",
    "  </script>",
    "</style>",
    "</textarea>",
    "</div>",
    "a > b",
]


def end_by_markdown_it(text: str) -> int | None:
    """markdown-it's answer for the first line: the start of the fence's or HTML block's last
    line, -1 when it runs to the end, None when the line opens neither. A sentinel line after
    the text tells a block ending on the last line from one that never ends."""
    tokens = MD.parse(text + "\nSENTINEL")
    if not tokens or tokens[0].type not in ("fence", "html_block"):
        return None
    lines = (text + "\nSENTINEL").split("\n")
    after = tokens[0].map[1]  # the line after the block's last line, or the line count
    if after >= len(lines):
        return -1
    return sum(len(line) + 1 for line in lines[: after - 1])


def random_text(rng: random.Random) -> str:
    lines = [rng.choice(OPENERS)] + [rng.choice(LINES) for _ in range(rng.randint(0, 8))]
    return "\n".join(lines) + rng.choice(["", "\n"])


def test_block_end_equals_markdown_it() -> None:
    rng = random.Random(5)
    seen = {"fence": 0, "html": 0, "unclosed": 0, "none": 0}
    for _ in range(8000):
        text = random_text(rng)
        got = block_end(text, 0)
        first = text.split("\n")[0]
        if got is None and (
            "|" in first or (first.startswith("<") and not TYPE_1_TO_5.match(first))
        ):
            continue  # left to markdown-it: a "|" line, a possible HTML block of type 6 or 7
        assert got == end_by_markdown_it(text), repr(text)
        kind = (
            "none"
            if got is None
            else "unclosed"
            if got < 0
            else "fence"
            if text[0] in "`~"
            else "html"
        )
        seen[kind] += 1
    assert min(seen.values()) > 300, seen


def test_block_end_at_an_inner_line_start() -> None:
    text = "para\n\n```py\ncode\n\n# no\n  ```\nafter\n\n<!-- a\n\n# no\n-->\n"
    assert block_end(text, 6) == text.index("  ```")
    assert block_end(text, text.index("<!--")) == text.index("-->")
    assert block_end(text, 0) is None  # a paragraph line opens neither
    assert block_end("~~~~\n~~~\n", 0) == -1  # a shorter closing marker does not close
    assert block_end("<div>\n\n# H\n", 0) is None  # type 6: left to markdown-it


POOL = OPENERS + LINES + ["# H", "## H2", "text", "", "", "Setext", "---", "===", "> q"]


def test_segmented_scan_equals_whole_text_parse_on_block_documents() -> None:
    rng = random.Random(6)
    for _ in range(2000):
        text = "\n".join(rng.choice(POOL) for _ in range(rng.randint(1, 40))) + rng.choice(
            ["", "\n"]
        )
        fast, full = scan_blocks(text), scan_blocks(text, skip_inert=False)
        assert (fast.headings, fast.front_matter) == (full.headings, full.front_matter), repr(text)
