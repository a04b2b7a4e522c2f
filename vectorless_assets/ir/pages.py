"""Page breaks inside a node's text: the offset arithmetic shared by the tree-rewriting passes.

A PDF node's own text runs over its own pages `start..end`; `page_breaks` holds, for each
page after the first, the character offset in the text where that page begins (so there are
`end - start` of them, non-decreasing, each within `0..len(text)`). Equal offsets mean empty
pages: a page without text belongs to the text before it. Markdown and DOCX nodes have no
pages and no breaks; a PDF node of one page has pages and no breaks. Breaks are *known* when
their number matches the pages (`known`); an IR compiled before breaks were recorded has
none, and then every consumer falls back to what it did without them.

`join` concatenates texts with their pages and breaks (build's thinning fold, optimize's
merges, demoting a PDF heading); `slices` gives the pages and breaks of consecutive pieces of
one text (the split pass's parts), `locate_pieces` finds those pieces in the text.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PagedText:
    """A text with its pages (`start`..`end`, None when unknown) and the page breaks in it."""

    text: str
    start: int | None = None
    end: int | None = None
    breaks: list[int] = field(default_factory=list)

    @classmethod
    def heading(cls, text: str, page: int | None) -> PagedText:
        """A heading line: on one page (the first of its section)."""
        return cls(text, page, page, [])

    @property
    def known(self) -> bool:
        """True when the breaks say where every page begins (or there are no pages)."""
        return known(self.start, self.end, self.breaks)


def known(start: int | None, end: int | None, breaks: Sequence[int]) -> bool:
    """Breaks match pages `start..end`: one per page after the first (no pages: none)."""
    if start is None or end is None:
        return not breaks
    return end >= start and len(breaks) == end - start


def page_of(start: int, breaks: Sequence[int], offset: int) -> int:
    """The page the character at `offset` lies on."""
    return start + bisect_right(breaks, offset)


def join(pieces: Sequence[PagedText], sep: str) -> PagedText:
    """`sep.join` of the non-empty texts, with pages from the first piece's start to the
    latest end and the breaks of every piece shifted to its place. A piece starting on a
    page after the text so far ends adds breaks at its own start (the pages between are
    empty); an empty piece's pages begin where the next text would. When a piece with pages
    has unknown breaks the result's breaks are empty (unknown over more than one page)."""
    texts: list[str] = []
    breaks: list[int] = []
    start: int | None = None
    end: int | None = None
    pos = 0
    exact = True
    for piece in pieces:
        at = pos + len(sep) if texts else 0
        if piece.text:
            texts.append(piece.text)
            pos = at + len(piece.text)
        if piece.start is None or piece.end is None:
            continue
        exact = exact and piece.known
        if start is None or end is None:
            start, end = piece.start, piece.start
        breaks.extend([at] * (piece.start - end))  # empty pages before this piece
        first = max(end, piece.start)
        for page in range(first + 1, piece.end + 1):
            k = page - piece.start - 1
            breaks.append(at + piece.breaks[k] if exact else at)
        end = max(end, piece.end)
    text = sep.join(texts)
    if not exact:
        breaks = []
    return PagedText(text, start, end, [min(b, len(text)) for b in breaks])


def slices(
    start: int | None, end: int | None, breaks: Sequence[int], spans: Sequence[tuple[int, int]]
) -> list[PagedText] | None:
    """Pages and breaks of consecutive pieces `text[a:b]` of a text on pages `start..end`.

    A piece starts on the page of its first character and ends on the page of its last,
    extended over empty pages before the next piece (the last piece ends on `end`), so the
    pieces' pages cover `start..end` in order, neighbours sharing a page where the text
    between them does not break. None when the breaks are unknown or there are no pages.
    """
    if start is None or end is None or not known(start, end, breaks) or not spans:
        return None
    out: list[PagedText] = []
    for i, (a, b) in enumerate(spans):
        first = start if i == 0 else page_of(start, breaks, a)
        if i + 1 == len(spans):
            last = end
        else:
            last = max(
                page_of(start, breaks, max(a, b - 1)), page_of(start, breaks, spans[i + 1][0]) - 1
            )
        last = max(first, last)
        local = [min(max(breaks[p - start - 1] - a, 0), b - a) for p in range(first + 1, last + 1)]
        out.append(PagedText("", first, last, local))
    return out


def locate_pieces(text: str, pieces: Sequence[str]) -> list[tuple[int, int]] | None:
    """Where consecutive `pieces` lie in `text`, each right after the one before it or after
    one newline; None when they do not tile the text that way."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for piece in pieces:
        if spans and not text.startswith(piece, pos) and text.startswith("\n", pos):
            pos += 1
        if not text.startswith(piece, pos):
            return None
        spans.append((pos, pos + len(piece)))
        pos += len(piece)
    return spans
