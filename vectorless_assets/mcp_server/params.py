"""The MCP tools' parameter types: each a type with its description (and range), written once.

The tool functions (`tools`, `evidence`) annotate their parameters with these; the server
(`server`) hands the functions' signatures to the SDK, which turns them into the tools' JSON
input schemas. Plain pydantic, no SDK.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from vectorless_assets.mcp_server.bounds import Bound

Doc = Annotated[
    str, Field(description="document: doc_id, doc_id prefix, or name (see list_documents)")
]
OptDoc = Annotated[
    str | None,
    Field(description="document (doc_id, prefix or name); omit to search the whole folder"),
]
Node = Annotated[
    str, Field(description="node: node id (e.g. '0007'), title, or title path 'Chapter > Section'")
]
OptNode = Annotated[
    str | None, Field(description="node id, title or title path; omit for the whole document")
]
Offset = Annotated[
    int, Field(description="first row to return (next_offset of the previous call)", ge=0)
]
Query = Annotated[str, Field(description="the question or topic")]


def bounded(n: Bound, what: str) -> Any:
    """An integer parameter's schema, with its default and range."""
    return Annotated[
        int, Field(description=f"{what} (default {n.default}, at most {n.high})", ge=0)
    ]


class EvidenceItem(BaseModel):
    """One section an answer relies on."""

    doc: str = Field(description="document: doc_id, prefix or name")
    node: str = Field(description="node id, title or title path")
