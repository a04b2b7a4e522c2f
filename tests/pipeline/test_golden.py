"""Golden tests: the whole IR of a few small documents, in a reviewable form.

The expected files in tests/golden/ are pretty-printed IR payloads (without `meta`, whose
timestamps and durations vary). After an intended change, regenerate them with
`UPDATE_GOLDEN=1 pytest tests/pipeline/test_golden.py` and review the diff like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.paths import GOLDEN
from vectorless_assets import compile_document

DOCS: dict[str, str] = {
    "handbook.md": """---
title: Team Handbook
description: How the team works, in five minutes.
---

Welcome! Read this before your first day.

# Onboarding

Your first week is about meeting people. See Section 2.1 for the tools you will use.

## Accounts

Ask IT for an account. It takes 2 days.

# Tools

## Editor

We use a shared editor configuration, stored in the repository.

## Chat

Chat is for quick questions; decisions go into documents (see Appendix A).

Appendix A
----------

Decision records live in `docs/adr/`. Each record has a number, a date and a status.
""",
    "cjk.md": """# 概要

これは日本語の文書です。検索のためのキーワードを抽出します。

## 設計

システム設計の基本は、スケーラビリティと可用性です。

# English part

Mixed documents must work too.
""",
    "flat.md": (
        "No headings at all.\n\nJust two paragraphs of text about release notes, version 1.2.3.\n"
    ),
}


def _render(name: str, mode: str) -> str:
    doc = compile_document(DOCS[name].encode(), name=name, mode=mode)
    payload = doc.model_dump(mode="json", exclude={"meta"})
    return json.dumps(payload, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


@pytest.mark.parametrize("mode", ["fast", "deep"])
@pytest.mark.parametrize("name", sorted(DOCS))
def test_golden_ir(name: str, mode: str) -> None:
    expected_path = GOLDEN / f"{Path(name).stem}.{mode}.json"
    actual = _render(name, mode)
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(actual, encoding="utf-8")
    assert expected_path.is_file(), (
        f"missing {expected_path}: run UPDATE_GOLDEN=1 pytest {__file__}"
    )
    assert actual == expected_path.read_text(encoding="utf-8")
