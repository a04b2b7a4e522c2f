"""The indexes of the IR: navigation, reasoning, routes, chains, overlap, evidence scores.

Every index refers to tree nodes by `node_id` only; a node id that is not in the final tree
is a bug (checked by `vectorless_assets.ir.document.dangling_node_ids`).
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


# -- concepts (ConceptPass) -----------------------------------------------------------------
class Concept(_Model):
    name: str
    summary: str = ""
    sections: list[str] = Field(default_factory=list)
    source: Literal["llm", "keywords"] = "keywords"


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


# -- evidence scores (ScorePass) ------------------------------------------------------------
class EvidenceScore(_Model):
    density: float
    data_richness: float
    specificity: float
    composite: float


class EvidenceScoreMap(_Model):
    scores: dict[str, EvidenceScore] = Field(default_factory=dict)
