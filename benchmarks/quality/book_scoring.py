"""Scoring of a compiled book against ground-truth headings (level, title, page), shared by
bench_book_levels.py (held-out books) and bench_publisher_books.py (generated books).

Matching is bench_pdf_headings' strict scorer (normalised titles equal, pages within one).
Levels are tree depths: a heading's depth is one more than that of the nearest earlier
heading of a lower level (as the build pass nests them), for the truth and the prediction
alike. Level accuracy is over matched headings: strict (depth equals the true depth) and under
the best constant offset per book (an extra wrapper level forgiven).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pdf_headings import key, pairs, prf  # noqa: E402

from vectorless_assets.frontends.pdf import open_pdf, parse_pdf  # noqa: E402
from vectorless_assets.frontends.pdf.outline import read_outline  # noqa: E402
from vectorless_assets.options import CompileOptions  # noqa: E402

Item = tuple[str, int, int]  # key, page, depth
Scores = tuple[float, float, float, float, float]  # P, R, F1, strict level, best-offset level
# name -> (use the PDF's outline, use the printed contents)
MODES = {"pub": (True, True), "strip": (False, True), "detect": (False, False)}


def depths(levels: list[int]) -> list[int]:
    """Tree depth of each heading level in order (the build pass's nesting)."""
    stack: list[int] = []
    out = []
    for lv in levels:
        while stack and stack[-1] >= lv:
            stack.pop()
        stack.append(lv)
        out.append(len(stack))
    return out


def level_scores(truth: list[Item], pred: list[Item]) -> Scores:
    """(precision, recall, F1, strict level accuracy, level accuracy under the best offset)."""
    matched = pairs(truth, pred)
    p, r, f1 = prf(len(matched), len(truth), len(pred))
    diffs = Counter(pred[j][2] - truth[i][2] for i, j in matched.items())
    n = len(matched)
    strict = diffs[0] / n if n else 0.0
    best = max(diffs.values()) / n if n else 0.0
    return p, r, f1, strict, best


def items(
    titles_pages_levels: list[tuple[str, int, int]], keyf: Callable[[str], str] = key
) -> list[Item]:
    """(key, page, depth) of (title, page, level) rows in order; rows with an empty key
    dropped after the depths are taken."""
    levels = depths([lv for _, _, lv in titles_pages_levels])
    return [
        (keyf(t), pg, d)
        for (t, pg, _), d in zip(titles_pages_levels, levels, strict=True)
        if keyf(t)
    ]


def score_book(
    data: bytes,
    truth: list[Item],
    modes: tuple[str, ...] = ("pub", "strip", "detect"),
    keyf: Callable[[str], str] = key,
) -> dict[str, Any]:
    """Compile `data` in each of `modes` (fast mode, no LLM) and score it against `truth`;
    also the PDF's outline alone. Keys: each mode's Scores and `<mode>_dt` (seconds),
    "outline" (Scores, zeros without one), "outline_n", "pages"."""
    row: dict[str, Any] = {}
    for name in modes:
        use, toc = MODES[name]
        opts = CompileOptions(
            use_pdf_outline=use, use_printed_toc=toc, max_pages=None, pdf_timeout_seconds=None
        )
        t0 = time.perf_counter()
        parsed = parse_pdf(data, options=opts)
        row[f"{name}_dt"] = time.perf_counter() - t0
        pred = items(
            [(r.title, r.start_page or 0, r.level) for r in parsed.raw_nodes if r.level >= 1], keyf
        )
        row[name] = level_scores(truth, pred)
        row["pages"] = parsed.page_count or 0
    marks = read_outline(open_pdf(data))
    row["outline"] = (
        level_scores(truth, items([(e.title, e.page + 1, e.level) for e in marks], keyf))
        if marks
        else (0.0,) * 5
    )
    row["outline_n"] = len(marks)
    return row
