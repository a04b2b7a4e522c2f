"""Heading F1 and level accuracy on held-out long books, scored against their printed contents.

The books are listed in benchmarks/quality/heldout_books/sources.json (Debian *-doc PDFs, fetched by
heldout_books/fetch_books.py into ../heldout-pdfs/flat, never into the repository); their
ground truth (level, title, physical page) was transcribed from each printed contents page by
heldout_books/transcribe.py into heldout_books/truth/. Each book is compiled three times: as
published (the compiler may use the PDF's outline) and stripped (`use_pdf_outline=False`);
and with neither outline nor printed contents (`use_printed_toc=False` too: headings detected
from the page content alone); the PDF's outline alone is scored too (what a naive reader gives).

Scoring is book_scoring's (shared with bench_publisher_books.py): bench_pdf_headings' strict
matching (normalised titles equal, pages within one), levels as tree depths, level accuracy
over matched headings, strict and under the best constant offset per file. Half A is for
tuning, half B is the check.

    python benchmarks/quality/bench_book_levels.py [--dir DIR] [--half A|B|all]
        [--set manuals|monographs] [--match S] [--baseline]
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pdf_headings import baseline_rate  # noqa: E402
from book_scoring import Item, items, score_book  # noqa: E402
from heldout_books.fetch_books import DEFAULT_DEST, books  # noqa: E402

TRUTH = Path(__file__).resolve().parent / "heldout_books" / "truth"


def run_book(path: Path, truth: list[Item], baseline: bool) -> dict[str, Any]:
    data = path.read_bytes()
    row = score_book(data, truth)
    row["base"] = baseline_rate(data) if baseline else (0, 0.0)
    return row


def med(rows: list[dict[str, Any]], name: str, k: int) -> float:
    return statistics.median(r[name][k] for r in rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=DEFAULT_DEST, help="folder of the fetched PDFs")
    ap.add_argument("--half", choices=("A", "B", "all"), default="all")
    ap.add_argument("--match", default="")
    ap.add_argument(
        "--set",
        choices=("manuals", "monographs", "publishers", "all"),
        default="all",
        help="Debian manuals, TeX monographs or non-TeX publishers (issue 36)",
    )
    ap.add_argument(
        "--baseline", action="store_true", help="also time pypdf extract_text (pages/s ratio)"
    )
    args = ap.parse_args()
    logging.disable(logging.CRITICAL)
    if not args.dir.is_dir():
        fetch = "benchmarks/quality/heldout_books/fetch_books.py"
        print(f"skipped: {args.dir} is absent (run {fetch})")
        return 0
    rows: list[dict[str, Any]] = []
    print(
        f"{'':2}{'file':30} {'pages':>5} {'gold':>4} {'outl':>4} | "
        f"{'pub F1':>6} {'lvl':>5} {'lvl~':>5} | {'strip F1':>8} {'lvl':>5} "
        f"{'lvl~':>5} | {'det F1':>6} {'lvl':>5} {'lvl~':>5} | {'outl F1':>7}"
    )
    for b in books():
        if args.match not in b["file"] or args.half not in ("all", b["half"]):
            continue
        if args.set not in ("all", b.get("set", "manuals")):
            continue
        if not (args.dir / b["file"]).exists():
            print(f"  {b['file']}: absent, skipped")
            continue
        t = json.loads((TRUTH / (Path(b["file"]).stem + ".json")).read_text())
        truth = items([(title, page, lv) for lv, title, page in t["entries"]])
        row = run_book(args.dir / b["file"], truth, args.baseline)
        row.update(half=b["half"], file=b["file"], gold=len(truth))
        rows.append(row)
        pub, strip, det, outl = row["pub"], row["strip"], row["detect"], row["outline"]
        print(
            (
                f"{b['half']:2}{b['file'][:30]:30} {row['pages']:5d} {len(truth):4d} "
                f"{row['outline_n']:4d} | {pub[2]:6.2f} {pub[3]:5.2f} {pub[4]:5.2f} | "
                f"{strip[2]:8.2f} {strip[3]:5.2f} {strip[4]:5.2f} | {det[2]:6.2f} "
                f"{det[3]:5.2f} {det[4]:5.2f} | {outl[2]:7.2f}"
            ),
            flush=True,
        )
    for h in ("A", "B", "all"):
        part = [r for r in rows if h in ("all", r["half"])]
        if not part:
            continue
        label = {"A": "half A (tune)", "B": "half B (check)", "all": "all"}[h]
        print(
            f"{label}: n={len(part)} median as published "
            f"F1={med(part, 'pub', 2):.2f} level={med(part, 'pub', 3):.2f} (offset "
            f"{med(part, 'pub', 4):.2f});"
            f" stripped F1={med(part, 'strip', 2):.2f} "
            f"level={med(part, 'strip', 3):.2f} (offset "
            f"{med(part, 'strip', 4):.2f});"
            f" detection only F1={med(part, 'detect', 2):.2f} "
            f"level={med(part, 'detect', 3):.2f} (offset "
            f"{med(part, 'detect', 4):.2f}); outline alone "
            f"F1={med(part, 'outline', 2):.2f}"
        )
    pages = sum(r["pages"] for r in rows)
    rate = pages / sum(r["strip_dt"] for r in rows) if rows else 0.0
    btime = sum(r["base"][1] for r in rows)
    ratio = (
        f", {rate / (sum(r['base'][0] for r in rows) / btime):.2f}x of pypdf extract_text"
        if btime
        else ""
    )
    pub = pages / sum(r["pub_dt"] for r in rows) if rows else 0.0
    print(f"stripped: {rate:.1f} pages/s over {pages} pages{ratio}; as published {pub:.1f} pages/s")
    check = [r for r in rows if r["half"] == "B"]
    for name in ("pub", "strip", "detect") if check else ():
        low = [r["file"] for r in check if r[name][3] < 0.85]
        mean = statistics.mean(r[name][3] for r in check)
        print(
            f"check half, {name}: mean strict level {mean:.2f}; under 0.85: "
            f"{', '.join(low) or 'none'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
