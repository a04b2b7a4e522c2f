"""Heading recovery of the PDF frontend against each PDF's own outline, with the outline ignored.

For every PDF under ../shared/corpus/pdf/ whose outline has at least 10 entries, compile it
with `use_pdf_outline=False` and compare the detected headings (raw nodes of level >= 1)
with the outline entries: a detected heading matches an entry when their titles agree after
normalisation (case, punctuation, spaces, leading section numbers, schedule labels such as
"A-1 - " and trailing parenthetical qualifiers such as "(unaudited)" dropped) and their
pages differ by at most one. Reports precision, recall, F1, level accuracy (matched pairs
with the same level; when the outline's first entry is its only level-1 entry, a document
root wrapping everything, outline levels are compared one down), a lenient F1 (F1~: one normalised
title contains the other) and pages/s, against pypdf's plain `extract_text` page rate.
Groups: "filings" = pdf/financebench/, "manuals" = every other PDF. Each manual with an outline
falls in half
"A" (tune: rules are tuned on it) or "B" (check: held out, never looked at while tuning):
manuals ordered by the SHA-1 of their corpus path, taken alternately; medians are reported per half
and whole. The
filings (5 with an outline) are too few to halve and are reported whole. The scorer is
strict: equal normalised titles, pages within one; F1~ is the lenient variant.

    python benchmarks/quality/bench_pdf_headings.py [--skip-stress] [--match SUBSTRING]
        [--no-baseline]
"""

from __future__ import annotations

import argparse
import hashlib
import io
import re
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from vectorless_assets.frontends.pdf import open_pdf, parse_pdf
from vectorless_assets.frontends.pdf.outline import norm, read_outline
from vectorless_assets.options import CompileOptions

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pdf"
_ROMAN = re.compile(r"^\s*(?:(?:[Pp]art|PART)\s+)?[IVXLC]+\s+(?=[A-Z])")
_LEADING_NUM = re.compile(
    r"^\s*(?:(?:part|item|chapter|section|appendix|note)\s+(?:\d+[a-z]?|[ivxlc]+|[a-z])[.:)]?|\d+(?:\.\d+)*[.:)]?|[ivxlc]+[.:)]|[a-z](?:\.\d+)*[.:)]?)\s+",
    re.I,
)


_LABEL = re.compile(r"^\s*[A-Z]{1,3}-\d{1,3}[a-z]?\s+[-\u2013\u2014:]\s+")  # "A-1 - ", "F-3 – "
# "(unaudited)", "(in millions, except ...)", "(continued)"
_QUALIFIER = re.compile(r"(?:\s*\([^()]*\))+\s*$")


def key(title: str) -> str:
    """Normalised title for matching: schedule label, numbering prefix and trailing
    parenthetical qualifiers dropped, then `norm`."""
    t = " ".join(title.split())
    t = _LABEL.sub("", t, count=1)
    t = _QUALIFIER.sub("", t) or t
    t = _ROMAN.sub("", t, count=1)  # "II Source code"
    stripped = _LEADING_NUM.sub("", _LEADING_NUM.sub("", t, count=1), count=1)  # "Appendix A A ..."
    return norm(stripped) or norm(t)


def _same(a: str, b: str, lenient: bool) -> bool:
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return lenient and len(short) >= 8 and short in long_


def pairs(
    truth: list[tuple[str, int, int]], pred: list[tuple[str, int, int]], *, lenient: bool = False
) -> dict[int, int]:
    """{truth index: pred index} for (key, page, level) lists; greedy one-to-one, nearest page.

    Strict: equal keys. Lenient: one key contains the other (at least 8 characters), for
    outlines whose titles are labels around the printed heading ("A-1 - Balance Sheet").
    """
    used: dict[int, int] = {}
    taken: set[int] = set()
    for t, (k, page, _) in enumerate(truth):
        best = None
        for i, (pk, ppage, _) in enumerate(pred):
            close = i not in taken and abs(ppage - page) <= 1 and _same(k, pk, lenient)
            if close and (best is None or abs(ppage - page) < abs(pred[best][1] - page)):
                best = i
        if best is not None:
            taken.add(best)
            used[t] = best
    return used


def score(
    truth: list[tuple[str, int, int]], pred: list[tuple[str, int, int]], *, lenient: bool = False
) -> tuple[int, int]:
    """(matches, level matches) of `pairs`."""
    matched = pairs(truth, pred, lenient=lenient)
    return len(matched), sum(pred[p][2] == truth[t][2] for t, p in matched.items())


def prf(hits: int, n_truth: int, n_pred: int) -> tuple[float, float, float]:
    p = hits / n_pred if n_pred else 0.0
    r = hits / n_truth if n_truth else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def halves(rels: list[str]) -> dict[str, str]:
    """'A' (tune) or 'B' (check) per path: paths ordered by SHA-1, taken alternately."""
    ordered = sorted(rels, key=lambda r: hashlib.sha1(r.encode()).hexdigest())
    return {r: "AB"[i % 2] for i, r in enumerate(ordered)}


