"""The corpus as a table: one row per compiled document, its columns and their meaning.

One definition serves three readers: `vectorless ls --format table|csv|json` and
`navigator.Catalog.to_frame()` build the frame from IR files (`row_of`), and the Dagster
`corpus` asset (`orchestration/assets/corpus_frame.py`) builds the same columns from what the
instance recorded of every document's `document_ir` (the same numbers, taken from the same
IR when it was written), adding the columns only the instance knows (`INSTANCE_COLUMNS`:
freshness and check status). pandas is imported when a frame is built, not before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from vectorless_assets.ir.document import Document

if TYPE_CHECKING:
    import pandas as pd

#: (column, kind, meaning) of the columns every corpus frame has, in order; kind is one of
#: "string", "int", "datetime" (a pandas dtype each: `DTYPES`).
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("document_key", "string", "the document's path relative to the documents root"),
    ("doc_id", "string", "UUIDv5 of the document key; the IR file is <doc_id>.bin"),
    ("name", "string", "the document's title"),
    ("format", "string", "the frontend it was read with (markdown, pdf, docx)"),
    ("pages", "int", "pages of a PDF or DOCX (0 for text formats)"),
    ("sections", "int", "sections: nodes of the document tree"),
    ("depth", "int", "deepest level of the tree"),
    ("tokens", "int", "tokens of the document's text"),
    ("mode", "string", "the compile mode that built the IR (fast, standard, deep)"),
    ("llm_calls", "int", "LLM calls of the compile that built the IR"),
    ("llm_tokens", "int", "LLM tokens of the compile that built the IR"),
    ("last_compiled", "datetime", "when the IR was written (UTC)"),
    ("ir_path", "string", "the IR file"),
)
#: columns only the Dagster instance knows (the `corpus` asset), placed before `ir_path`
INSTANCE_COLUMNS: tuple[tuple[str, str, str], ...] = (
    (
        "freshness",
        "string",
        "current, or why a recompile is due (pipeline.freshness: new, source changed, ...)",
    ),
    ("checks", "string", "latest validate/verify results: passed, failed (which), or unknown"),
)
#: the pandas dtype of each kind but "datetime" (`pd.to_datetime(..., utc=True, format="ISO8601")`)
DTYPES = {"string": "string", "int": "Int64"}


def row_of(doc: Document, ir_path: str) -> dict[str, Any]:
    """The row of one compiled document (`COLUMNS`), from its IR."""
    meta, nodes = doc.meta, doc.tree.nodes
    return {
        "document_key": doc.document_key or doc.source_path or doc.name,
        "doc_id": doc.doc_id,
        "name": doc.name,
        "format": doc.format,
        "pages": doc.page_count or 0,
        "sections": len(nodes),
        "depth": doc.tree.max_depth() if nodes else 0,
        "tokens": sum(n.token_count for n in nodes),
        "mode": meta.mode if meta else None,
        "llm_calls": meta.llm_calls if meta else 0,
        "llm_tokens": meta.llm_tokens if meta else 0,
        "last_compiled": meta.modified_at if meta else None,
        "ir_path": str(ir_path),
    }


def columns(with_instance: bool = False) -> list[tuple[str, str, str]]:
    """The columns of a frame, with the instance's before `ir_path` when `with_instance`."""
    if not with_instance:
        return list(COLUMNS)
    return [*COLUMNS[:-1], *INSTANCE_COLUMNS, COLUMNS[-1]]


def to_frame(rows: Iterable[Mapping[str, Any]], *, with_instance: bool = False) -> pd.DataFrame:
    """A pandas DataFrame of `rows` with exactly the columns (`columns`), in order and typed;
    a missing value is NA."""
    import pandas as pd

    spec = columns(with_instance)
    frame = pd.DataFrame.from_records(list(rows), columns=[name for name, _, _ in spec])
    for name, kind, _ in spec:
        if kind == "datetime":
            # ISO 8601 per element: `isoformat()` drops ".%f" when the microseconds are 0,
            # and a format inferred from the first row then failed the whole column (found
            # at 39,400 documents by the 100,000-document benchmark)
            frame[name] = pd.to_datetime(frame[name], utc=True, format="ISO8601")
        else:
            frame[name] = frame[name].astype(DTYPES[kind])
    return frame


def as_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame's rows as plain JSON-able dicts (times in ISO 8601, NA as None)."""
    out = []
    for row in frame.astype(object).to_dict(orient="records"):
        out.append(
            {
                k: (v.isoformat() if isinstance(v, datetime) else None if _na(v) else v)
                for k, v in row.items()
            }
        )
    return out


def _na(value: Any) -> bool:
    import pandas as pd

    return value is None or (not isinstance(value, str | list | dict) and bool(pd.isna(value)))
