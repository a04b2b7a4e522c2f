"""ChainPass: the spec's five chain types from connectives and their position (no LLM)."""

from __future__ import annotations

import pytest

from tests.support.chains import chain_titles, typed
from tests.support.index_trees import N, build
from vectorless_assets import compile_document
from vectorless_assets.passes import chain
from vectorless_assets.passes.context import PassContext


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The pump stalls because of the valve in Section 2.", "causal"),
        ("Section 2 raises the pressure; therefore the seal fails.", "causal"),
        ("弁が閉じているため、Section 2 の圧力が上がる。", "causal"),  # Japanese "because"
        ("由于 Section 2 的压力，密封失效。", "causal"),  # Chinese "because of"
        ("These results contradict Section 2.", "contradicting"),
        ("Unlike Section 2, the valve holds.", "contradicting"),
        ("The data is not consistent with Section 2.", "contradicting"),  # negated supporting word
        ("Section 2 와 달리 밸브는 견딘다.", "contradicting"),  # Korean "unlike"
        ("For example, Section 2 lists each step.", "elaboration"),
        ("Read Section 1 and then Section 2.", "sequence"),
        ("As shown in Section 2, the valve holds.", "supporting"),
        ("The valve holds (see Section 2).", "elaboration"),  # no connective: it tells more
    ],
)
def test_each_chain_type_from_the_connective_nearest_the_reference(text: str, kind: str) -> None:
    assert typed(text) == kind


def test_the_nearest_connective_in_the_sentence_wins() -> None:
    # "because" is nearer the reference than "however"; a connective in another sentence is ignored
    assert typed("However, the seal fails because of Section 2.") == "causal"
    assert typed("Therefore it fails. The valve is described in Section 2.") == "elaboration"
    # a sentence's opening adverbial relates it to the sentence before, not to the reference
    assert typed("However, as noted in Section 2, the valve holds.") == "supporting"


def test_a_section_opening_with_a_connective_is_chained_to_the_one_before() -> None:
    tree = build(
        N(
            "Doc",
            "",
            [
                N("Design", "The pump uses one valve."),
                N("Limits", "However, the valve leaks under load."),
                N("Effect", "As a result, output drops by 10%."),
                N("Steps", "Next, replace the valve."),
                N("Cases", "For example, the 2019 model."),
                N("Plain", "The housing is steel."),
            ],
        )
    )
    ids = {n.title: n.node_id for n in tree.nodes}
    got = {
        (c.node_ids[0], c.node_ids[1]): (c.chain_type, c.reference_text)
        for c in chain.run(tree=tree, ctx=PassContext()).chains
    }
    assert got == {
        (ids["Limits"], ids["Design"]): ("contradicting", "However"),
        (ids["Effect"], ids["Limits"]): ("causal", "As a result"),
        (ids["Steps"], ids["Effect"]): ("sequence", "Next"),
        (ids["Cases"], ids["Steps"]): ("elaboration", "For example"),
    }


def test_unrelated_text_gives_no_chain() -> None:
    # connectives inside sentences, no reference, no section opening with one: nothing links
    tree = build(
        N(
            "Doc",
            "",
            [
                N("Pump", "The pump runs because it is powered; however it is loud."),
                N("Valve", "The valve is brass. Therefore it resists corrosion."),
                N("Butter", "Butterfly valves, then gate valves, are listed."),  # not "But"
                # a subordinator, not a back reference
                N("Note", "Although the pump is loud, it works."),
            ],
        )
    )
    assert chain.run(tree=tree, ctx=PassContext()).chains == []


def test_a_compiled_document_has_causal_and_contradicting_chains() -> None:
    text = (
        "# Report\n\n## 1 Method\n\nWe measured flow.\n\n## 2 Results\n\nFlow fell by 10%.\n\n"
        "## 3 Causes\n\nThe fall happened because of the leak in Section 2.\n\n"
        "## 4 Review\n\nThe audit contradicts Section 2.\n\n"
        "## 5 Outlook\n\nHowever, the trend may reverse.\n"
    )
    doc = compile_document(text.encode(), name="report.md", mode="deep")
    got = chain_titles(doc)
    assert got == {
        ("3 Causes", "2 Results", "causal"),
        ("4 Review", "2 Results", "contradicting"),
        ("5 Outlook", "4 Review", "contradicting"),
    }
