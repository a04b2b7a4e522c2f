"""Issue 35, item 3: the measure of a grep pattern before it is compiled (`pattern_bounds`).

The server-level test (tests/mcp_server/test_grep_compile_bomb.py) sends the bombs; here the
estimate itself: nested counts multiply, classes and escapes are one item, and ordinary
patterns, counted ones included, still pass and match.
"""

from __future__ import annotations

import pytest

from vectorless_assets import compile_document
from vectorless_assets.navigator import DocumentNavigator, NavigationError
from vectorless_assets.navigator.reading.pattern_bounds import (
    MAX_EXPANDED_ITEMS,
    check_pattern,
    expanded_items,
)


@pytest.mark.parametrize(
    ("pattern", "items"),
    [
        ("abc", 3),
        ("x{10}", 10),
        ("(?:x{10}){10}", 110),  # the ":" of "(?:" counts as an item: an overestimate
        ("(x{4000}){4000}", 16_000_000),
        ("x{3,}", 3),
        ("x{,7}", 7),
        ("[{}0-9]{5}", 5),  # braces inside a class are no count
        (r"\p{L}{4}", 4),
        (r"\{9999\}", 6),  # escaped braces are literals
        ("x{}", 3),  # not a count: literals
        ("a|b|c", 3),
    ],
)
def test_expanded_items(pattern: str, items: int) -> None:
    assert expanded_items(pattern) == items


def test_ordinary_patterns_pass_and_match() -> None:
    nav = DocumentNavigator(
        compile_document(b"# T\n\nInvoice 2024-03-01 total 1234\n\nnothing\n", name="t.md")
    )
    for pattern in (r"\d{4}-\d{2}-\d{2}", r"(?:\d{1,3}){1,4}", r"[a-z]{7}", "x" * 900 + "|total"):
        check_pattern(pattern)
        assert nav.grep(pattern), pattern


@pytest.mark.parametrize(
    "pattern", ["(?:x{4000}){4000}", "x" * 1001, f"x{{{MAX_EXPANDED_ITEMS + 1}}}"]
)
def test_bombs_are_refused_by_grep_with_the_reason(pattern: str) -> None:
    nav = DocumentNavigator(compile_document(b"# T\n\nxxxx\n", name="t.md"))
    with pytest.raises(NavigationError, match=r"bad regular expression .*(expand|characters)"):
        nav.grep(pattern)
