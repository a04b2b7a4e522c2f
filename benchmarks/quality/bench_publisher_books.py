"""Heading F1 and level accuracy on generated publisher-style books (issue 36), per convention.

Each seed draws a book of 20-80 pages (benchmarks/quality/publisher_books/: reportlab, the same seed
gives the same bytes) mixing the conventions TeX books lack: italic, small-caps or all-caps,
unbolded-larger and subset-renamed ("…+MinionPro-Sb") heading styles, bylines under chapter
titles, edited-volume contents, legal numbering, hanging numbers drawn as separate text
objects, a crop box inside the A4 media box, list-of entries in the contents, per-chapter
"Introduction"/"Conclusion" sections, with a full, chapters-only or no outline. The truth
(title, level, page) is what the generator drew. Each book is compiled as published and with
the outline removed (fast mode, no LLM) and scored by book_scoring (bench_book_levels'
scorer; titles keyed as there, legal "§ 3" and "aa)" numbers dropped too). Seeds split into
halves: even seeds tune, odd seeds check. The tables give, per half, each convention's books
(a book counts under each convention it uses) and all books: means of F1 as published, its
strict level accuracy, F1 outline removed, its strict and best-offset level accuracy, and
the outline alone's F1 over the books with an outline; then the medians and the books whose
F1 as published falls below their outline's alone by more than 0.02.

    nice -n 10 python benchmarks/quality/bench_publisher_books.py [--books 40] [--first 0]
        [--half tune|check|all] [--per-book] [--dump DIR]
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pdf_headings import key  # noqa: E402
from book_scoring import items, score_book  # noqa: E402
from publisher_books.generate import generate  # noqa: E402
from publisher_books.plan import DRAWN  # noqa: E402

_LEGAL = re.compile(r"^\s*(?:§+\s*\d+[a-z]?|[a-z]{2}\))\s+")  # "§ 3 ", "aa) "
CONVENTIONS = (*DRAWN, "outline", "sparse_outline", "no_outline")
COLUMNS = {
    "F1 pub": ("pub", 2),
    "lvl pub": ("pub", 3),
    "F1 strip": ("strip", 2),
    "lvl strip": ("strip", 3),
    "lvl~ strip": ("strip", 4),
}


def pkey(title: str) -> str:
    """bench_pdf_headings' key, legal numbers ("§ 3", "aa)") dropped first."""
    return key(_LEGAL.sub("", title, count=1))


def run(seed: int, dump: Path | None) -> dict[str, Any]:
    """Generate book `seed`, compile and score it: one row of the table."""
    book = generate(seed)
    if dump:
        dump.mkdir(parents=True, exist_ok=True)
        (dump / f"book-{seed}.pdf").write_bytes(book.pdf)
        meta = {"seed": seed, "conventions": book.conventions, "truth": book.truth}
        (dump / f"book-{seed}.json").write_text(json.dumps(meta, indent=1))
    truth = items([(t, page, lv) for t, lv, page in book.truth], pkey)
    scores = score_book(book.pdf, truth, modes=("pub", "strip"), keyf=pkey)
    conv = set(book.conventions)
    if not conv & {"outline", "sparse_outline"}:
        conv.add("no_outline")
    row: dict[str, Any] = {
        "seed": seed,
        "half": "tune" if seed % 2 == 0 else "check",
        "pages": book.pages,
        "gold": len(truth),
        "conventions": sorted(conv),
        "dt": scores["strip_dt"],
    }
    row |= {col: scores[mode][k] for col, (mode, k) in COLUMNS.items()}
    row["F1 outline"] = scores["outline"][2] if scores["outline_n"] else float("nan")
    return row


def table(rows: pd.DataFrame) -> pd.DataFrame:
    """Means per convention (a book under each it uses) and over all books."""
    cols = [*COLUMNS, "F1 outline"]
    out = []
    for name in (*CONVENTIONS, "all"):
        part = rows if name == "all" else rows[rows["conventions"].map(lambda c, n=name: n in c)]
        if len(part):
            out.append({"convention": name, "n": len(part), **part[cols].mean().round(3)})
    return pd.DataFrame(out).set_index("convention")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--books", type=int, default=40, help="how many seeds")
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--half", choices=("tune", "check", "all"), default="all")
    ap.add_argument("--per-book", action="store_true", help="print each book's row")
    ap.add_argument("--dump", type=Path, help="write each PDF and its truth here (not the repo)")
    args = ap.parse_args()
    logging.disable(logging.CRITICAL)
    seeds = range(args.first, args.first + args.books)
    seeds = [s for s in seeds if args.half == "all" or (s % 2 == 0) == (args.half == "tune")]
    t0 = time.perf_counter()
    rows = pd.DataFrame([run(s, args.dump) for s in seeds])
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 20)
    if args.per_book:
        show = rows.assign(conventions=rows["conventions"].map(",".join))
        print(show.drop(columns="dt").to_string(index=False, float_format="%.2f"))
    for half in ("tune", "check"):
        part = rows[rows["half"] == half]
        if len(part):
            print(f"\n{half} half: {len(part)} books, {part['pages'].sum()} pages (means)")
            print(table(part).to_string(float_format="%.3f"))
            med = part[list(COLUMNS)].median()
            print("medians: " + ", ".join(f"{c} {v:.2f}" for c, v in med.items()))
            below = part[part["F1 pub"] < part["F1 outline"] - 0.02]["seed"].tolist()
            print(f"as published below the outline alone (by > 0.02): {len(below)} {below}")
    rate = rows["pages"].sum() / rows["dt"].sum()
    print(f"\noutline removed: {rate:.1f} pages/s; {time.perf_counter() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
