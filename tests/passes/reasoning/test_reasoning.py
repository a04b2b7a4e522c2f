"""ReasoningPass: weighted keyword postings, section map, summary shortcut, LLM synonyms."""

from __future__ import annotations

import json

import pytest

from tests.support.index_trees import FakeLLM, N, build, snapshot
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import reasoning
from vectorless_assets.passes.context import PassContext


def _tree():
    return build(
        N(
            "Handbook",
            "",
            [
                N(
                    "Cache",
                    "A cache keeps data. The cache is fast.",
                    [
                        N(
                            "Eviction",
                            "Eviction removes cache entries.",
                            summary="How the cache evicts.",
                        ),
                    ],
                ),
                N("Storage", "Disks store data for the cache.", summary="Where data lives."),
            ],
        )
    )


def _run(tree, summary="", **opts):
    env = PassContext(options=CompileOptions(mode="deep", **opts))
    before = snapshot(tree)
    out = reasoning.run(tree=tree, summary=summary, ctx=env)
    assert snapshot(tree) == before
    return out


def test_weights_title_summary_content_normalised_to_best_node() -> None:
    tree = _tree()
    index = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    cache = {p.node_id: p.weight for p in index.keywords["cache"]}
    # raw sums: Cache 2.0 (title) + 2×1.0 (content) = 4.0; Eviction 1.5 + 1.0 = 2.5;
    # Storage 1.0 (content): normalised by the best node (4.0)
    assert cache == {
        ids["Cache"]: 1.0,
        ids["Eviction"]: pytest.approx(2.5 / 4),
        ids["Storage"]: 0.25,
    }
    assert [p.node_id for p in index.keywords["cache"]][0] == ids["Cache"]
    assert "the" not in index.keywords and "is" not in index.keywords  # stopwords
    assert all(max(p.weight for p in ps) == 1.0 for ps in index.keywords.values())


def test_postings_and_keyword_limits() -> None:
    leaves = [
        N(f"Part {i}", f"shared word{i} " + " ".join(f"rare{i}x{j}" for j in range(3)))
        for i in range(30)
    ]
    tree = build(N("Doc", "", leaves))
    index = _run(tree, postings_per_keyword=20, max_keywords=10)
    assert len(index.keywords) == 10
    assert len(index.keywords["shared"]) == 20  # 30 nodes, top 20 kept
    # equal weights: ties go to the earliest nodes, in document order
    assert [p.node_id for p in index.keywords["shared"]] == [n.node_id for n in tree.nodes[1:21]]
    assert "part" in index.keywords  # in 30 titles: the most widespread keywords are kept
    again = _run(build(N("Doc", "", leaves)), postings_per_keyword=20, max_keywords=10)
    assert again == index  # deterministic


def test_section_map_and_summary_shortcut() -> None:
    tree = _tree()
    index = _run(tree, summary="A handbook about caches.")
    ids = {n.title: n.node_id for n in tree.nodes}
    assert index.section_map == {
        "cache": ids["Cache"],
        "1": ids["Cache"],
        "storage": ids["Storage"],
        "2": ids["Storage"],
    }
    shortcut = index.summary_shortcut
    assert shortcut.root_node_id == tree.root.node_id
    assert shortcut.document_summary == "A handbook about caches."
    assert [(s.title, s.summary) for s in shortcut.sections] == [
        ("Cache", "A cache keeps data. The cache is fast."),
        ("Storage", "Where data lives."),
    ]


def test_cjk_keywords_are_bigrams() -> None:
    tree = build(N("文書", "", [N("東京", "東京都の人口"), N("大阪", "大阪府の人口")]))
    index = _run(tree)
    ids = {n.title: n.node_id for n in tree.nodes}
    assert [p.node_id for p in index.keywords["東京"]] == [ids["東京"]]
    assert {p.node_id for p in index.keywords["人口"]} == {ids["東京"], ids["大阪"]}


def test_llm_synonyms_copy_postings_at_0_6() -> None:
    tree = _tree()
    llm = FakeLLM(
        {"synonyms": json.dumps({"cache": ["buffer", "Cache", "memo store"], "unknown": ["x"]})}
    )
    env = PassContext(options=CompileOptions(mode="deep"), llm=llm)
    index = reasoning.run(tree=tree, summary="", ctx=env)
    assert env.usage.calls == 1 and len(llm.prompts) == 1
    assert index.synonyms == {"cache": ["buffer", "memo store"]}
    cache = {p.node_id: p.weight for p in index.keywords["cache"]}
    buffer = {p.node_id: p.weight for p in index.keywords["buffer"]}
    assert buffer == {k: pytest.approx(v * 0.6) for k, v in cache.items()}
    # a synonym that is already a keyword keeps its own (higher) postings
    llm2 = FakeLLM({"synonyms": json.dumps({"cache": ["data"]})})
    merged = reasoning.run(
        tree=_tree(), summary="", ctx=PassContext(options=CompileOptions(mode="deep"), llm=llm2)
    )
    plain = _run(_tree())
    data_plain = {p.node_id: p.weight for p in plain.keywords["data"]}
    data_merged = {p.node_id: p.weight for p in merged.keywords["data"]}
    assert all(data_merged[k] >= v for k, v in data_plain.items())


def test_llm_failure_or_option_off_falls_back_silently() -> None:
    plain = _run(_tree())
    env = PassContext(options=CompileOptions(mode="deep"), llm=FakeLLM(fail=True))
    assert reasoning.run(tree=_tree(), summary="", ctx=env) == plain
    assert env.usage.calls == 1 and env.usage.failures == 1
    off = PassContext(
        options=CompileOptions(mode="deep", llm_synonyms=False), llm=FakeLLM(fail=True)
    )
    assert reasoning.run(tree=_tree(), summary="", ctx=off) == plain
    assert off.usage.calls == 0


def test_line_format_synonyms_are_accepted() -> None:
    got = reasoning.parse_synonyms(
        "cache: buffer, store\nnoise line\ndata - info", ["cache", "data"]
    )
    assert got == {"cache": ["buffer", "store"], "data": ["info"]}
