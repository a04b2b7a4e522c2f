"""The printed contents and list-of pages of a generated book.

A contents entry is a block: its title lines (wrapped when long), an author line under it in
an edited volume (cause E), the page number flush right on the title's last line or on the
author row; "Part I" alone on its row above the part's title in some books; front matter
(lists of figures and tables, cause F) with roman folios. Under "hanging_numbers" the entry
numbers are separate text objects drawn after the rows (cause B)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .layout import Flow, Geometry, Page
from .plan import Head, Plan

GAP = 4.0  # extra space between entries


@dataclass
class Entry:
    """One contents entry: lines of (x offset, role, text), the row that carries the folio,
    the heading it points at (index into the generator's targets) and its hanging number."""

    lines: list[tuple[float, str, str]]
    folio_row: int
    target: str
    number: str = ""


def entries(plan: Plan, flow: Flow, listed: list[Head], lists: list[str]) -> list[Entry]:
    """The contents entries: list pages, front matter, parts, chapters and sections down to
    `plan.toc_depth`, in page order; `target` keys "list:<name>" or "head:<index in heads>"."""
    edited = "edited_contents" in plan.conventions
    hanging = "hanging_numbers" in plan.conventions
    limit = (flow.geo.right - flow.geo.left) * 0.7  # titles wrap short of the page column
    out = [Entry([(0.0, "regular", name)], 0, f"list:{name}") for name in lists]
    for i, head in enumerate(listed):
        if head.kind == "section" and head.depth > plan.toc_depth:
            continue
        indent = 16.0 * max(0, head.depth) if head.kind == "section" else 0.0
        role = "bold" if head.kind == "part" else "regular"
        if head.kind == "part" and plan.split_part:
            out.append(Entry([(0.0, role, head.number), (0.0, role, head.title)], 1, f"head:{i}"))
            continue
        number = head.number if hanging and head.kind != "part" else ""
        text = head.title if number else head.printed
        lines = [(indent, role, t) for t in flow.wrap(text, role, plan.body, limit - indent)]
        folio_row = len(lines) - 1
        if edited and head.byline:
            lines.append((indent + 12, "italic", head.byline))
            folio_row += plan.page_on_author
        out.append(Entry(lines, folio_row, f"head:{i}", number))
    return out


def paginate(entries: list[Entry], plan: Plan, geo: Geometry) -> list[list[Entry]]:
    """Entries per contents page (the first page starts under the "Contents" title)."""
    pages: list[list[Entry]] = [[]]
    y = geo.top - plan.chapter.size * 3
    step = plan.leading * 1.15
    for e in entries:
        h = len(e.lines) * step + GAP
        if y - h < geo.bottom:
            pages.append([])
            y = geo.top - step
        pages[-1].append(e)
        y -= h
    return pages


def contents_pages(
    plan: Plan, geo: Geometry, pages: list[list[Entry]], folios: dict[str, str]
) -> list[Page]:
    """Draw the paginated entries; "Contents" is the first page's title (an outline entry)."""
    out: list[Page] = []
    step = plan.leading * 1.15
    leaders = plan.seed % 2 == 0
    for k, chunk in enumerate(pages):
        page = Page(None if k == 0 else "Contents")
        y = geo.top - step
        if k == 0:
            y = geo.top - plan.chapter.size * 1.2
            page.ops.append(("text", plan.chapter.role, plan.chapter.size, geo.left, y, "Contents"))
            if plan.outline != "none":
                page.marks.append(("Contents", 1, y + plan.chapter.size + 2))
            y -= plan.chapter.size * 1.8
        for e in chunk:
            for r, (dx, role, text) in enumerate(e.lines):
                y -= step
                if r == 0 and e.number:
                    page.late.append(("text", role, plan.body, geo.left + dx, y, e.number))
                x = geo.left + dx + (24 if e.number else 0)
                if r == e.folio_row:
                    text = f"{text} {'.' * 6}" if leaders and role != "italic" else text
                    page.ops.append(("right", "regular", plan.body, geo.right, y, folios[e.target]))
                page.ops.append(("text", role, plan.body, x, y, text))
            y -= GAP
        out.append(page)
    return out


def list_page(plan: Plan, geo: Geometry, name: str, n_body: int, rng: random.Random) -> Page:
    """A "List of Figures" (or Tables) page: its title and 5-12 numbered captions with the
    printed page numbers of body pages; these rows are not contents."""
    page = Page(None)
    y = geo.top - plan.chapter.size * 1.2
    page.ops.append(("text", plan.chapter.role, plan.chapter.size, geo.left, y, name))
    if plan.outline != "none":
        page.marks.append((name, 1, y + plan.chapter.size + 2))
    y -= plan.chapter.size * 1.8
    kind = name.split()[-1][:-1]  # "Figure", "Table"
    pos = sorted(rng.sample(range(1, n_body + 1), min(n_body, rng.randint(5, 12))))
    for k, folio in enumerate(pos, start=1):
        y -= plan.leading * 1.3
        caption = (
            f"{kind} {k}.{rng.randint(1, 4)} The {rng.choice(('map', 'plan', 'table'))} of {k}"
        )
        page.ops.append(("text", "regular", plan.body, geo.left, y, caption))
        page.ops.append(("right", "regular", plan.body, geo.right, y, str(folio)))
    return page
