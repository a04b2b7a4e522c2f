"""Keyword concepts are validated in one call: each equals a `Concept` built from the same
fields (fields set included), on compiled documents of varied shapes."""

from __future__ import annotations

import random

from vectorless_assets import compile_document
from vectorless_assets.ir.indexes import Concept
from vectorless_assets.passes.concept import keyword_concepts

WORDS = [
    "cache",
    "tree",
    "index",
    "query",
    "route",
    "token",
    "chain",
    "node",
    "page",
    "score",
    "日本語",
    "データ",
]


def random_markdown(rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(1, 8)):
        lines += ["#" * rng.randint(1, 3) + " " + " ".join(rng.sample(WORDS, 2)), ""]
        lines += [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 30))) + ".", ""]
    return "\n".join(lines).encode()


def test_concepts_equal_models_built_one_by_one() -> None:
    rng = random.Random(31)
    seen = 0
    for i in range(40):
        ir = compile_document(random_markdown(rng), name=f"d{i}.md", mode="deep")
        for limit in (1, 5, 15):
            got = keyword_concepts(ir.tree, ir.reasoning_index, limit)
            one_by_one = [
                Concept(name=c.name, summary=c.summary, sections=c.sections, source=c.source)
                for c in got
            ]
            assert got == one_by_one
            assert all(
                type(c) is Concept and c.model_fields_set == o.model_fields_set
                for c, o in zip(got, one_by_one, strict=True)
            )
            seen += len(got)
        assert keyword_concepts(ir.tree, ir.reasoning_index, 15) == ir.concepts
    assert seen > 100
