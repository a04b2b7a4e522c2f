"""Heading signals scoped per chapter: titles recurring once per chapter, and section numbers
that restart in every chapter.

A body-size title that recurs four times or more is usually a table header or a label; but
a book's chapters each have their own "Introduction", "Conclusion" or "Notes": such a title
recurs once per chapter, with a chapter opener (a candidate set larger) between any two of
its occurrences, and is a heading (`once_per_chapter`). A table header recurs within one
chapter, page after page.

When chapters are numbered "1." in large type, body-size "1." lines are list items, unless
their numbers restart in each chapter and run through it ("1 Background", "2 Method" over
several pages, again in the next chapter): then they are the chapter's sections, one level
below it (`scoped_sections`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from vectorless_assets.frontends.pdf.numbering import number
from vectorless_assets.frontends.pdf.text import Line

MAX_WORDS = 6  # a recurring section title is short ("Introduction", "Notes and References")


class _Cand(Protocol):
    start: int
    title: str
    key: tuple[float, bool, bool]
    depth: int
    strong: bool


def _opener(c: _Cand, key: tuple[float, bool, bool]) -> bool:
    """True when `c` opens a chapter for titles in style `key`: it is set larger."""
    return c.strong or c.key[0] > key[0]


def once_per_chapter(cands: Sequence[_Cand], title: str, lines: list[Line]) -> bool:
    """True when the candidates titled `title` (case-insensitive) recur once per chapter: two
    or more, a short title without digits, each on its own page with a chapter opener between
    any two of them."""
    low = title.lower()
    idx = [i for i, c in enumerate(cands) if c.title.lower() == low]
    if len(idx) < 2 or len(title.split()) > MAX_WORDS or any(ch.isdigit() for ch in title):
        return False
    key = cands[idx[0]].key
    pages = {lines[cands[i].start].page for i in idx}
    if len(pages) < len(idx):
        return False
    return all(
        any(_opener(c, key) for c in cands[a + 1 : b]) for a, b in zip(idx, idx[1:], strict=False)
    )


def scoped_sections(cands: Sequence[_Cand], lines: list[Line]) -> set[int]:
    """Indexes of the body-size, bold "1"-numbered candidates that are sections numbered per
    chapter (large "1." chapters between them): in a chapter, the first run of them numbered
    1, 2, 3 ... over more than one page (a numbered list sits on one page); in at least two
    chapters, and half of those with such candidates."""
    chapters: list[list[int]] = [[]]
    for i, c in enumerate(cands):
        if c.strong and c.depth == 1:
            chapters.append([])
        elif not c.strong and c.depth == 1 and c.key[1]:
            chapters[-1].append(i)
    found = [_sections(cands, run, lines) for run in chapters if run]
    good = [s for s in found if s]
    if len(good) < 2 or len(good) < 0.5 * len(found):
        return set()
    return {i for s in good for i in s}


def _sections(cands: Sequence[_Cand], run: list[int], lines: list[Line]) -> list[int]:
    """The first run 1, 2, 3 ... (at least two) of `run` spread over several pages, else []."""
    seqs: list[list[int]] = []
    for i in run:
        num = number(cands[i].title).rstrip(".")
        if num == "1":
            seqs.append([i])
        elif seqs and num == str(len(seqs[-1]) + 1):
            seqs[-1].append(i)
    return next(
        (
            seq
            for seq in seqs
            if len(seq) >= 2 and len({lines[cands[i].start].page for i in seq}) > 1
        ),
        [],
    )
