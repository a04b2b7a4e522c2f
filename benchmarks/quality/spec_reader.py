"""A reader written to the spec alone (`../shared/spec/ir-specification.txt` and the reference
notes), to measure whether our IR files are accepted by one (issue 38 item 3).

It knows nothing of this package: it opens `<doc_id>.bin` files as the spec's loader does
(envelope version 2, SHA-256 checksum of the canonical JSON payload, `schema_version > 3`
refused, `< 3` flagged old) and checks the field table: Identity, Indexes, Compile results,
Agent acceleration data (optional) and Metadata, with `DocumentMeta`'s fields. Extra fields
are allowed (the spec: new fields use defaults). Run:

    python benchmarks/quality/spec_reader.py IR_FOLDER_OR_FILE...

It prints one line per file (`accepted`, `accepted (old)` or `rejected: <why>`) and a total.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

CURRENT_SCHEMA_VERSION = 3
FORMAT_VERSION = 2
FORMATS = {"pdf", "markdown", "docx"}
#: field -> (python types, optional); None in the types: the field may be null
IDENTITY = {
    "schema_version": ((int,), False),
    "doc_id": ((str,), False),
    "name": ((str,), False),
    "format": ((str,), False),
    "source_path": ((str, type(None)), True),
}
INDEXES = {
    "tree": ((dict,), False),
    "nav_index": ((dict,), False),
    "reasoning_index": ((dict,), False),
}
RESULTS = {"summary": ((str,), False), "concepts": ((list,), False)}
ACCELERATION = {
    name: ((dict, type(None)), True)
    for name in ("query_routes", "chain_index", "content_overlap", "evidence_scores")
}
METADATA = {"page_count": ((int, type(None)), True), "meta": ((dict, type(None)), True)}
META = {
    "created_at": ((str,), False),
    "modified_at": ((str,), False),
    "content_fingerprint": ((str,), False),
    "logic_fingerprint": ((str,), False),
    "processing_version": ((int,), False),
    "node_count": ((int,), False),
    "total_summary_tokens": ((int,), False),
    "processing_model": ((str, type(None)), True),
    "processing_duration_ms": ((int,), False),
    "line_count": ((int, type(None)), True),
}


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _check(obj: dict[str, Any], table: dict[str, Any], where: str) -> list[str]:
    problems = []
    for name, (types, optional) in table.items():
        if name not in obj:
            if not optional:
                problems.append(f"{where}{name} missing")
            continue
        value = obj[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            problems.append(f"{where}{name} is {type(value).__name__}")
    return problems


def read(path: Path) -> tuple[bool, str]:
    """(accepted, what): the spec's loader and field table applied to one file."""
    try:
        envelope = json.loads(path.read_bytes())
    except (OSError, ValueError) as exc:
        return False, f"not JSON: {exc}"
    if envelope.get("version") != FORMAT_VERSION:
        return False, f"envelope version {envelope.get('version')!r}"
    payload = envelope.get("payload")
    digest = hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()
    if envelope.get("checksum") != digest:
        return False, "checksum mismatch"
    if not isinstance(payload, dict):
        return False, "payload is not an object"
    version = payload.get("schema_version", 0)
    if not isinstance(version, int) or version > CURRENT_SCHEMA_VERSION:
        return False, f"schema_version {version!r} is newer than {CURRENT_SCHEMA_VERSION}"
    problems = []
    for table in (IDENTITY, INDEXES, RESULTS, ACCELERATION, METADATA):
        problems += _check(payload, table, "")
    if payload.get("format") not in FORMATS:
        problems.append(f"format {payload.get('format')!r}")
    tree = payload.get("tree")
    if isinstance(tree, dict) and not isinstance(tree.get("nodes"), list):
        problems.append("tree.nodes is not a list")
    if isinstance(payload.get("meta"), dict):
        problems += _check(payload["meta"], META, "meta.")
    if problems:
        return False, "; ".join(problems)
    return True, "accepted (old)" if version < CURRENT_SCHEMA_VERSION else "accepted"


def main(argv: list[str]) -> int:
    files = [
        f for a in argv for f in (sorted(Path(a).glob("*.bin")) if Path(a).is_dir() else [Path(a)])
    ]
    accepted = 0
    for f in files:
        ok, what = read(f)
        accepted += ok
        print(f"{f.name}: {what if ok else 'rejected: ' + what}")
    print(f"{accepted}/{len(files)} accepted by a spec-conformant reader")
    return 0 if files and accepted == len(files) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
