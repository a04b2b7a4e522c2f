"""Levels from numbers (`numbering`) and one source filling another in (`merge`)."""

from __future__ import annotations

from vectorless_assets.frontends.pdf.merge import agrees, by_number, denser, fill
from vectorless_assets.frontends.pdf.numbering import depth, nest_by_number, part_titles
from vectorless_assets.frontends.pdf.sections import Placed


def test_depth_reads_part_chapter_and_decimal_numbers() -> None:
    assert depth("Part II Practice") == 0
    assert depth("II Implementation") is None  # a bare numeral is a part only in context
    assert depth("II Implementation", parts=True) == 0
    assert depth("Chapter 3: Syntax") == 1
    assert depth("Appendix B Tables") == 1
    assert depth("3 Syntax") == 1
    assert depth("3.4.1 Scope") == 3
    assert depth("Introduction") is None
    assert depth("2023 results") is None  # a year is no chapter number


def test_bare_roman_numerals_are_parts_only_when_several_occur() -> None:
    assert part_titles(["I User's guide", "1 History", "II Implementation"])
    assert not part_titles(["I Wish It Were Simpler", "1 History"])


def test_nest_by_number_puts_sections_under_their_chapter() -> None:
    titles = [
        "3 Functions",
        "3.1 Control",
        "3.2 Other",
        "3.2.1 Detail",
        "Index",
        "4 Next",
        "4.1 First",
    ]
    levels, changed = nest_by_number(titles, [1, 1, 1, 1, 1, 1, 1])  # a flat outline
    assert levels == [1, 2, 2, 3, 1, 1, 2]
    assert changed == [1, 2, 3, 6]
    # a filing's notes "1.", "2." have no parent number: their levels stay
    assert nest_by_number(["Notes", "1. Basis", "2. Revenue"], [2, 3, 3]) == ([2, 3, 3], [])


def _p(start: int, title: str, level: int, page: int, source: str) -> Placed:
    return Placed(start, start + 1, title, level, page, source)


def test_fill_nests_a_denser_source_below_the_frame_by_the_offset_where_they_meet() -> None:
    frame = [
        _p(0, "4 Library mode", 1, 0, "outline"),
        _p(10, "4.2 Technical notes", 2, 1, "outline"),
    ]
    contents = [
        _p(0, "Chapter 4: Library mode", 1, 0, "contents"),
        _p(10, "4.2 Technical notes", 2, 1, "contents"),
        _p(12, "4.2.1 Compatibility", 3, 1, "contents"),
        _p(20, "4.2.2 Types", 3, 2, "contents"),
    ]
    assert denser(frame, contents) and agrees(frame, contents)
    got = [(p.title, p.level, p.source) for p in by_number(fill(frame, contents))]
    assert got == [
        ("4 Library mode", 1, "outline"),
        ("4.2 Technical notes", 2, "outline"),
        ("4.2.1 Compatibility", 3, "contents"),
        ("4.2.2 Types", 3, "contents"),
    ]


def test_fill_without_an_anchor_nests_one_below_the_frame_entry() -> None:
    frame = [_p(0, "Overview", 1, 0, "outline"), _p(30, "Design", 1, 3, "outline")]
    detected = [
        _p(5, "Purpose", 3, 0, "detection"),
        _p(9, "Scope", 4, 1, "detection"),
        _p(35, "Storage", 3, 3, "detection"),
    ]
    got = [(p.title, p.level) for p in sorted(fill(frame, detected), key=lambda p: p.start)]
    assert got == [("Overview", 1), ("Purpose", 2), ("Scope", 3), ("Design", 1), ("Storage", 2)]