def summary(name: str, rs: list[dict[str, Any]]) -> str:
    """One line of medians and the page rate for a group of per-file rows."""
    med = {k: statistics.median(x[k] for x in rs) for k in ("p", "r", "f1", "lvl", "f1l")}
    rate = sum(x["pages"] for x in rs) / sum(x["dt"] for x in rs)
    btime = sum(x["bdt"] for x in rs)
    brate = sum(x["bpages"] for x in rs) / btime if btime else 0.0
    ratio = f"{rate / brate:.2f}x of pypdf extract_text ({brate:.1f} pages/s)" if brate else ""
    return (
        f"{name}: n={len(rs)} median P={med['p']:.2f} R={med['r']:.2f} "
        f"F1={med['f1']:.2f} (lenient {med['f1l']:.2f}) "
        f"level-acc={med['lvl']:.2f}; {rate:.1f} pages/s {ratio}"
    )


def baseline_rate(data: bytes) -> tuple[int, float]:
    reader = PdfReader(io.BytesIO(data))
    if reader.is_encrypted:
        reader.decrypt("")
    t0 = time.perf_counter()
    for page in reader.pages:
        page.extract_text()
    return len(reader.pages), time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--skip-stress", action="store_true", help="skip pdf/stress/ (the 2,415-page manual)"
    )
    ap.add_argument("--match", default="", help="only files whose path contains this")
    ap.add_argument("--no-baseline", action="store_true", help="do not time pypdf extract_text")
    ap.add_argument("--min-entries", type=int, default=10)
    ap.add_argument(
        "--half",
        choices=("A", "B", "all"),
        default="all",
        help="only the manuals of one half (filings always run)",
    )
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 2
    opts = CompileOptions(use_pdf_outline=False, max_pages=None, pdf_timeout_seconds=None)
    rows: dict[str, list[dict[str, Any]]] = {"manuals": [], "filings": []}
    manuals = [p.relative_to(CORPUS).as_posix() for p in sorted(CORPUS.rglob("*.pdf"))]
    split = halves(
        [
            r
            for r in manuals
            if not r.startswith("financebench/")
            and len(read_outline(open_pdf((CORPUS / r).read_bytes()))) >= args.min_entries
        ]
    )
    print(
        f"{'file':58} {'pages':>5} {'gold':>5} {'pred':>5} {'P':>5} {'R':>5} "
        f"{'F1':>5} {'lvl':>5} {'F1~':>5} {'p/s':>6} {'base':>6}"
    )
    for path in sorted(CORPUS.rglob("*.pdf")):
        rel = path.relative_to(CORPUS).as_posix()
        if args.match not in rel or (args.skip_stress and rel.startswith("stress/")):
            continue
        group = "filings" if rel.startswith("financebench/") else "manuals"
        if group == "manuals" and args.half != "all" and split.get(rel) != args.half:
            continue
        data = path.read_bytes()
        entries = read_outline(open_pdf(data))
        if len(entries) < args.min_entries:
            continue
        t0 = time.perf_counter()
        parsed = parse_pdf(data, options=opts)
        dt = time.perf_counter() - t0
        # a lone first level-1 entry wrapping the whole outline is the document itself: its
        # children are the top-level headings (levels compared one down)
        shift = 1 if entries[0].level == 1 and sum(e.level == 1 for e in entries) == 1 else 0
        truth = [
            (key(e.title), e.page + 1, max(1, e.level - shift)) for e in entries if key(e.title)
        ]
        pred = [
            (key(r.title), r.start_page or 0, r.level) for r in parsed.raw_nodes if r.level >= 1
        ]
        hits, level_hits = score(truth, pred)
        p, r, f1 = prf(hits, len(truth), len(pred))
        f1_lenient = prf(score(truth, pred, lenient=True)[0], len(truth), len(pred))[2]
        pages = parsed.page_count or 0
        base_pages, base_dt = (0, 0.0) if args.no_baseline else baseline_rate(data)
        rows[group].append(
            {
                "half": split.get(rel, "") if group == "manuals" else "",
                "f1": f1,
                "f1l": f1_lenient,
                "p": p,
                "r": r,
                "lvl": level_hits / hits if hits else 0.0,
                "pages": pages,
                "dt": dt,
                "bpages": base_pages,
                "bdt": base_dt,
            }
        )
        base = f"{base_pages / base_dt:6.1f}" if base_dt else "     -"
        print(
            (
                f"{rows[group][-1]['half'] or ' '} {rel[:56]:56} {pages:5d} "
                f"{len(truth):5d} {len(pred):5d} {p:5.2f} {r:5.2f} {f1:5.2f} "
                f"{rows[group][-1]['lvl']:5.2f} {f1_lenient:5.2f} {pages / dt:6.1f} "
                f"{base}"
            ),
            flush=True,
        )
    for group, rs in rows.items():
        if not rs:
            continue
        print(summary(group, rs))
        for h in ("A", "B") if group == "manuals" else ():
            part = [x for x in rs if x["half"] == h]
            if part:
                print(summary(f"  {group} half {h} ({'tune' if h == 'A' else 'check'})", part))
    print(
        "peak RSS of this process: "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
