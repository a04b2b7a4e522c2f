"""The pages-read measure of `benchmarks/quality/_pages_read.py` on hand-made rankings (no
corpus)."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks" / "quality"


@pytest.fixture(scope="module")
def measure() -> dict[str, Any]:
    return runpy.run_path(str(BENCHMARKS / "_pages_read.py"))


def test_pages_are_counted_in_rank_order_without_reading_a_page_twice(measure) -> None:
    pages_read = measure["pages_read"]
    # hit 1 reads pages 10-12, hit 2 repeats 11-12 and adds 13, hit 3 is page 40
    ranking = [(10, 12), (11, 13), (40, 40)]
    assert pages_read(ranking, {40}) == 5  # 10, 11, 12, 13, 40: the repeats are not read again
    assert pages_read(ranking, {13}) == 4
    assert pages_read(ranking, {11}) == 2  # inside a hit, its pages are read in order
    assert pages_read(ranking, {11, 40}) == 2  # the first gold page read counts
    assert pages_read(ranking, {99}) is None
    # a hit elsewhere (another document in a folder search) costs no page here
    assert pages_read([(None, None), (7, 7)], {7}) == 1


def test_the_summary_is_the_share_within_each_budget(measure) -> None:
    summary = measure["read_summary"]([1, 2, 3, 5, 9, 11, None, None])
    assert summary == {
        "n": 8,
        "read@1": 0.125,
        "read@3": 0.375,
        "read@5": 0.5,
        "read@10": 0.625,
    }


def test_own_questions_carry_one_based_pages_and_the_files_halves(measure, tmp_path) -> None:
    q = {
        "path": "pdf/filings-extra/X_10K.pdf",
        "question": "What was the revenue?",
        "answer": "$1",
        "evidence_pages": [4, 6],
        "half": "B",
        "kind": "ratio",
    }
    path = tmp_path / "qs.jsonl"
    path.write_text(json.dumps(q) + "\n\n")
    (row,) = measure["own_questions"](tmp_path, path)
    assert row["gold"] == {4, 6} and row["half"] == "B"
    assert row["pdf"] == tmp_path / "pdf" / "filings-extra" / "X_10K.pdf"


def test_the_question_file_has_halves_by_filing() -> None:
    rows = [
        json.loads(line)
        for line in (BENCHMARKS / "questions" / "filings.jsonl").read_text().splitlines()
        if line.strip()
    ]
    assert len(rows) >= 60
    half_of: dict[str, set[str]] = {}
    for r in rows:
        assert r["evidence_pages"] and all(p >= 1 for p in r["evidence_pages"])
        half_of.setdefault(r["path"], set()).add(r["half"])
    assert all(len(h) == 1 for h in half_of.values())  # all of one filing in one half
    counts = [sum(1 for r in rows if r["half"] == h) for h in "AB"]
    assert abs(counts[0] - counts[1]) <= len(rows) // 5
