"""PDF frontend over the real corpus (skipped when ../shared/corpus is absent).

A small sample runs by default; every PDF (including the 2,415-page manual) runs with
`-m slow`. Each must compile without a crash and with every page inside some node's range.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.paths import CORPUS
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.outline import norm
from vectorless_assets.ir.document import Document
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document

PDF_DIR = CORPUS / "pdf"
ALL_PDFS = (
    sorted(p.relative_to(PDF_DIR).as_posix() for p in PDF_DIR.rglob("*.pdf"))
    if PDF_DIR.is_dir()
    else []
)
SAMPLE = [
    "py-pdf-sample-files/mistitled_outlines_example.pdf",
    "py-pdf-sample-files/multicolumn.pdf",
    "docling-testdata/bookmark_sample.pdf",
    "financebench/AMCOR_2023Q4_EARNINGS.pdf",  # Wdesk filing
    "debian/fonts-sil-charis__features.pdf",
]
SLOW = [p for p in ALL_PDFS if p not in SAMPLE]


def _require(rel: str) -> Path:
    path = PDF_DIR / rel
    if not path.is_file():
        pytest.skip(f"corpus file absent: {rel}")
    return path


def _covered(ir: Document) -> set[int]:
    return {
        p
        for n in ir.tree.nodes
        if n.start_page
        for p in range(n.start_page, (n.end_page or n.start_page) + 1)
    }


def _check_whole(rel: str) -> None:
    ir = compile_document(_require(rel))
    assert ir.page_count and ir.page_count > 0
    assert _covered(ir) == set(range(1, ir.page_count + 1)), f"{rel}: pages not covered"
    assert len(ir.tree.nodes) >= 1


@pytest.mark.parametrize("rel", SAMPLE)
def test_sample_pdf_compiles_with_every_page_covered(rel: str) -> None:
    _check_whole(rel)


@pytest.mark.slow
@pytest.mark.parametrize("rel", SLOW)
def test_every_corpus_pdf_compiles_with_every_page_covered(rel: str) -> None:
    _check_whole(rel)


def test_mistitled_outline_is_judged_and_rejected() -> None:
    doc = parse_pdf(
        _require("py-pdf-sample-files/mistitled_outlines_example.pdf").read_bytes(),
        options=CompileOptions(),
    )
    assert "pdf_outline_rejected" in {d.code for d in doc.diagnostics}
    titles = {r.title for r in doc.raw_nodes}
    assert "Second" not in titles and "Twenty-first" not in titles


def test_rich_outline_gives_its_titles_levels_and_pages() -> None:
    from vectorless_assets.frontends.pdf import open_pdf
    from vectorless_assets.frontends.pdf.outline import read_outline

    data = _require("debian/r-doc-pdf__R-data.pdf").read_bytes()
    entries = read_outline(open_pdf(data))
    doc = parse_pdf(data, options=CompileOptions())
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    assert got == [(e.title, e.level, e.page + 1) for e in entries]


def test_encrypted_filings_open() -> None:
    for rel in ("financebench/AMAZON_2017_10K.pdf", "financebench/BESTBUY_2024Q2_10Q.pdf"):
        doc = parse_pdf(_require(rel).read_bytes(), options=CompileOptions(max_pages=5))
        assert sum(len(r.content) for r in doc.raw_nodes) > 1000, rel


_BLOCKQUOTE_HEADING = re.compile(r"^>\s*#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def _titles_and_depths(ir: Document) -> list[tuple[str, int]]:
    depth: dict[str, int] = {}
    out = []
    for n in ir.tree.nodes:
        depth[n.node_id] = 0 if n.parent is None else depth[n.parent] + 1
        if n.parent is not None:
            out.append((norm(n.title), depth[n.node_id]))
    return out


@pytest.mark.parametrize("stem", ["prom-writing-exporters", "rfc3392", "rustbook-ch04-ch10"])
def test_libreoffice_pdf_matches_its_markdown_source(stem: str) -> None:
    """Same section titles and nesting as the source compiled as Markdown.

    pandoc turns headings inside blockquotes (`> ### ...`) into real headings of the ODT
    (and so of the PDF outline); the Markdown frontend keeps them as quoted body text. Those
    are left out of the comparison.
    """
    base = _require(f"libreoffice-generated/{stem}.pdf").with_suffix("")
    md_path = base.with_name(f"{stem}.source.md")
    quoted = {norm(t) for t in _BLOCKQUOTE_HEADING.findall(md_path.read_text(encoding="utf-8"))}
    md = _titles_and_depths(compile_document(md_path))
    pdf = [
        t
        for t in _titles_and_depths(compile_document(base.with_suffix(".pdf")))
        if t[0] not in quoted
    ]
    assert pdf == md
