"""The real Markdown corpus (../shared/corpus/md): skipped cleanly when it is absent.

By default a representative sample runs (every 8th file of each collection plus the known
trap files); the whole corpus, including the three large files, is `-m slow`.
Checked per file: the frontend covers every line exactly once and each node's content is its
exact source text; skipping inert segments finds exactly what a whole-text markdown-it parse
finds; front matter is never a heading; a fast-mode compile succeeds, its tree covers every
line, and `load_ir(save_ir(doc))` gives the same document.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.coverage import line_coverage_errors, rebuild_errors, split_lines
from vectorless_assets.frontends.markdown import parse_markdown
from vectorless_assets.frontends.markdown.blocks import scan_blocks
from vectorless_assets.frontends.markdown.text_source import decode_text
from vectorless_assets.ir.persist import load_ir, save_ir
from vectorless_assets.pipeline.compile import compile_document

pytestmark = pytest.mark.corpus

TRAPS = (
    "prometheus-docs/docs/introduction/overview.md",
    "system-design-primer/README-ja.md",
    "rust-book/src/SUMMARY.md",
    "tldr/pages/common/tar.md",
)


def md_root(corpus: Path) -> Path:
    root = corpus / "md"
    if not root.is_dir():
        pytest.skip("../shared/corpus/md is absent")
    return root


def small_files(root: Path) -> list[Path]:
    return [p for p in sorted(root.rglob("*.md")) if "large" not in p.relative_to(root).parts]


def sample(root: Path) -> list[Path]:
    files = small_files(root)
    picked = {p for i, p in enumerate(files) if i % 8 == 0}
    picked |= {root / t for t in TRAPS if (root / t).is_file()}
    return sorted(picked)


def frontend_problems(path: Path, root: Path) -> list[str]:
    data = path.read_bytes()
    text = decode_text(data).text
    parsed = parse_markdown(data)
    rel = path.relative_to(root)
    problems = [
        f"{rel}: {e}"
        for e in line_coverage_errors(parsed.raw_nodes, parsed.line_count, allow_shared_lines=False)
    ]
    problems += [f"{rel}: {e}" for e in rebuild_errors(parsed.raw_nodes, split_lines(text))]
    fast, full = scan_blocks(text), scan_blocks(text, skip_inert=False)
    if (fast.headings, fast.front_matter) != (full.headings, full.front_matter):
        problems.append(f"{rel}: segmented parse differs from the whole-text parse")
    if text.startswith("---\n") and full.front_matter is not None:
        fm_end = full.front_matter[1]
        if any(h.start < fm_end for h in full.headings):
            problems.append(f"{rel}: a heading inside the front matter")
        if parsed.raw_nodes and parsed.raw_nodes[0].level != 0:
            problems.append(f"{rel}: front matter lines are not owned by the root")
    return problems


def compile_problems(path: Path, root: Path, out: Path) -> list[str]:
    rel = path.relative_to(root)
    doc = compile_document(path, mode="fast", root=root)
    lines = len(split_lines(decode_text(path.read_bytes()).text))
    problems = [f"{rel}: {e}" for e in line_coverage_errors(doc, lines)]
    if doc.meta.line_count != lines:
        problems.append(f"{rel}: meta.line_count {doc.meta.line_count} != {lines}")
    target = save_ir(doc, out / f"{doc.doc_id}.bin")
    if load_ir(target).model_dump() != doc.model_dump():
        problems.append(f"{rel}: load_ir(save_ir(doc)) differs")
    return problems


def test_prometheus_front_matter_gives_titles_not_headings(corpus: Path) -> None:
    root = md_root(corpus)
    docs = sorted((root / "prometheus-docs").rglob("*.md"))
    assert docs
    for path in docs:
        parsed = parse_markdown(path.read_bytes())
        assert parsed.title, path
        assert parsed.raw_nodes[0].level == 0 and parsed.raw_nodes[0].content.startswith("---")
        assert all(not n.title.startswith(("title:", "sort_rank:")) for n in parsed.raw_nodes)


def test_frontend_sample(corpus: Path) -> None:
    root = md_root(corpus)
    problems = [p for path in sample(root) for p in frontend_problems(path, root)]
    assert problems == []


def test_compile_sample_fast_mode(corpus: Path, tmp_path: Path) -> None:
    root = md_root(corpus)
    problems = [p for path in sample(root) for p in compile_problems(path, root, tmp_path)]
    assert problems == []


@pytest.mark.slow
def test_frontend_whole_corpus(corpus: Path) -> None:
    root = md_root(corpus)
    problems = [p for path in sorted(root.rglob("*.md")) for p in frontend_problems(path, root)]
    assert problems == []


@pytest.mark.slow
def test_compile_whole_corpus_fast_mode(corpus: Path, tmp_path: Path) -> None:
    root = md_root(corpus)
    files = sorted(root.rglob("*.md"))
    assert len(files) >= 380
    problems = [p for path in files for p in compile_problems(path, root, tmp_path)]
    assert problems == []


@pytest.mark.slow
def test_changelog_without_headings_is_navigable(corpus: Path) -> None:
    path = md_root(corpus) / "large" / "eslint-CHANGELOG.md"
    if not path.is_file():
        pytest.skip("large/eslint-CHANGELOG.md is absent")
    doc = compile_document(path, mode="fast")
    assert len(doc.tree.nodes) > 1, "a 1 MB document with no headings should be split into parts"
