"""JSON form and data version of every field value (nothing is pickled).

Each field's value is (de)serialised with a pydantic `TypeAdapter` of `FIELDS[name].type`
(optional, since a mode may leave an index absent); `document_ir` is a `Document`; a field
with no declaration (added by a plugin pass) is stored as plain JSON.

The data version of a value is `ir.identity.value_fingerprint` of its JSON form, so two
runs producing the same value record the same data version (early cutoff). For
`document_ir` the meta fields describing how it was built (`ir.document.BUILD_META_FIELDS`:
timestamps, durations, incremental action and reuse, LLM usage, the change set) and the
`source_path` (where the bytes were read: a moved documents root changes it) are left out of
the hash: they change from run to run without changing what the IR says.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from vectorless_assets.ir.document import BUILD_META_FIELDS, Document
from vectorless_assets.ir.identity import value_fingerprint
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR
from vectorless_assets.pipeline.fields import FIELDS


@cache
def adapter(name: str) -> TypeAdapter[Any]:
    if name == DOCUMENT_IR:
        return TypeAdapter(Document)
    spec = FIELDS.get(name)  # a field a plugin pass adds is stored as plain JSON
    return TypeAdapter(spec.type | None if spec is not None else Any)


def to_json(name: str, value: Any) -> bytes:
    return adapter(name).dump_json(value)


def from_json(name: str, data: bytes | str) -> Any:
    return adapter(name).validate_json(data)


def data_version(name: str, value: Any) -> str:
    """Hash of the value's JSON form (without the volatile meta of `document_ir`)."""
    plain = adapter(name).dump_python(value, mode="json")
    if name == DOCUMENT_IR and isinstance(plain, dict) and isinstance(plain.get("meta"), dict):
        plain["meta"] = {k: v for k, v in plain["meta"].items() if k not in BUILD_META_FIELDS}
        plain.pop("source_path", None)
    return value_fingerprint(plain)
