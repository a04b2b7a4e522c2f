"""`fences.fence_close` equals markdown-it's own fence token, and the segmented scan that
skips fences equals the whole-text parse on fence-heavy random documents."""

from __future__ import annotations

import random

from markdown_it import MarkdownIt

from vectorless_assets.frontends.markdown.blocks import scan_blocks
from vectorless_assets.frontends.markdown.fences import fence_close

MD = MarkdownIt("commonmark", {"maxNesting": 100}).enable("table")
OPENERS = ["```", "````", "~~~", "~~~~~", "```rust", "``` a`b", "~~~ a`b~", "``` a|b", "```|", "``",
           "~~", "```  ", "```\t", "`x``", "~~~~ info"]  # fmt: skip
LINES = ["```", "````", "`````", "~~~", "~~~~", "~~~~~~", "   ```", "    ```", "\t```", " \t```", "  \t~~~",
         "```  ", "``` \t", "``` x", "~~~ ~", "```~", "", "  ", "code", "# not a heading", "- item", "<!--",
         "a | b", "\t", " ~~~", "   ~~~~   ", "|---|", "---|---", "|-|-|"]  # fmt: skip


def close_by_markdown_it(text: str) -> int | None:
    """markdown-it's answer for the first line: the fence's closing line's offset, -1 when
    the fence runs to the end, None when the line opens no fence. A sentinel line after the
    text tells a closing last line (the fence ends before the sentinel) from no closing line."""
    tokens = MD.parse(text + "\nSENTINEL")
    if not tokens or tokens[0].type != "fence":
        return None
    lines = (text + "\nSENTINEL").split("\n")
    after = tokens[0].map[1]  # the line after the closing line, or the line count
    if after >= len(lines):
        return -1
    return sum(len(line) + 1 for line in lines[: after - 1])


def random_text(rng: random.Random) -> str:
    lines = [rng.choice(OPENERS)] + [rng.choice(LINES) for _ in range(rng.randint(0, 8))]
    return "\n".join(lines) + rng.choice(["", "\n"])


def test_fence_close_equals_markdown_it() -> None:
    rng = random.Random(5)
    closed = unclosed = 0
    for _ in range(5000):
        text = random_text(rng)
        got, expected = fence_close(text, 0), close_by_markdown_it(text)
        if got is None and "|" in text.split("\n")[0]:
            continue  # left to markdown-it
        assert got == expected, repr(text)
        closed += got is not None and got > 0
        unclosed += got == -1
    assert closed > 500 and unclosed > 500


def test_fence_close_at_an_inner_line_start() -> None:
    text = "para\n\n```py\ncode\n\n# no\n  ```\nafter\n"
    assert fence_close(text, 6) == text.index("  ```")
    assert fence_close(text, 0) is None  # a paragraph line opens no fence
    assert fence_close("~~~~\n~~~\n", 0) == -1  # a shorter closing marker does not close


POOL = (
    OPENERS
    + LINES
    + ["# H", "## H2", "text", "", "", "Setext", "---", "===", "<pre>", "</pre>", "-->", "> q"]
)


def test_segmented_scan_equals_whole_text_parse_on_fence_documents() -> None:
    rng = random.Random(6)
    for _ in range(1500):
        text = "\n".join(rng.choice(POOL) for _ in range(rng.randint(1, 40))) + rng.choice(
            ["", "\n"]
        )
        fast, full = scan_blocks(text), scan_blocks(text, skip_inert=False)
        assert (fast.headings, fast.front_matter) == (full.headings, full.front_matter), repr(text)
