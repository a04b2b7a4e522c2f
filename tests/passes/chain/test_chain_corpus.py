"""The chain types against the hand-labelled corpus sentences (`tests/support/chain_labels`):
the check half, never used to tune the rules, meets the precision aim (0.9) where the rules
reach it and stays above its measured floor where they do not yet; recall is at least 0.5
for every type. Skips when the shared corpus is absent. `benchmarks/quality/bench_chains.py` prints
the tables."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.support.chain_labels import TYPES, evaluate, labels, score
from tests.support.paths import CORPUS

AIM = 0.9
#: Types whose check-half precision is still under the aim: the floor measured when the
#: rules were last tuned (on the 892-sentence set: causal 0.872, elaboration 0.863, sequence
#: 0.885), rounded down, so a change can only keep or raise it. Remove a type from here
#: once it reaches the aim.
BELOW_AIM = {"causal": 0.87, "elaboration": 0.86, "sequence": 0.88}


def test_the_labelled_set_is_split_by_document_and_covers_every_type() -> None:
    items = labels()
    assert len(items) >= 850
    assert any(item.path.endswith(".pdf") for item in items)  # (PDF text, not only Markdown)
    assert {item.relation for item in items} == set(TYPES)
    halves_of_unit = Counter((item.unit, item.half) for item in items)
    assert len({unit for unit, _ in halves_of_unit}) == len(halves_of_unit)  # one half each
    for half in ("tune", "check"):
        mine = [item for item in items if item.half == half]
        assert {item.relation for item in mine} == set(TYPES)
    assert any("ja" in item.path for item in items)  # (CJK: the Japanese README)


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_the_check_half_meets_the_precision_aim() -> None:
    rows = evaluate(CORPUS, ["check"])["check"]
    table = score((item.relation, kind) for item, kind in rows)
    for kind, s in table.items():
        assert s["precision"] >= BELOW_AIM.get(kind, AIM), (kind, s)
        assert s["recall"] >= 0.5, (kind, s)
