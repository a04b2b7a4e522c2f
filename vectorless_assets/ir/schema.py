"""The IR's JSON Schema, generated from the pydantic models (published as docs/ir.schema.json)."""

from __future__ import annotations

import json
from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.versions import FORMAT_VERSION, SCHEMA_VERSION


def document_json_schema() -> dict[str, Any]:
    """JSON Schema of the envelope payload (a Document, schema version 3)."""
    schema = Document.model_json_schema(mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://vectorless.dev/schema/document-ir-v{SCHEMA_VERSION}.json"
    schema["description"] = (
        f"Vectorless Document IR, schema_version {SCHEMA_VERSION}. Stored as the `payload` of the "
        "envelope "
        f"{{version: {FORMAT_VERSION}, checksum: sha256(canonical JSON of payload), payload}}."
    )
    return schema


def document_json_schema_text() -> str:
    return json.dumps(document_json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
