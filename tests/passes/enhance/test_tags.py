"""Routing tags: `rank_tags`' C-level ranking equals the first code's Counter and nsmallest."""

from __future__ import annotations

import heapq
import random
import re
from collections import Counter

from vectorless_assets.passes.enhance.tags import rank_tags


def reference_top(head: list[str], body: list[str], n: int) -> list[str]:
    """Counter + nsmallest over hiragana-free keywords (the first routing-tag code)."""
    body = [k for k in body if not re.search("[\u3040-\u309f]", k)]
    head = [k for k in head if not re.search("[\u3040-\u309f]", k)]
    counts = Counter(body)
    for k in head:
        counts[k] += 3
    order = {k: i for i, k in enumerate(dict.fromkeys([*head, *body]))}
    return heapq.nsmallest(n, counts, key=lambda k: (-counts[k], order[k]))


def test_rank_tags_matches_counter_and_nsmallest() -> None:
    rng = random.Random(3)
    words = ["cache", "key", "store", "これ", "は日", "設計", "api", "x1", "data", "レイ"]
    for _ in range(3000):
        head = [rng.choice(words) for _ in range(rng.randint(0, 4))]
        body = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        assert rank_tags(Counter(head), Counter(body), 4) == reference_top(head, body, 4), (
            head,
            body,
        )
