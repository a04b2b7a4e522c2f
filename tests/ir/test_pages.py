"""The page-break arithmetic (`vectorless_assets.ir.pages`): joining paged texts and slicing one."""

from __future__ import annotations

from vectorless_assets.ir.pages import (
    PagedText,
    join,
    known,
    locate_pieces,
    page_of,
    slices,
)


def pages_of_chars(p: PagedText) -> list[int]:
    """The page of every character of `p`'s text."""
    assert p.start is not None
    return [page_of(p.start, p.breaks, i) for i in range(len(p.text))]


def test_join_shifts_each_pieces_breaks_and_fills_empty_pages() -> None:
    a = PagedText("aaaa\nbbbb", 3, 4, [5])  # 'bbbb' on page 4
    b = PagedText("cc\ndd", 6, 7, [3])  # page 5 empty, 'cc' on 6, 'dd' on 7
    out = join([a, b], "\n")
    assert out.text == "aaaa\nbbbb\ncc\ndd"
    assert (out.start, out.end) == (3, 7)
    assert out.breaks == [5, 10, 10, 13]
    assert out.known
    assert pages_of_chars(out) == [3] * 5 + [4] * 5 + [6] * 3 + [7] * 2


def test_join_of_pieces_sharing_a_page_adds_no_break_and_skips_empty_texts() -> None:
    heading = PagedText.heading("Title", 2)
    body = PagedText("x\ny", 2, 3, [2])
    empty = PagedText("", 2, 2, [])  # a heading without text on the same page
    out = join([heading, empty, body], "\n")
    assert out.text == "Title\nx\ny"
    assert (out.start, out.end, out.breaks) == (2, 3, [8])


def test_join_with_unknown_breaks_or_without_pages() -> None:
    old = PagedText("no breaks recorded", 5, 9, [])  # an IR from before page breaks
    assert not join([PagedText("a", 4, 4, []), old], "\n").breaks
    md = join([PagedText("# a"), PagedText("text")], "\n\n")
    assert (md.text, md.start, md.end, md.breaks) == ("# a\n\ntext", None, None, [])
    assert md.known
    assert not known(5, 9, []) and known(5, 5, []) and known(None, None, [])


def test_slices_partition_the_pages_in_order() -> None:
    text = "p1 line\np1 more\np2 line\np2 more\np4 line"  # page 3 is empty
    breaks = [16, 32, 32]  # pages 2, 3, 4 begin here
    cut = [0, 8, 32, len(text)]  # three pieces at line starts, "\n" left between them
    spans = [(cut[i], cut[i + 1] - (1 if i + 2 < len(cut) else 0)) for i in range(3)]
    parts = slices(1, 4, breaks, spans)
    assert parts is not None
    assert [(p.start, p.end) for p in parts] == [(1, 1), (1, 3), (4, 4)]
    assert parts[1].breaks == [8, 23]  # page 2 at 'p2 line'; page 3 empty, at its end
    for p, (a, b) in zip(parts, spans, strict=True):
        assert known(p.start, p.end, p.breaks)
        local = PagedText(text[a:b], p.start, p.end, p.breaks)
        expect = [page_of(1, breaks, i) for i in range(a, b)]
        assert pages_of_chars(local) == expect
    assert slices(1, 4, [], spans) is None  # unknown breaks: nothing to slice by


def test_locate_pieces_finds_lines_and_pieces_of_one_line() -> None:
    text = "alpha beta\ngamma\ndelta epsilon"
    assert locate_pieces(text, ["alpha beta", "gamma\ndelta ", "epsilon"]) == [
        (0, 10),
        (11, 23),
        (23, 30),
    ]
    assert locate_pieces(text, ["alpha", "delta"]) is None
