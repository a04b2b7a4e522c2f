"""DOCX frontend on .docx files the tests build with python-docx."""

from __future__ import annotations

import io
import zipfile

import docx
import pytest

from vectorless_assets.frontends.docx import parse_docx
from vectorless_assets.ir.errors import SourceError
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document


def _save(d: docx.document.Document) -> bytes:
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def build(title_style: bool = True) -> bytes:
    d = docx.Document()
    if title_style:
        d.add_heading("Operations Handbook", level=0)
    d.add_paragraph("Foreword text before any heading.")
    d.add_heading("Getting started", level=1)
    d.add_paragraph("Install the tool first.")
    d.add_heading("Requirements", level=2)
    d.add_paragraph("Python and two gigabytes of memory.")
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Part", "Quantity"
    table.cell(1, 0).text, table.cell(1, 1).text = "Bolt", "12"
    d.add_heading("Deep detail", level=3)
    d.add_paragraph("A third-level note.")
    d.add_heading("Configuration", level=1)
    d.add_paragraph("Settings live in a file.")
    return _save(d)


def parse(data: bytes) -> ParsedDocument:
    return parse_docx(data, options=CompileOptions())


def test_headings_from_paragraph_styles() -> None:
    doc = parse(build())
    assert [(r.title, r.level) for r in doc.raw_nodes] == [
        ("", 0),
        ("Getting started", 1),
        ("Requirements", 2),
        ("Deep detail", 3),
        ("Configuration", 1),
    ]
    assert doc.title == "Operations Handbook"
    assert doc.format == "docx"


def test_content_between_headings_including_tables() -> None:
    doc = parse(build())
    req = next(r for r in doc.raw_nodes if r.title == "Requirements")
    assert "two gigabytes" in req.content
    assert "Bolt\t12" in req.content
    assert "third-level" not in req.content
    assert "Foreword text" in doc.raw_nodes[0].content
    assert all(r.token_count > 0 for r in doc.raw_nodes)


def test_custom_style_based_on_heading_and_outline_level() -> None:
    from docx.enum.style import WD_STYLE_TYPE

    d = docx.Document()
    custom = d.styles.add_style("Chapter Head", WD_STYLE_TYPE.PARAGRAPH)
    custom.base_style = d.styles["Heading 1"]
    d.add_paragraph("Chapter One", style="Chapter Head")
    d.add_paragraph("Body one.")
    p = d.add_paragraph("Outlined paragraph")
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), "1")
    p._p.get_or_add_pPr().append(lvl)
    d.add_paragraph("Body two.")
    doc = parse(_save(d))
    assert [(r.title, r.level) for r in doc.raw_nodes] == [
        ("Chapter One", 1),
        ("Outlined paragraph", 2),
    ]


def test_title_style_is_a_heading_when_there_is_no_heading_1() -> None:
    d = docx.Document()
    d.add_heading("Only Title", level=0)
    d.add_paragraph("Body.")
    d.add_heading("Sub", level=2)
    d.add_paragraph("More.")
    doc = parse(_save(d))
    assert [(r.title, r.level) for r in doc.raw_nodes][:2] == [("Only Title", 1), ("Sub", 2)]


def test_empty_heading_paragraphs_are_not_sections() -> None:
    d = docx.Document()
    d.add_heading("", level=1)
    d.add_paragraph("Text.")
    doc = parse(_save(d))
    assert [r.level for r in doc.raw_nodes] == [0]


@pytest.mark.parametrize("data", [b"PK\x03\x04 not a zip", b"plain text"])
def test_unreadable_docx_raises_source_error(data: bytes) -> None:
    with pytest.raises(SourceError):
        parse(data)


def test_whole_pipeline_compiles_a_docx() -> None:
    ir = compile_document(build(), name="handbook.docx")
    assert ir.format == "docx"
    titles = [n.title for n in ir.tree.nodes]
    assert titles[0] == "Operations Handbook"
    req = next(n for n in ir.tree.nodes if n.title == "Requirements")
    parent = next(n for n in ir.tree.nodes if n.node_id == req.parent)
    assert parent.title == "Getting started"


def _with_document_xml(data: bytes, xml: bytes) -> bytes:
    """`data` (a .docx) with its word/document.xml replaced."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as zin,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout,
    ):
        for item in zin.infolist():
            zout.writestr(
                item.filename,
                xml if item.filename == "word/document.xml" else zin.read(item.filename),
            )
    return out.getvalue()


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    """40 MB of XML packed into ~40 KB (issue 25 item 11): python-docx parsed it all (a 512 MB
    one ran for minutes with gigabytes); the declared sizes refuse it first."""
    data = build()
    with zipfile.ZipFile(io.BytesIO(data)) as zin:
        xml = zin.read("word/document.xml")
    bomb = _with_document_xml(data, xml.replace(b"<w:body>", b"<w:body>" + b" " * 40_000_000, 1))
    assert len(bomb) < 200_000
    with pytest.raises(SourceError, match="zip bomb"):
        parse_docx(bomb, options=CompileOptions())


def test_styles_are_looked_up_once_not_per_paragraph(monkeypatch: pytest.MonkeyPatch) -> None:
    """python-docx's `paragraph.style` scans the style list for every paragraph (10,000
    paragraphs took 9 s); the frontend reads each paragraph's style id from a table built
    once, with the same levels."""
    from docx.text.paragraph import Paragraph

    def per_paragraph(self: Paragraph) -> None:
        raise AssertionError("paragraph.style read per paragraph")

    data = build()
    monkeypatch.setattr(Paragraph, "style", property(per_paragraph))
    parsed = parse_docx(data, options=CompileOptions())
    assert [(n.title, n.level) for n in parsed.raw_nodes] == [
        ("", 0),
        ("Getting started", 1),
        ("Requirements", 2),
        ("Deep detail", 3),
        ("Configuration", 1),
    ]


def test_a_body_beyond_the_block_limit_is_cut_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from vectorless_assets.frontends import docx as frontend

    monkeypatch.setattr(frontend, "MAX_BLOCKS", 4)
    parsed = parse_docx(build(), options=CompileOptions())
    # title, foreword, heading, text
    assert [n.title for n in parsed.raw_nodes if n.level] == ["Getting started"]
    assert [d.code for d in parsed.diagnostics] == ["docx_truncated"]
