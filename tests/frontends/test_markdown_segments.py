"""`segments.candidate_lines` finds exactly the lines the ``^``-anchored candidate pattern does."""

from __future__ import annotations

import random
import re
from bisect import bisect_left

from vectorless_assets.frontends.markdown import segments
from vectorless_assets.frontends.markdown.text_source import line_offsets

#: The pattern `candidate_lines` replaced: tried at every character, matching at line starts.
ANCHORED = re.compile("^" + segments._CANDIDATE_LINE, re.MULTILINE)
PIECES = ["#", "## ", "####### ", "=", "--", "- ", "```", "~~~", "<script", "<PRE", "<!--", "<?", "<x",
          "    ", "   ", " ", "\t", "\n", "\n\n", "a", "text", "|", "#x"]  # fmt: skip


def test_candidate_lines_equal_the_anchored_scan() -> None:
    rng = random.Random(11)
    hits = 0
    for _ in range(4000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 20)))
        starts, _ = line_offsets(text)
        expected = [bisect_left(starts, m.start()) for m in ANCHORED.finditer(text)]
        assert segments.candidate_lines(text, starts) == expected, repr(text)
        hits += bool(expected)
    assert hits > 1000


def test_candidate_lines_on_a_small_document() -> None:
    text = "# Title\ntext\n\n   ## Sub\n    # code\nSetext\n---\n```\n"
    starts, _ = line_offsets(text)
    assert segments.candidate_lines(text, starts) == [0, 3, 6, 7]
