"""The index fields of a `Document`: one field per index, each with its one-line description.

`DocumentIndexes` is what `Document` inherits its index fields from; its field names are the
IR fields the passes write, which `pipeline.fields` declares from here (with the `Described`
text: the pass table's field description and the Dagster asset's). The index models
themselves are `ir.indexes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from vectorless_assets.ir.indexes import (
    ChainIndex,
    Concept,
    ContentOverlapMap,
    EvidenceScoreMap,
    NavigationIndex,
    QueryRoutingTable,
    ReasoningIndex,
)


@dataclass(frozen=True)
class Described:
    """What an index field holds, in one line (the pass table's field description and the
    Dagster asset's); Annotated metadata that the JSON schema leaves out."""

    text: str


class DocumentIndexes(BaseModel):
    """The indexes a `Document` carries, one field each. The field name is the IR field, the
    field a pass writes (`pipeline.fields` declares it from here) and the Dagster asset key;
    an index absent from a mode is its default (None: not built). A new index is a model in
    `ir.indexes` (with `referenced_node_ids`) and a field here."""

    model_config = ConfigDict(extra="ignore")

    reasoning_index: Annotated[
        ReasoningIndex, Described("Keyword -> node postings, section map.")
    ] = Field(default_factory=ReasoningIndex)
    concepts: Annotated[list[Concept], Described("Key concepts with their sections.")] = Field(
        default_factory=list
    )
    nav_index: Annotated[NavigationIndex, Described("Nav entries, child routes, doc card.")] = (
        Field(default_factory=NavigationIndex)
    )
    query_routes: Annotated[QueryRoutingTable | None, Described("Intent and concept routes.")] = (
        None
    )
    chain_index: Annotated[ChainIndex | None, Described("Reasoning chains from references.")] = None
    content_overlap: Annotated[
        ContentOverlapMap | None, Described("Overlapping and duplicate leaves.")
    ] = None
    evidence_scores: Annotated[
        EvidenceScoreMap | None, Described("Per-leaf evidence quality scores.")
    ] = None
