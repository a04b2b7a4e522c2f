"""ScorePass: density, data richness, specificity and composite per leaf with content."""

from __future__ import annotations

import random
import re

import pytest

from tests.support.index_trees import N, build, snapshot
from vectorless_assets.passes import score
from vectorless_assets.passes.context import PassContext


def test_every_leaf_with_content_is_scored_and_nothing_else() -> None:
    tree = build(
        N("Doc", "root text", [N("A", "alpha beta"), N("B", "   "), N("C", "", [N("D", "delta")])])
    )
    before = snapshot(tree)
    scores = score.run(tree=tree, ctx=PassContext()).scores
    ids = {n.title: n.node_id for n in tree.nodes}
    assert set(scores) == {ids["A"], ids["D"]}
    assert snapshot(tree) == before


def test_density_is_unique_over_total_tokens() -> None:
    assert score.score_text("cat dog cat dog").density == 0.5
    assert score.score_text("one two three four").density == 1.0


def test_richness_components_add_up_and_cap_at_one() -> None:
    plain = score.score_text("words only here nothing else")
    assert plain.data_richness == 0.0
    table = score.score_text("| a | b |\n|---|---|\n| x | y |")
    assert table.data_richness >= 0.3
    code = score.score_text("call `run()` now")
    assert code.data_richness == pytest.approx(0.2)
    lists = score.score_text("- a\n- b\n- c\n- d\n- e\n- f\n")
    assert lists.data_richness == pytest.approx(0.2)
    digits = score.score_text("in 2023 revenue was 4,512 up 12%")
    assert digits.data_richness == pytest.approx(0.3)
    everything = score.score_text("| 1 | 2 | 3 | 4 |\n```\ncode\n```\n- 1\n- 2\n- 3\n- 4\n- 5\n")
    assert everything.data_richness == 1.0


def test_filler_lowers_specificity_down_to_a_floor() -> None:
    assert score.score_text("revenue grew in europe").specificity == 1.0
    half = score.score_text("really basically revenue grew")
    assert half.specificity == pytest.approx(0.5)
    assert score.score_text("really really really really").specificity == pytest.approx(0.2)


def test_composite_weights() -> None:
    s = score.score_text("Revenue was 4,512 in 2023; see `report` and:\n- a\n- b\n")
    assert s.composite == pytest.approx(
        0.4 * s.density + 0.3 * s.data_richness + 0.3 * s.specificity, abs=1e-6
    )
    for value in (s.density, s.data_richness, s.specificity, s.composite):
        assert 0.0 <= value <= 1.0
        assert value == round(value, 6)


def test_cjk_text_gets_a_density() -> None:
    s = score.score_text("東京都の人口は多い。東京都の面積は小さい。")
    assert 0.0 < s.density < 1.0


def test_list_item_count_matches_the_multiline_pattern() -> None:
    """`_list_lines` searches for the newline before each item; same count as `^` matches."""
    import random

    rng = random.Random(1)
    parts = [
        "- ",
        "* ",
        "• ",
        "1. ",
        "12) ",
        "1234. ",
        "\n",
        "\n\n",
        "  ",
        "\t",
        "x",
        "word ",
        "-",
        " \n",
        "\u00a0",
        "\u2028",
    ]
    for _ in range(20000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 15)))
        for cap in (1, 5, 100):
            expected = min(cap, sum(1 for _ in score._LIST_RE.finditer(text)))
            assert score._list_lines(text, cap) == expected, (repr(text), cap)


def test_space_and_digit_counts_equal_their_definition_on_random_texts() -> None:
    """Counted in UTF-8 bytes (ASCII) plus the non-ASCII spaces and digits: equal to counting
    every `_SPACES` character and every `\\d` match, on random mixed texts."""
    rng = random.Random(11)
    pool = "ab Z09 \t\n\r\f\v\x1c\x85\u00a0\u3000\u2028é—東京٣３\ud800|`-"
    for _ in range(500):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 40)))
        expected = (
            len(text) - sum(text.count(c) for c in score._SPACES),
            len(re.findall(r"\d", text)),
        )
        assert score._non_space_and_digits(text) == expected


def test_code_detection_equals_the_multiline_pattern_on_random_texts() -> None:
    rng = random.Random(5)
    pool = ["```", "~~~", "`", "``", "`x`", " ", "\t", "\n", "\n\n", "a", "~~", "\u3000", "`\n`"]
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))
        assert score._has_code(text) == bool(score._CODE_RE.search(text)), repr(text)
