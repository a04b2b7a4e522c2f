"""ChainPass on the cases issue 38 found wrong: conjunctions read as contradiction, CJK
markers matched inside words, and long documents that link instead of numbering (no chain).
"""

from __future__ import annotations

import pytest

from tests.support.chains import chain_titles, typed
from tests.support.index_trees import N, build
from vectorless_assets import compile_document
from vectorless_assets.passes import chain
from vectorless_assets.passes.chain.connectives import leading
from vectorless_assets.passes.context import PassContext


@pytest.mark.parametrize(
    "text",
    [
        "Yet another example appears in Section 2.",
        "The flag is honoured, but only for Linux (see Section 2).",
        "Not only the pump but also the valve is listed in Section 2.",
    ],
)
def test_a_conjunction_joining_clauses_is_no_contradiction(text: str) -> None:
    assert typed(text) == "elaboration"


def test_a_section_opening_with_yet_another_is_not_chained_as_a_contrast() -> None:
    assert leading("Yet another example appears in Section 5.") is None
    assert leading("Yet, the valve leaks.") == ("contradicting", "Yet")
    tree = build(N("Doc", "", [N("A", "The pump."), N("B", "Yet another pump follows.")]))
    assert chain.run(tree=tree, ctx=PassContext()).chains == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("冷却系统的设计见 Section 2。", "elaboration"),  # 却 inside 冷却 (cooling)
        ("忘却的细节写在 Section 2。", "elaboration"),  # 却 inside 忘却 (forgetting)
        ("他却反对 Section 2 的结论。", "contradicting"),  # 却 the adverb
        ("あらためて Section 2 を読む。", "elaboration"),  # ため inside あらためて (again)
        ("ため息をついて Section 2 を読む。", "elaboration"),  # ため inside ため息 (sigh)
        ("圧力が高いため Section 2 の弁が閉じる。", "causal"),  # ため "because"
    ],
)
def test_cjk_markers_match_words_not_parts_of_words(text: str, kind: str) -> None:
    assert typed(text) == kind


FILLER = " ".join(f"Word{i} of a paragraph that is long enough to stand alone." for i in range(12))


def _long_guide(sections: int) -> str:
    """A guide of `sections` sections that cross-references the way real ones do: a contents
    list of anchor links, inline links on terms, reference-style links defined at the end,
    and "the next section"."""
    names = [f"Topic {i:02d}" for i in range(1, sections + 1)]
    lines = ["# Guide", "", "## Contents", ""]
    lines += [f"- [{name}](#{name.lower().replace(' ', '-')})" for name in names]
    for i, name in enumerate(names):
        lines += ["", f"## {name}", "", f"Plain text about {name.lower()}. " + FILLER]
        if i == 3:
            lines.append("Unlike [the first topic](#topic-01), this one is cached.")
        if i == 10:
            lines.append("As discussed in [the fourth topic][four], the cache is warm.")
        if i == 20:
            lines.append("We come back to this in the next section.")
        if i == 30:
            lines.append("This fails because of [the limits][limits] of the cache.")
    lines += ["", "[four]: #topic-04", "[limits]: #topic-05", ""]
    return "\n".join(lines)


def test_a_long_guide_that_links_instead_of_numbering_has_its_chains() -> None:
    doc = compile_document(_long_guide(47).encode(), name="guide.md", mode="deep")
    assert len(doc.tree.nodes) == 49
    got = chain_titles(doc)
    # (the contents list navigates: its entries make no chain)
    assert got == {
        ("Topic 04", "Topic 01", "contradicting"),
        ("Topic 11", "Topic 04", "supporting"),
        ("Topic 21", "Topic 22", "sequence"),
        ("Topic 31", "Topic 05", "causal"),
    }
