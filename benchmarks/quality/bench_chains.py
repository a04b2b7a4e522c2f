"""Chain types against hand labels: precision and recall per type, tune and check halves.

The labelled set (`tests/support/chain_labels.jsonl`, 892 sentences with a cross-reference
from the shared corpus, English and Japanese, Markdown and PDF; its sources in
`tests/support/chain_labels.py`) is split by document before any tuning; the connective
rules were tuned on the tune half only. The aim on the check half: precision at least 0.9
for every type, recall at least 0.5 for each (`tests/passes/chain/test_chain_corpus.py`
asserts it, with measured floors for the types still under it). Compiles 41 documents,
21 of them PDFs, among them 10-Ks of 100 to 500 pages (several minutes; `--half check`
compiles 20, 8 of them PDFs).

    python benchmarks/quality/bench_chains.py [--half tune|check] [--errors]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import CORPUS, ROOT, require  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.support.chain_labels import evaluate, table_text  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--half", choices=("tune", "check"), action="append")
    ap.add_argument("--errors", action="store_true", help="list the wrongly typed sentences")
    args = ap.parse_args()
    halves = args.half or ["tune", "check"]
    results = evaluate(require(CORPUS), halves)
    for half in halves:
        print(f"\n## {half} half\n\n{table_text(results[half])}")
        if args.errors:
            for item, kind in results[half]:
                if kind != item.relation:
                    print(f"- {item.relation} <- {kind}: {item.sentence[:160]!r}")


if __name__ == "__main__":
    main()
