"""Generated docs match the code, and the README's test command is what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

from vectorless_assets.ir.schema import document_json_schema_text
from vectorless_assets.pipeline.docs import passes_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_json_schema_is_published_and_current() -> None:
    published = (ROOT / "docs" / "ir.schema.json").read_text(encoding="utf-8")
    assert published == document_json_schema_text(), (
        'run: python -c \'from vectorless_assets.ir.schema import *; open("docs/ir.schema.json","w").write(document_json_schema_text())\''
    )


def test_pass_docs_are_current() -> None:
    assert (ROOT / "docs" / "passes.md").read_text(encoding="utf-8") == passes_markdown(), (
        "run: python -m vectorless_assets.pipeline.docs"
    )


def test_readme_quick_start_is_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick, re.S)
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci
    assert "vectorless demo" in commands[0]
