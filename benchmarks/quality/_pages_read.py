"""Pages read: how far into a ranking an agent reads before it reaches a gold evidence page.

An agent reads the hits in ranking order; of each hit it reads the pages it points at (the
hit's ``focus`` pages when it has a focus, else its page range), in page order, and never
reads a page twice. A question's **pages read** is the number of distinct pages read up to
and including the first gold page (``None`` when no hit covers one). `read_summary` reports
the share of questions whose gold page is within the first 1 / 3 / 5 / 10 pages read.

The question sets (`load_questions`) are the shared FinanceBench questions
(``corpus/qa/financebench-dev.jsonl``, 0-based ``evidence_page_num``, halves dealt by the
SHA-1 of the id) and our own file (``benchmarks/quality/questions/filings.jsonl``: one JSON object a
line with ``path`` relative to the corpus root, ``question``, ``answer``, 1-based
``evidence_pages``, ``half`` and ``kind``; halves are given by filing, A tunes and B checks).
Used by `bench_retrieval.py`; `tests/benchmarks/test_pages_read.py` checks the counting.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

BUDGETS = (1, 3, 5, 10)
OWN = Path(__file__).resolve().parent / "questions" / "filings.jsonl"
Span = tuple[int | None, int | None]


def pages_read(spans: list[Span], gold: set[int]) -> int | None:
    """Distinct pages read, hit by hit in rank order, until a page of `gold` is read."""
    seen: set[int] = set()
    for start, end in spans:
        if start is None or end is None:  # a hit in another document: nothing read here
            continue
        for page in range(start, end + 1):
            if page in seen:
                continue
            seen.add(page)
            if page in gold:
                return len(seen)
    return None


def read_summary(positions: list[int | None]) -> dict[str, Any]:
    """The share of questions whose gold page is within the first N pages read, per budget."""
    n = len(positions)
    out: dict[str, Any] = {"n": n}
    for budget in BUDGETS:
        k = sum(1 for p in positions if p is not None and p <= budget)
        out[f"read@{budget}"] = round(k / n, 3) if n else 0.0
    return out


def halves(ids: list[str]) -> dict[str, str]:
    """Each question id's half ("A" or "B"): ids sorted by SHA-1, dealt alternately."""
    order = sorted(ids, key=lambda i: hashlib.sha1(i.encode()).hexdigest())
    return {qid: "AB"[k % 2] for k, qid in enumerate(order)}


def shared_questions(corpus: Path) -> list[dict[str, Any]]:
    """The shared FinanceBench questions, each as {id, pdf, question, gold, half}."""
    rows = [
        json.loads(line)
        for line in (corpus / "qa" / "financebench-dev.jsonl").read_text().splitlines()
        if line.strip()
    ]
    side = halves([q["financebench_id"] for q in rows])
    return [
        {
            "id": q["financebench_id"],
            "pdf": corpus / "pdf" / "financebench" / f"{q['doc_name']}.pdf",
            "question": q["question"],
            "gold": {int(e["evidence_page_num"]) + 1 for e in q["evidence"]},
            "half": side[q["financebench_id"]],
        }
        for q in rows
    ]


def own_questions(corpus: Path, path: Path = OWN) -> list[dict[str, Any]]:
    """Our questions over the filings (see the module docstring), in the same form."""
    out = []
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        q = json.loads(line)
        out.append(
            {
                "id": f"{path.stem}:{n}",
                "pdf": corpus / q["path"],
                "question": q["question"],
                "gold": {int(p) for p in q["evidence_pages"]},
                "half": q["half"],
                "kind": q.get("kind", ""),
            }
        )
    return out
