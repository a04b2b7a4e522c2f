"""`segments.candidate_offsets` finds exactly the line starts the ``^``-anchored candidate
pattern does, and `segment` cuts where a column-0 line follows a blank one."""

from __future__ import annotations

import random
import re

from vectorless_assets.frontends.markdown import segments
from vectorless_assets.frontends.markdown.blocks import scan_blocks

#: The pattern `candidate_offsets` replaced: tried at every character, matching at line starts.
ANCHORED = re.compile("^" + segments._CANDIDATE_LINE, re.MULTILINE)
PIECES = [
    "#",
    "## ",
    "####### ",
    "=",
    "--",
    "- ",
    "```",
    "~~~",
    "<script",
    "<PRE",
    "<!--",
    "<?",
    "<x",
    # fmt: skip
    "    ",
    "   ",
    " ",
    "\t",
    "\n",
    "\n\n",
    "a",
    "text",
    "|",
    "#x",
    "-",
    "<",
    "`",
    "~",
]


def test_candidate_offsets_equal_the_anchored_scan() -> None:
    rng = random.Random(11)
    hits = 0
    for _ in range(4000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 20)))
        expected = [m.start() for m in ANCHORED.finditer(text)]
        assert segments.candidate_offsets(text) == expected, repr(text)
        hits += bool(expected)
    assert hits > 1000


def test_candidate_offsets_on_a_small_document() -> None:
    text = "# Title\ntext\n\n   ## Sub\n    # code\nSetext\n---\n```\n"
    assert segments.candidate_offsets(text) == [0, 14, 42, 46]


def cuts_by_definition(text: str) -> list[int]:
    """Line starts of the first line and of every column-0 line right after a blank line."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    return [0] + [
        starts[i]
        for i in range(1, len(lines))
        if lines[i][:1] not in ("", " ", "\t") and lines[i - 1].strip(" \t") == ""
    ]


def test_cuts_equal_their_definition() -> None:
    rng = random.Random(12)
    for _ in range(3000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 20)))
        assert segments.segment(text, front_matter=False).cuts == cuts_by_definition(text), repr(
            text
        )


def test_front_matter_closed_by_dashes_and_a_tab() -> None:
    """The front-matter plugin ends the block at dashes followed by spaces *or tabs*; missing
    that closer left the block's segments unparsed and a ``#`` line inside it a heading."""
    text = "---\ntitle: a\n\nplain\n\n# Not a heading\n--- \t\n# Real\n"
    assert segments.front_matter_close(text) == text.index("--- \t")
    whole = scan_blocks(text, skip_inert=False)
    fast = scan_blocks(text)
    assert [h.title for h in whole.headings] == ["Real"]
    assert (fast.headings, fast.front_matter) == (whole.headings, whole.front_matter)
