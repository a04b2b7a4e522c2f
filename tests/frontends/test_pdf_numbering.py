"""Levels from numbers (`numbering`) and one source filling another in (`merge`)."""

from __future__ import annotations

from vectorless_assets.frontends.pdf.merge import agrees, by_number, denser, fill
from vectorless_assets.frontends.pdf.numbering import (
    depth,
    label_form,
    lower_label,
    nest_by_number,
    nest_by_scheme,
    part_titles,
)
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


def test_label_form_reads_a_labels_kind_and_punctuation_not_its_value() -> None:
    assert label_form("§ 4 Liability") == "§"
    assert label_form("C. Remedies") == "A."
    assert label_form("IV. Damages") == "I."
    assert label_form("3. Causation") == "1."
    assert label_form("b) Intent") == "a)"
    assert label_form("bb) Negligence") == "aa)"
    assert label_form("(iv) Costs") == "(i)"
    assert label_form("3 Syntax") is None  # a chapter number: `depth`'s
    assert label_form("3.1 Scope") is None  # a decimal number: `nest_by_number`'s
    assert label_form("a) lower case") is None  # a list item's sentence, not a title
    assert label_form("Introduction") is None


def test_lower_label_counts_as_a_number_for_a_title() -> None:
    assert lower_label("aa) Claim in tort")
    assert lower_label("(iv) Costs")
    assert not lower_label("as in the case")
    assert not lower_label("a) and so on")


LEGAL = [
    ("§ 1 Foundations", 2),
    ("A. Scope", 3),
    ("I. Persons", 4),
    ("1. Capacity", 5),
    ("a) Minors", 6),
    ("aa) Contracts", 7),
    ("bb) Torts", 7),
    ("b) Adults", 6),
    ("2. Standing", 5),
    ("II. Things", 4),
    ("B. Remedies", 3),
    ("§ 2 Obligations", 2),
    ("A. Formation", 3),
    ("I. Offer", 4),
    ("1. Terms", 5),
    ("a) Express", 6),
    ("aa) Written", 7),
]


def test_nest_by_scheme_reads_legal_numbering_from_the_documents_own_order() -> None:
    titles = [t for t, _ in LEGAL]
    flat = [2, 3, 4, 5, 5, 5, 5, 5, 5, 4, 3, 2, 3, 4, 5, 5, 5]  # "1.", "a)", "aa)" alike
    levels, changed = nest_by_scheme(titles, flat)
    assert levels == [lv for _, lv in LEGAL]
    assert [titles[i] for i in changed] == [
        "a) Minors",
        "aa) Contracts",
        "bb) Torts",
        "b) Adults",
        "a) Express",
        "aa) Written",
    ]


def test_nest_by_scheme_reads_a_letter_after_its_predecessor_not_as_a_numeral() -> None:
    titles = ["A. One", "I. Sub", "II. Sub", "B. Two", "I. Sub", "H. Eight", "I. Nine"]
    got = nest_by_scheme(titles, [1, 2, 2, 1, 2, 1, 1])
    assert got == ([1, 2, 2, 1, 2, 1, 1], [])  # two forms nest: no scheme applied
    titles = ["§ 1 X", *titles]
    levels, _ = nest_by_scheme(titles, [1, 1, 1, 1, 1, 1, 1, 1])
    assert levels == [1, 2, 3, 3, 2, 3, 2, 2]  # "I. Nine" follows "H.": a letter, beside it


def test_nest_by_scheme_leaves_two_forms_and_disagreeing_orders_alone() -> None:
    # a list "1." / "a)" inside sections: two forms are not a scheme
    assert nest_by_scheme(["1. Go", "a) Left", "b) Right"], [2, 2, 2]) == ([2, 2, 2], [])
    # the forms nest one way, then the other: no scheme
    titles = ["A. X", "I. Y", "1. Z", "I. Y", "A. X", "1. Z", "A. X", "I. Y", "1. Z", "A. X"]
    assert nest_by_scheme(titles, [1] * 10)[1] == []
