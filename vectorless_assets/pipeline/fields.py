"""The fields passes read and write: one name per field everywhere.

IR fields carry the `Document` attribute's name (`tree`, `nav_index`, `reasoning_index`,
`summary`, `concepts`, `query_routes`, `chain_index`, `content_overlap`, `evidence_scores`,
`description`, `toc`); the same name is the Dagster asset key, the IO manager's file name and the
navigator accessor. Intermediate fields (`parsed`, `tree_built`, `tree_split`,
`tree_optimized`, `tree_enhanced`) are the successive versions of the tree (a Dagster asset
has one producer, so every tree rewrite is its own field; a skipped rewrite passes its
input through); `validation` and `verification` hold the diagnostics of the two checking
passes. The indexes are declared once, as fields of `ir.index_fields.DocumentIndexes` (type,
description, default), and listed here from it. A pass writing a field not declared here
gets a plain intermediate field (`PassTable` adds it), so only IR fields need a declaration.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic.fields import FieldInfo

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.index_fields import Described, DocumentIndexes
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


def index_field(name: str, info: FieldInfo) -> FieldSpec:
    """The spec of one `DocumentIndexes` field: its type without `None`, its `Described`
    text, its default factory (None: an absent index is None)."""
    kind: Any = info.annotation
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
    text = next(m.text for m in info.metadata if isinstance(m, Described))
    return FieldSpec(name, kind, text, in_ir=True, default=info.default_factory)  # type: ignore[arg-type]


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
        *(index_field(name, info) for name, info in DocumentIndexes.model_fields.items()),
        _F("verification", list[Diagnostic], "Findings of the verify pass.", default=list),
    ]
}

#: Names the spec's pass table uses for IR fields.
ALIASES: dict[str, str] = {"navigation_index": "nav_index", "concept_extraction": "concepts"}
