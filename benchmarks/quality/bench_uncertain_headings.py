"""How well `RawNode.uncertain` (headings the PDF detector accepted narrowly, the ones the
parse pass asks an LLM about) targets false headings. No LLM is called: per PDF of the shared
corpus with an outline of >= 10 entries (pdf/stress/ skipped), outline ignored, scored with
`bench_pdf_headings.py`'s strict scorer: F1 of the detector, F1 if a perfect model demoted
exactly the uncertain headings that match no outline entry (oracle: the ceiling of the LLM
check), and F1 if every uncertain heading were demoted; and the calls it would take.

    python benchmarks/quality/bench_uncertain_headings.py
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pdf_headings import CORPUS, key, pairs, prf  # noqa: E402

from vectorless_assets.frontends.pdf import open_pdf, parse_pdf  # noqa: E402
from vectorless_assets.frontends.pdf.outline import read_outline  # noqa: E402
from vectorless_assets.options import CompileOptions  # noqa: E402


def matched(truth: list[tuple[str, int, int]], pred: list[tuple[str, int, int]]) -> set[int]:
    """Indexes of `pred` the strict scorer matches to an outline entry."""
    return set(pairs(truth, pred).values())


opts = CompileOptions(use_pdf_outline=False, max_pages=None, pdf_timeout_seconds=None)
rows = []
paths = [
    p
    for p in sorted(CORPUS.rglob("*.pdf"))
    if not p.relative_to(CORPUS).as_posix().startswith("stress/")
]
for path in paths:
    rel = path.relative_to(CORPUS).as_posix()
    data = path.read_bytes()
    entries = read_outline(open_pdf(data))
    if len(entries) < 10:
        continue
    parsed = parse_pdf(data, options=opts)
    truth = [(key(e.title), e.page + 1, 1) for e in entries if key(e.title)]
    nodes = [r for r in parsed.raw_nodes if r.level >= 1]
    pred = [(key(r.title), r.start_page or 0, 1) for r in nodes]
    used = matched(truth, pred)
    unc = [i for i, r in enumerate(nodes) if r.uncertain]
    unc_fp = [i for i in unc if i not in used]
    f1 = prf(len(used), len(truth), len(pred))[2]
    oracle = prf(len(used), len(truth), len(pred) - len(unc_fp))[2]
    alln = prf(len(used) - (len(unc) - len(unc_fp)), len(truth), len(pred) - len(unc))[2]
    group = "filings" if rel.startswith("financebench/") else "manuals"
    rows.append((group, rel, len(pred), len(unc), len(unc_fp), f1, oracle, alln))
    print(
        (
            f"{group:8} {rel[:50]:50} pred={len(pred):5d} uncertain={len(unc):4d} "
            f"of which false={len(unc_fp):4d}  F1 {f1:.2f} oracle {oracle:.2f} "
            f"drop-all {alln:.2f}"
        ),
        flush=True,
    )
for g in ("manuals", "filings"):
    rs = [r for r in rows if r[0] == g]
    if not rs:
        continue
    u, fp, n = sum(r[3] for r in rs), sum(r[4] for r in rs), sum(r[2] for r in rs)
    print(
        f"{g}: n={len(rs)} headings={n} uncertain={u} ({u / n:.0%}) false among "
        f"uncertain={fp / u if u else 0:.0%}; median F1 "
        f"{statistics.median(r[5] for r in rs):.2f} oracle "
        f"{statistics.median(r[6] for r in rs):.2f} drop-all "
        f"{statistics.median(r[7] for r in rs):.2f}; calls at 40/call "
        f"{sum(-(-r[3] // 40) for r in rs)} (capped at 4/doc: "
        f"{sum(min(4, -(-r[3] // 40)) for r in rs)})"
    )
