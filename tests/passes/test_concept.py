"""ConceptPass: LLM concepts (validated) or top keywords as concepts without an LLM."""

from __future__ import annotations

import json

from tests.support.index_trees import FakeLLM, N, build, snapshot
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import concept, reasoning
from vectorless_assets.passes.context import PassContext


def _tree():
    return build(
        N(
            "Systems",
            "",
            [
                N("Cache basics", "cache cache data", [N("Cache eviction", "cache policy lru")]),
                N("Disk storage", "disk blocks data"),
                N("Network", "packets data"),
            ],
        )
    )


def _index(tree):
    return reasoning.run(
        tree=tree, summary="", ctx=PassContext(options=CompileOptions(mode="deep"))
    )


def test_keyword_fallback() -> None:
    tree = _tree()
    index = _index(tree)
    before = snapshot(tree), index.model_dump_json()
    concepts = concept.run(
        tree=tree, reasoning_index=index, ctx=PassContext(options=CompileOptions(max_concepts=3))
    )
    assert (snapshot(tree), index.model_dump_json()) == before
    assert len(concepts) == 3
    assert concepts[0].name == "cache"  # in most titles
    assert all(c.source == "keywords" for c in concepts)
    ids = {n.title: n.node_id for n in tree.nodes}
    assert concepts[0].sections[0] in {ids["Cache basics"], ids["Cache eviction"]}
    assert all(c.sections and all(s in tree for s in c.sections) for c in concepts)


def test_llm_concepts_are_validated() -> None:
    tree = _tree()
    ids = {n.title: n.node_id for n in tree.nodes}
    answer = json.dumps(
        [
            {
                "name": "Cache eviction policy",
                "summary": "How entries leave.",
                "sections": [ids["Cache eviction"], "9999"],
            },
            {"name": "Cache", "summary": "one word: dropped", "sections": [ids["Cache basics"]]},
            {
                "name": "Block storage on disks today",
                "summary": "Cut to four words.",
                "sections": [],
            },
            {"name": "Quantum foam", "summary": "No section, no keyword: dropped.", "sections": []},
        ]
    )
    llm = FakeLLM({"key concepts": answer})
    env = PassContext(options=CompileOptions(mode="deep"), llm=llm)
    concepts = concept.run(tree=tree, reasoning_index=_index(tree), ctx=env)
    assert env.usage.calls == 1
    assert [c.name for c in concepts] == ["Cache eviction policy", "Block storage on disks"]
    assert concepts[0].sections == [ids["Cache eviction"]]
    assert concepts[1].sections  # from the postings of its words
    assert all(c.source == "llm" for c in concepts)


def test_llm_failure_or_useless_answer_falls_back_to_keywords() -> None:
    tree = _tree()
    expected = concept.run(tree=tree, reasoning_index=_index(tree), ctx=PassContext())
    for llm in (FakeLLM(fail=True), FakeLLM({"key concepts": "I cannot help with that."})):
        env = PassContext(llm=llm)
        assert concept.run(tree=tree, reasoning_index=_index(tree), ctx=env) == expected
        assert env.usage.calls == 1


def test_cjk_concepts_are_whole_terms_without_grammar_bigrams() -> None:
    tree = build(
        N(
            "システム設計",
            "",
            [
                N("キャッシュの基本", "キャッシュはデータを保存する"),
                N("キャッシュの欠点", "キャッシュの欠点がある"),
                N("データベース", "データベースのデータ"),
            ],
        )
    )
    concepts = concept.run(tree=tree, reasoning_index=_index(tree), ctx=PassContext())
    names = [c.name for c in concepts]
    assert "キャッシュ" in names and "データベース" in names
    assert len(names) == len(set(names))
    assert not any(len(n) == 2 and n in {"ャッ", "ッシ", "シュ"} for n in names)
    assert not any("の" in n for n in names)


def test_llm_prompt_lists_the_shallowest_sections_first() -> None:
    deep_chain = N("Deep 1", "", [N("Deep 2", "", [N("Deep 3", "text")])])
    tree = build(
        N(
            "Doc",
            "",
            [deep_chain, *[N(f"Top {i}", "text") for i in range(concept.PROMPT_SECTIONS - 1)]],
        )
    )
    llm = FakeLLM()
    concept.run(tree=tree, reasoning_index=_index(tree), ctx=PassContext(llm=llm))
    prompt = llm.prompts[0]
    assert f"Top {concept.PROMPT_SECTIONS - 2}" in prompt and "Deep 1" in prompt
    assert "Deep 2" not in prompt and "Deep 3" not in prompt
