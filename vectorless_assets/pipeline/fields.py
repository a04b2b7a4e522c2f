"""The fields passes read and write: one name per field everywhere.

IR fields carry the `Document` attribute's name (`tree`, `nav_index`, `reasoning_index`,
`summary`, `concepts`, `query_routes`, `chain_index`, `content_overlap`, `evidence_scores`,
`description`, `toc`); the same name is the Dagster asset key, the IO manager's file name and the
navigator accessor. Intermediate fields (`parsed`, `tree_built`, `tree_split`,
`tree_optimized`, `tree_enhanced`) are the successive versions of the tree (a Dagster asset
has one producer, so every tree rewrite is its own field; a skipped rewrite passes its
input through); `validation` and `verification` hold the diagnostics of the two checking
passes. A pass writing a field not declared here gets a plain intermediate field
(`PassTable` adds it), so only IR fields need a declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.indexes import (
    ChainIndex,
    Concept,
    ContentOverlapMap,
    EvidenceScoreMap,
    NavigationIndex,
    QueryRoutingTable,
    ReasoningIndex,
)
from vectorless_assets.ir.raw import ParsedDocument, SourceDocument
from vectorless_assets.ir.toc import TocEntry
from vectorless_assets.ir.tree import DocumentTree


@dataclass(frozen=True)
class FieldSpec:
    name: str
    type: Any
    description: str
    in_ir: bool = False
    #: value when the mode does not build the field (None = absent optional field)
    default: Callable[[], Any] | None = None


_F = FieldSpec
FIELDS: dict[str, FieldSpec] = {
    f.name: f
    for f in [
        _F("source", SourceDocument, "The source document's bytes and key."),
        _F("parsed", ParsedDocument, "Raw sections and document facts from the frontend."),
        _F("tree_built", DocumentTree, "Tree as built from the raw sections."),
        _F("tree_split", DocumentTree, "Tree with oversized leaves split."),
        _F("tree_optimized", DocumentTree, "Tree with tiny leaves merged, empty chains collapsed."),
        _F("tree_enhanced", DocumentTree, "Tree with summaries, question hints and tags."),
        _F("tree", DocumentTree, "Final tree: page ranges, references resolved.", in_ir=True),
        _F("summary", str, "Document-level summary.", in_ir=True, default=str),
        _F("description", str, "One-paragraph document description.", in_ir=True, default=str),
        _F(
            "toc",
            list[TocEntry],
            "Table of contents: ids, titles, depths, pages or lines.",
            in_ir=True,
            default=list,
        ),
        _F("validation", list[Diagnostic], "Warnings of the validate pass.", default=list),
        _F(
            "reasoning_index",
            ReasoningIndex,
            "Keyword -> node postings, section map.",
            in_ir=True,
            default=ReasoningIndex,
        ),
        _F(
            "concepts", list[Concept], "Key concepts with their sections.", in_ir=True, default=list
        ),
        _F(
            "nav_index",
            NavigationIndex,
            "Nav entries, child routes, doc card.",
            in_ir=True,
            default=NavigationIndex,
        ),
        _F("query_routes", QueryRoutingTable, "Intent and concept routes.", in_ir=True),
        _F("chain_index", ChainIndex, "Reasoning chains from references.", in_ir=True),
        _F("content_overlap", ContentOverlapMap, "Overlapping and duplicate leaves.", in_ir=True),
        _F("evidence_scores", EvidenceScoreMap, "Per-leaf evidence quality scores.", in_ir=True),
        _F("verification", list[Diagnostic], "Findings of the verify pass.", default=list),
    ]
}

#: Names the spec's pass table uses for IR fields.
ALIASES: dict[str, str] = {"navigation_index": "nav_index", "concept_extraction": "concepts"}
