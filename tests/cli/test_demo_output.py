"""README shows `vectorless demo`'s outline of a sample: it is what the renderer prints."""

from __future__ import annotations

from pathlib import Path

from vectorless_assets import compile_document
from vectorless_assets.environment import SAMPLES_DIR
from vectorless_assets.ir import toc_view

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_demo_outline_is_the_runbooks_toc_without_a_duplicated_title() -> None:
    doc = compile_document(SAMPLES_DIR / "incident-runbook.md", mode="deep", root=SAMPLES_DIR)
    lines = toc_view.lines(toc_view.entries(doc), max_lines=40)
    readme = README.read_text(encoding="utf-8")
    assert all(f"   {line}\n" in readme for line in lines), lines
    titles = [e.title for e in doc.toc]
    assert titles[0] == doc.name == "Incident Runbook" and titles.count("Incident Runbook") == 1
