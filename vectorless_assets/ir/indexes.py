"""The indexes of the IR: navigation, reasoning, routes, chains, overlap, evidence scores.

Every index refers to tree nodes by `node_id` only; a node id that is not in the final tree
is a bug (checked by `vectorless_assets.ir.document.dangling_node_ids`). Each index model (and
any IR value holding node ids: `Concept`, `TocEntry`, `Diagnostic`, `DocumentTree`) says which
node ids it references with a `referenced_node_ids()` method; `Document` collects them from
its fields, so a new index needs no edit there. The `Document`'s field for each index is
`ir.index_fields`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


# -- navigation (NavigationPass) ------------------------------------------------------------
class NavEntry(_Model):
    """Overview of one non-leaf node for an agent deciding where to go."""

    node_id: str
    overview: str = ""
    question_hints: list[str] = Field(default_factory=list)
    topic_tags: list[str] = Field(default_factory=list)
    leaf_count: int = 0
    level: int = 0


class ChildRoute(_Model):
    """One child of a non-leaf node, as an agent sees it in `ls`."""

    node_id: str
    title: str
    description: str = ""
    leaf_count: int = 0


class SectionCard(_Model):
    node_id: str
    title: str
    description: str = ""
    leaf_count: int = 0


class DocCard(_Model):
    """Document-level overview: what this document covers, in one screen."""

    title: str = ""
    overview: str = ""
    sections: list[SectionCard] = Field(default_factory=list)
    question_hints: list[str] = Field(default_factory=list)
    topic_tags: list[str] = Field(default_factory=list)
    node_count: int = 0
    leaf_count: int = 0
    max_depth: int = 0


class NavigationIndex(_Model):
    entries: dict[str, NavEntry] = Field(default_factory=dict)
    child_routes: dict[str, list[ChildRoute]] = Field(default_factory=dict)
    doc_card: DocCard | None = None

    def referenced_node_ids(self) -> set[str]:
        """Entries, routed parents and children, and the doc card's sections."""
        ids = set(self.entries) | {e.node_id for e in self.entries.values()}
        for parent, routes in self.child_routes.items():
            ids.add(parent)
            ids.update(r.node_id for r in routes)
        if self.doc_card:
            ids.update(s.node_id for s in self.doc_card.sections)
        return ids


# -- reasoning (ReasoningPass) --------------------------------------------------------------
class KeywordPosting(_Model):
    node_id: str
    weight: float


class SectionSummary(_Model):
    node_id: str
    title: str
    summary: str = ""


class SummaryShortcut(_Model):
    """Answer for overview questions without walking the tree."""

    root_node_id: str
    document_summary: str = ""
    sections: list[SectionSummary] = Field(default_factory=list)


class ReasoningIndex(_Model):
    """Symbol table: keyword -> weighted node postings (best node weighs 1.0)."""

    keywords: dict[str, list[KeywordPosting]] = Field(default_factory=dict)
    section_map: dict[str, str] = Field(default_factory=dict)
    summary_shortcut: SummaryShortcut | None = None
    synonyms: dict[str, list[str]] = Field(default_factory=dict)

    def referenced_node_ids(self) -> set[str]:
        """Posted nodes, the section map's nodes and the summary shortcut's."""
        ids = {p.node_id for postings in self.keywords.values() for p in postings}
        ids.update(self.section_map.values())
        if self.summary_shortcut:
            ids.add(self.summary_shortcut.root_node_id)
            ids.update(s.node_id for s in self.summary_shortcut.sections)
        return ids


# -- concepts (ConceptPass) -----------------------------------------------------------------
class Concept(_Model):
    name: str
    summary: str = ""
    sections: list[str] = Field(default_factory=list)
    source: Literal["llm", "keywords"] = "keywords"

    def referenced_node_ids(self) -> set[str]:
        """The concept's sections."""
        return set(self.sections)


# -- routes (RoutePass) ---------------------------------------------------------------------
class RouteTarget(_Model):
    node_id: str
    relevance: float


class IntentRoute(_Model):
    """A question an agent may ask, and where to look for it."""

    intent: str
    node_id: str
    targets: list[RouteTarget] = Field(default_factory=list)


class QueryRoutingTable(_Model):
    intent_routes: list[IntentRoute] = Field(default_factory=list)
    concept_routes: dict[str, list[RouteTarget]] = Field(default_factory=dict)

    def referenced_node_ids(self) -> set[str]:
        """Every route's node and targets."""
        ids = {r.node_id for r in self.intent_routes}
        ids.update(t.node_id for r in self.intent_routes for t in r.targets)
        ids.update(t.node_id for targets in self.concept_routes.values() for t in targets)
        return ids


# -- chains (ChainPass) ---------------------------------------------------------------------
ChainType = Literal["causal", "supporting", "contradicting", "elaboration", "sequence"]


class ReasoningChain(_Model):
    chain_id: str
    chain_type: ChainType
    node_ids: list[str]
    reference_text: str = ""
    confidence: float = 0.0


class ChainIndex(_Model):
    chains: list[ReasoningChain] = Field(default_factory=list)
    node_chains: dict[str, list[str]] = Field(default_factory=dict)

    def referenced_node_ids(self) -> set[str]:
        """The chains' nodes and the nodes keyed in `node_chains`."""
        return {n for c in self.chains for n in c.node_ids} | set(self.node_chains)


# -- overlap (OverlapPass) ------------------------------------------------------------------
OverlapKind = Literal["duplicate", "subset", "summary"]


class OverlapPair(_Model):
    node_a: str
    node_b: str
    jaccard: float
    kind: OverlapKind


class DuplicateGroup(_Model):
    """Leaves whose token sets are identical: reported once, not as n·(n-1)/2 pairs."""

    node_ids: list[str]
    token_count: int = 0


class ContentOverlapMap(_Model):
    threshold: float = 0.8
    pairs: list[OverlapPair] = Field(default_factory=list)
    duplicate_groups: list[DuplicateGroup] = Field(default_factory=list)

    def referenced_node_ids(self) -> set[str]:
        """Both nodes of every pair and every duplicate group's nodes."""
        ids = {n for p in self.pairs for n in (p.node_a, p.node_b)}
        ids.update(n for g in self.duplicate_groups for n in g.node_ids)
        return ids


# -- evidence scores (ScorePass) ------------------------------------------------------------
class EvidenceScore(_Model):
    density: float
    data_richness: float
    specificity: float
    composite: float


class EvidenceScoreMap(_Model):
    scores: dict[str, EvidenceScore] = Field(default_factory=dict)

    def referenced_node_ids(self) -> set[str]:
        """The scored nodes."""
        return set(self.scores)
