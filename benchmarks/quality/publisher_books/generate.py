"""Generate a publisher-style book from a seed: the PDF, its ground truth and its conventions.

Page order: title page, series page (books with bylines), contents pages, list pages, the
preface, then the body (parts, chapters, sections). Front matter folios are roman, the body's
arabic from 1. Truth entries are (title as printed, level, 1-based physical page) of every
heading the generator draws: the contents and list titles, the preface, parts, chapters and
sections (levels: tree depth, front matter and parts or chapters at 1).

    python -m publisher_books.generate SEED... --out DIR   (run from benchmarks/quality/; writes
    book-SEED.pdf and book-SEED.json to DIR, never into the repository)
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

from .contents import contents_pages, entries, list_page, paginate
from .layout import Geometry, Page, flow_heads
from .plan import Plan, draw_plan
from .render import render
from .words import roman


@dataclass
class Book:
    seed: int
    pdf: bytes
    truth: list[tuple[str, int, int]]
    conventions: list[str]
    pages: int
    plan: Plan


def _cover(plan: Plan, geo: Geometry) -> list[Page]:
    """The title page (title, author or editor, publisher) and, in books with bylines, a
    series page: neither carries a heading."""
    mid = (geo.left + geo.right) / 2
    who = ("Edited by " if "edited_contents" in plan.conventions else "") + plan.author
    title = Page(None)
    title.ops += [
        ("centre", "bold", plan.chapter.size, mid, geo.top - 120, plan.title),
        ("centre", "regular", plan.body * 1.4, mid, geo.top - 170, who),
        ("centre", "regular", plan.body, mid, geo.bottom + 20, "Northgate Academic Press"),
    ]
    pages = [title]
    if "byline" in plan.conventions:
        series = Page(None)
        series.ops += [
            ("centre", "bold", plan.body * 1.2, mid, geo.top - 60, "Studies in Comparative Law"),
            ("centre", "italic", plan.body, mid, geo.top - 80, f"Volume {plan.seed % 40 + 3}"),
        ]
        pages.append(series)
    return pages


def generate(seed: int) -> Book:
    """Book `seed`: the same seed gives the same bytes."""
    plan = draw_plan(seed)
    geo = Geometry.of(plan)
    rng = random.Random(seed * 31 + 7)
    front = [h for h in plan.heads if h.kind == "front"]
    cover = _cover(plan, geo)
    for _ in range(3):  # body lengths rescaled until the book has 20-80 pages
        body = flow_heads(plan, geo, [h for h in plan.heads if h.kind != "front"], seed * 31 + 1)
        pre = flow_heads(plan, geo, front, seed * 31 + 2)
        chunks = paginate(entries(plan, body, plan.heads, plan.lists), plan, geo)
        at_lists = len(cover) + len(chunks)
        n_front = at_lists + len(plan.lists) + len(pre.pages)
        total = n_front + len(body.pages)
        if 20 <= total <= 80:
            break
        for h in plan.heads:
            h.lines = max(2, round(h.lines * plan.target_pages / total))

    def folio(p: int) -> str:
        f = roman(p + 1)
        return str(p - n_front + 1) if p >= n_front else f.upper() if plan.upper_folios else f

    page_of = {id(h): n_front + p for h, p in body.truth}
    page_of |= {id(h): at_lists + len(plan.lists) + p for h, p in pre.truth}
    targets = {f"head:{i}": folio(page_of[id(h)]) for i, h in enumerate(plan.heads)}
    targets |= {f"list:{name}": folio(at_lists + k) for k, name in enumerate(plan.lists)}
    lists = [list_page(plan, geo, name, len(body.pages), rng) for name in plan.lists]
    pages = cover + contents_pages(plan, geo, chunks, targets) + lists + pre.pages + body.pages
    folios = [None if p < len(cover) else folio(p) for p in range(len(pages))]
    truth = [("Contents", 1, len(cover) + 1)]
    truth += [(name, 1, at_lists + k + 1) for k, name in enumerate(plan.lists)]
    truth += [(h.printed, h.level, page_of[id(h)] + 1) for h in plan.heads]
    pdf = render(plan, geo, pages, folios)
    return Book(seed, pdf, truth, sorted(plan.conventions), len(pages), plan)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seeds", type=int, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        book = generate(seed)
        (args.out / f"book-{seed}.pdf").write_bytes(book.pdf)
        meta = {"seed": seed, "pages": book.pages, "conventions": book.conventions}
        (args.out / f"book-{seed}.json").write_text(
            json.dumps({**meta, "truth": book.truth}, indent=1)
        )
        print(f"book-{seed}: {book.pages} pages, {len(book.truth)} headings, {book.conventions}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
