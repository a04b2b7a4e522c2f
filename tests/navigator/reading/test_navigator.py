"""DocumentNavigator verbs on a compiled fixture (deep mode) and on hand-made indexes."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from vectorless_assets.ir import (
    ChainIndex,
    ContentOverlapMap,
    Document,
    DuplicateGroup,
    IntentRoute,
    OverlapPair,
    QueryRoutingTable,
    ReasoningChain,
    RouteTarget,
)
from vectorless_assets.navigator import DocumentNavigator, NavigationError
from vectorless_assets.pipeline.compile import compile_document

GUIDE = """# Field Guide

This guide explains how to install, configure and operate the harvester. It is written for
operators who run the machine every day and for technicians who maintain it.

## Installation

Unpack the harvester on level ground and remove the transport locks from both axles. Connect
the hydraulic lines in the order shown on the label, then fill the reservoir with fresh oil.
Check that the power take-off shaft turns freely before the first start. Keep the manual
with the machine so that every operator can read the safety rules.

## Configuration

### Cutting height

The cutting height is set with the lever on the left side of the header. Turn the lever
clockwise to raise the blade and counter-clockwise to lower it. A height of eight centimetres
suits most grain crops; lower it for peas and raise it for stony fields. See Section 3.1 for
the maintenance of the blade itself.

### Reel speed

The reel speed should be ten percent faster than the ground speed. Adjust it with the dial
on the console while driving slowly through the first rows. A reel that turns too fast
throws grain on the ground; a reel that turns too slowly lets stalks fall before the blade.

## Maintenance

### Blade sharpening

Sharpen the sickle blade every fifty hours of operation with a flat file, always away from
the cutting edge. Replace sections that are cracked or worn beyond the rivet line. Wear
gloves: the sections are sharp even when dull. Record every sharpening in the service log.

### Oil change

Change the hydraulic oil every five hundred hours or once a season, whichever comes first.
Drain the reservoir while the oil is warm, replace the filter cartridge and refill with the
grade listed in the table below. Dispose of used oil at an approved collection point.

