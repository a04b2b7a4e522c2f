"""Reading item numbers from a model's JSON answer (`llm.ask.json_positions`): odd types
never crash a pass or a search and never pick an item they do not name."""

from __future__ import annotations

import math

from vectorless_assets.llm.ask import json_positions, json_value


def test_whole_numbers_in_range_in_answer_order_without_repeats() -> None:
    assert json_positions([3, 1, 3, 2.0, "2", " 4 "], 4) == [2, 0, 1, 3]


def test_odd_values_are_ignored() -> None:
    odd = [
        True,
        False,
        None,
        0,
        -1,
        5,
        1.5,
        math.nan,
        math.inf,
        -math.inf,
        "x",
        "1.0",
        [1],
        {"n": 1},
    ]
    assert json_positions(odd, 4) == []
    assert json_positions({"1": 1}, 4) == [] and json_positions("1, 2", 4) == []


def test_nan_and_infinity_from_a_real_answer() -> None:
    value = json_value('{"answer": [NaN, Infinity, -Infinity, 2], "open": [true]}')
    assert json_positions(value["answer"], 3) == [1] and json_positions(value["open"], 3) == []
