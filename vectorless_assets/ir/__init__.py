"""The Document IR: pydantic models, identity and persistence. No Dagster here."""

from vectorless_assets.ir.document import (
    Diagnostic,
    Document,
    DocumentMeta,
    dangling_node_ids,
    referenced_node_ids,
)
from vectorless_assets.ir.errors import (
    IRChecksumError,
    IRFormatError,
    IRIntegrityError,
    IRSchemaError,
    IRVersionError,
)
from vectorless_assets.ir.indexes import (
    ChainIndex,
    ChildRoute,
    Concept,
    ContentOverlapMap,
    DocCard,
    DuplicateGroup,
    EvidenceScore,
    EvidenceScoreMap,
    IntentRoute,
    KeywordPosting,
    NavEntry,
    NavigationIndex,
    OverlapPair,
    QueryRoutingTable,
    ReasoningChain,
    ReasoningIndex,
    RouteTarget,
    SectionCard,
    SectionSummary,
    SummaryShortcut,
)
from vectorless_assets.ir.persist import load_ir, load_ir_bytes, save_ir, verify_ir
from vectorless_assets.ir.tree import DocumentTree, NodeReference, TreeNode

__all__ = [
    "ChainIndex", "ChildRoute", "Concept", "ContentOverlapMap", "Diagnostic", "DocCard",
    "Document", "DocumentMeta", "DocumentTree", "DuplicateGroup", "EvidenceScore",
    "EvidenceScoreMap", "IRChecksumError", "IRFormatError", "IRIntegrityError",
    "IRSchemaError", "IRVersionError", "IntentRoute", "KeywordPosting", "NavEntry",
    "NavigationIndex", "NodeReference", "OverlapPair", "QueryRoutingTable", "ReasoningChain",
    "ReasoningIndex", "RouteTarget", "SectionCard", "SectionSummary", "SummaryShortcut",
    "TreeNode", "dangling_node_ids", "load_ir", "load_ir_bytes", "referenced_node_ids",
    "save_ir", "verify_ir",
]
