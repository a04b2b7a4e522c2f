"""The one rule for trusting a stored hash: size and mtime both match the stored row."""

from __future__ import annotations

from vectorless_assets.orchestration.automation.scan import (
    FileInfo,
    ScanCursor,
    current_fingerprints,
    scan,
    unchanged_fingerprint,
)
from vectorless_assets.orchestration.storage.doc_state import Row

INFO = FileInfo("a.md", 10, 1000)


def test_the_stored_hash_is_reused_only_when_size_and_mtime_match() -> None:
    assert unchanged_fingerprint(INFO, Row(10, 1000, "fp", 1)) == "fp"
    assert unchanged_fingerprint(INFO, Row(11, 1000, "fp", 1)) is None
    assert unchanged_fingerprint(INFO, Row(10, 1001, "fp", 1)) is None
    assert unchanged_fingerprint(INFO, None) is None


def test_scan_and_current_fingerprints_read_only_the_changed_files() -> None:
    files = {"a": INFO, "b": FileInfo("b.md", 5, 7)}
    rows = {"a": Row(10, 1000, "fp-a", 1), "b": Row(5, 6, "old", 1)}
    read: list[str] = []

    def reader(key: str) -> bytes:
        read.append(key)
        return b"new bytes"

    current = current_fingerprints(files, rows, reader)
    assert current["a"] == "fp-a" and current["b"] != "old" and read == ["b.md"]
    read.clear()
    result = scan(files, rows, reader, cursor=ScanCursor(), registered={"a", "b"})
    assert read == ["b.md"] and [c.partition_key for c in result.changed] == ["b"]