| part | interval | grade |
|---|---|---|
| hydraulic oil | 500 h | HV 46 |
| gearbox oil | 1000 h | 80W-90 |
"""


@lru_cache(maxsize=4)
def guide_doc(mode: str = "deep") -> Document:
    """The field guide compiled in process (cached: tests must not mutate it)."""
    return compile_document(GUIDE.encode(), name="guide.md", mode=mode)


def by_title(doc: Document, title: str) -> str:
    return next(n.node_id for n in doc.tree.nodes if n.title == title)


@pytest.fixture
def nav() -> DocumentNavigator:
    return DocumentNavigator(guide_doc())


def test_starts_at_root_and_lists_children_with_descriptions(nav: DocumentNavigator) -> None:
    assert nav.pwd()["node_id"] == nav.doc.tree.root.node_id
    nav.cd("Field Guide")
    rows = nav.ls()
    assert [r["title"] for r in rows] == ["Installation", "Configuration", "Maintenance"]
    assert [r["index"] for r in rows] == [1, 2, 3]
    install, config = rows[0], rows[1]
    assert install["is_leaf"] and install["leaf_count"] == 1
    assert install["description"].startswith("Unpack the harvester")
    assert config["leaf_count"] == 2 and not config["is_leaf"]
    assert {"hints", "tags", "line_start", "line_end", "start_page", "end_page"} <= set(install)
    assert config["line_start"] < config["line_end"]


def test_cd_by_id_title_index_parent_and_root(nav: DocumentNavigator) -> None:
    doc = nav.doc
    assert nav.cd(by_title(doc, "Oil change"))["title"] == "Oil change"
    assert nav.cd("..")["title"] == "Maintenance"
    assert nav.cd(1)["title"] == "Blade sharpening"
    assert nav.cd("/")["node_id"] == doc.tree.root.node_id
    nav.cd("Field Guide")
    assert nav.cd("2")["title"] == "Configuration"
    assert nav.cd("reel")["title"] == "Reel speed"  # prefix, case-insensitive
    # the lone top heading "Field Guide" is the root: title paths start below it
    assert nav.pwd()["path"] == ["Configuration", "Reel speed"]
    with pytest.raises(NavigationError):
        nav.cd("no such section")
    with pytest.raises(NavigationError):
        nav.cd(9)
    nav.cd("/")
    with pytest.raises(NavigationError):
        nav.cd("..")


def test_ambiguous_title_is_refused() -> None:
    nav = DocumentNavigator(guide_doc())
    with pytest.raises(NavigationError, match="ambiguous"):
        nav.cd("tion")  # Installation, Configuration (the top sections, the nearest pool)


def test_back_returns_along_history(nav: DocumentNavigator) -> None:
    start = nav.pwd()["node_id"]
    nav.cd("Cutting height")
    nav.cd("Oil change")
    assert nav.back()["title"] == "Cutting height"
    assert nav.back()["node_id"] == start
    assert nav.back()["node_id"] == start  # empty history: stays


def test_cat_collects_evidence_with_citations(nav: DocumentNavigator) -> None:
    item = nav.cat("Oil change")
    assert "HV 46" in item["content"]
    assert item["line_start"] is not None and item["line_end"] >= item["line_start"]
    nav.cat("Blade sharpening")
    nav.cat("Oil change")  # read twice, listed once
    ev = nav.evidence()
    assert [e["title"] for e in ev] == ["Oil change", "Blade sharpening"]
    assert all(e["node_id"] in nav.doc.tree for e in ev)
    assert ev[0]["path"] == ["Maintenance", "Oil change"]  # the root "Field Guide" left out


def test_head_peeks_without_collecting(nav: DocumentNavigator) -> None:
    out = nav.head("Oil change", lines=2)
    assert out["text"].count("\n") <= 1 and out["truncated"]
    assert "Change the hydraulic oil" in out["text"]
    assert nav.evidence() == []


def test_find_titles_first_then_content(nav: DocumentNavigator) -> None:
    rows = nav.find("blade")
    assert rows[0]["title"] == "Blade sharpening" and rows[0]["where"] == "title"
    content_titles = {r["title"] for r in rows if r["where"] == "content"}
    assert "Cutting height" in content_titles
    assert all("blade" in r["snippet"].lower() for r in rows)
    assert nav.find("zebra crossing") == []


def test_grep_is_limited_to_the_subtree(nav: DocumentNavigator) -> None:
    nav.cd("Configuration")
    rows = nav.grep(r"\bblade\b")
    assert rows and {r["title"] for r in rows} <= {"Cutting height", "Reel speed"}
    everywhere = nav.grep(r"\bblade\b", "/")
    assert "Blade sharpening" in {r["title"] for r in everywhere}
    assert all(r["line_in_node"] >= 0 for r in everywhere)
    with pytest.raises(NavigationError):
        nav.grep("(unclosed")


def test_toc_in_document_order_with_depth_limit(nav: DocumentNavigator) -> None:
    titles = [r["title"] for r in nav.toc()]
    assert (
        titles.index("Installation") < titles.index("Cutting height") < titles.index("Oil change")
    )
    shallow = nav.toc(max_depth=1)  # the lone "Field Guide" heading is the root (depth 0)
    assert "Installation" in [r["title"] for r in shallow]
    assert "Oil change" not in [r["title"] for r in shallow]
    sub = nav.toc("Maintenance")
    assert [r["title"] for r in sub] == ["Maintenance", "Blade sharpening", "Oil change"]
    assert [r["depth"] for r in sub] == [0, 1, 1]


def test_stats_and_doc_card(nav: DocumentNavigator) -> None:
    stats = nav.stats()
    assert stats["node_count"] == len(nav.doc.tree)
    assert stats["leaf_count"] == 5 and stats["format"] == "markdown"
    card = nav.doc_card()
    assert card["doc_id"] == nav.doc.doc_id
    assert card["sections"] and card["node_count"] == len(nav.doc.tree)


def test_doc_card_is_derived_when_the_mode_built_none() -> None:
    doc = guide_doc("fast")
    nav = DocumentNavigator(doc.model_copy(update={"nav_index": type(doc.nav_index)()}))
    card = nav.doc_card()
    assert card["derived"] is True
    assert [s["title"] for s in card["sections"]] == [
        "Installation",
        "Configuration",
        "Maintenance",
    ]
    assert [r["title"] for r in nav.ls("Field Guide")] == [
        "Installation",
        "Configuration",
        "Maintenance",
    ]


def test_keyword_entries_from_the_reasoning_index(nav: DocumentNavigator) -> None:
    if not nav.doc.reasoning_index.keywords:
        pytest.skip("reasoning pass built no postings")
    rows = nav.keyword_entries("hydraulic")
    assert rows and rows[0]["title"] in {"Oil change", "Installation"}
    assert rows == sorted(rows, key=lambda r: -r["weight"])
    assert nav.keyword_entries("zebra") == []


def with_indexes(doc: Document) -> Document:
    """The fixture plus hand-made overlap, route and chain indexes."""
    ids = {
        t: by_title(doc, t)
        for t in ("Blade sharpening", "Cutting height", "Oil change", "Reel speed", "Installation")
    }
    return doc.model_copy(
        update={
            "content_overlap": ContentOverlapMap(
                pairs=[
                    OverlapPair(
                        node_a=ids["Blade sharpening"],
                        node_b=ids["Cutting height"],
                        jaccard=0.82,
                        kind="subset",
                    )
                ],
                duplicate_groups=[
                    DuplicateGroup(
                        node_ids=[ids["Blade sharpening"], ids["Reel speed"]], token_count=40
                    )
                ],
            ),
            "query_routes": QueryRoutingTable(
                intent_routes=[
                    IntentRoute(
                        intent="How often should the blade be sharpened?",
                        node_id=doc.tree.root.node_id,
                        targets=[RouteTarget(node_id=ids["Blade sharpening"], relevance=0.9)],
                    )
                ],
                concept_routes={
                    "hydraulic oil": [RouteTarget(node_id=ids["Oil change"], relevance=0.9)]
                },
            ),
            "chain_index": ChainIndex(
                chains=[
                    ReasoningChain(
                        chain_id="c1",
                        chain_type="elaboration",
                        node_ids=[ids["Cutting height"], ids["Blade sharpening"]],
                        reference_text="See Section 3.1",
                        confidence=0.8,
                    )
                ],
                node_chains={ids["Cutting height"]: ["c1"], ids["Blade sharpening"]: ["c1"]},
            ),
        }
    )


def test_similar_and_overlaps() -> None:
    nav = DocumentNavigator(with_indexes(guide_doc()))
    rows = nav.similar("Blade sharpening")
    assert [(r["title"], r["kind"]) for r in rows] == [
        ("Reel speed", "duplicate"),
        ("Cutting height", "subset"),
    ]
    assert nav.similar("Oil change") == []
    # a group member that is not the representative still sees the group's pairs
    assert [(r["title"], r["kind"]) for r in nav.similar("Reel speed")] == [
        ("Blade sharpening", "duplicate"),
        ("Cutting height", "subset"),
    ]
    assert {(r["title"], r["kind"]) for r in nav.similar("Cutting height")} == {
        ("Blade sharpening", "subset"),
        ("Reel speed", "subset"),
    }
    assert len(nav.overlaps()["pairs"]) == 1
    assert DocumentNavigator(guide_doc("fast")).similar() == []


def test_intent_and_concept_routes() -> None:
    nav = DocumentNavigator(with_indexes(guide_doc()))
    routes = nav.intent_routes("when to sharpen the blade")
    assert routes[0]["targets"][0]["title"] == "Blade sharpening"
    assert nav.intent_routes("tractor insurance") == []
    concepts = nav.concept_routes("oil")
    assert (
        concepts[0]["concept"] == "hydraulic oil"
        and concepts[0]["targets"][0]["title"] == "Oil change"
    )
    assert DocumentNavigator(guide_doc("fast")).intent_routes() == []


def test_chains_through_a_node() -> None:
    nav = DocumentNavigator(with_indexes(guide_doc()))
    chains = nav.chains("Cutting height")
    assert len(chains) == 1 and [n["title"] for n in chains[0]["nodes"]] == [
        "Cutting height",
        "Blade sharpening",
    ]
    assert nav.chains("Oil change") == []
    assert len(nav.chains(all_chains=True)) == 1


def test_evidence_scores(nav: DocumentNavigator) -> None:
    if nav.doc.evidence_scores is None:
        pytest.skip("score pass did not run")
    oil = nav.evidence_score("Oil change")
    assert oil["scored"] and 0.0 <= oil["composite"] <= 1.0
    top = nav.top_evidence(3)
    assert top == sorted(top, key=lambda r: -r["composite"])
    fast = DocumentNavigator(guide_doc("fast")).evidence_score("/")
    assert fast["scored"] is False and fast["composite"] is None


def test_every_verb_returns_json_serialisable_data() -> None:
    nav = DocumentNavigator(with_indexes(guide_doc()))
    results = [
        nav.ls(),
        nav.cd("Maintenance"),
        nav.pwd(),
        nav.cat(1),
        nav.head(2),
        nav.find("oil"),
        nav.grep("oil"),
        nav.toc(),
        nav.stats(),
        nav.doc_card(),
        nav.keyword_entries("oil"),
        nav.similar(1),
        nav.overlaps(),
        nav.intent_routes(),
        nav.concept_routes(),
        nav.concepts(),
        nav.chains(all_chains=True),
        nav.evidence_score(2),
        nav.top_evidence(),
        nav.evidence(),
        nav.locate("oil grade"),
        nav.back(),
    ]
    for value in results:
        assert json.loads(json.dumps(value)) == value


def test_agent_verbs_and_dispatch() -> None:
    from vectorless_assets.navigator.reading.agent import VERBS, dispatch, verbs

    listed = verbs()
    assert [v["name"] for v in listed] == list(VERBS)
    assert all(v["description"] for v in listed)
    cd = next(v for v in listed if v["name"] == "cd")
    assert cd["parameters"][0]["name"] == "target" and cd["parameters"][0]["required"]
    json.dumps(listed)
    nav = DocumentNavigator(guide_doc())
    assert dispatch(nav, "cd", {"target": "Maintenance"})["title"] == "Maintenance"
    assert [r["title"] for r in dispatch(nav, "ls")] == ["Blade sharpening", "Oil change"]
    assert "error" in dispatch(nav, "cd", {"target": "nowhere at all"})
    assert "error" in dispatch(nav, "cat", {"bogus": 1})
    assert "error" in dispatch(nav, "rm", {})
    assert nav.pwd()["title"] == "Maintenance"
