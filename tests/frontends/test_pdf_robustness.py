"""PDF frontend robustness: encryption, unreadable files, scanned pages, limits, odd text."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.frontends.test_pdf import headings, manual, parse
from tests.support.pdfs import make_pdf
from vectorless_assets.ir.errors import SourceError
from vectorless_assets.pipeline.compile import compile_document

W, H = A4


def _pypdf_encrypted(user_password: str, algorithm: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(manual()))))
    writer.encrypt(user_password=user_password, owner_password="owner-secret", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_rc4_encrypted_with_empty_password_opens() -> None:
    spec = manual()
    spec.encrypt = ""
    data = make_pdf(spec)
    assert PdfReader(io.BytesIO(data)).is_encrypted
    assert [t for t, _, _ in headings(parse(data))][:2] == ["1 Installation", "1.1 Requirements"]


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256"])
def test_aes_encrypted_with_empty_password_opens(algorithm: str) -> None:
    doc = parse(_pypdf_encrypted("", algorithm))
    assert len(headings(doc)) == 6
    assert "shutdown procedure" in doc.raw_nodes[-1].content


def test_password_protected_pdf_gives_a_clear_error() -> None:
    with pytest.raises(SourceError, match="password"):
        parse(_pypdf_encrypted("s3cret", "AES-256"))


@pytest.mark.parametrize(
    "data", [b"%PDF-1.7\n this is not really a pdf", b"hello world", make_pdf(manual())[:300]]
)
def test_unreadable_pdf_raises_source_error(data: bytes) -> None:
    with pytest.raises(SourceError):
        parse(data)


def _image_pdf(text_pages: int, image_pages: int) -> bytes:
    from reportlab.lib.utils import ImageReader

    # a tiny 2x2 grey image, written as a PPM so no imaging library is needed
    ppm = b"P6 2 2 255\n" + bytes([128] * 12)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for i in range(text_pages):
        c.setFont("Helvetica", 10)
        c.drawString(72, H - 100, f"Readable text on page {i + 1}.")
        c.showPage()
    for _ in range(image_pages):
        try:
            c.drawImage(ImageReader(io.BytesIO(ppm)), 72, 72, width=400, height=600)
        except Exception:  # noqa: BLE001 - no PIL: draw an inline image instead
            c.drawInlineImage(ImageReader(io.BytesIO(ppm)), 72, 72, width=400, height=600)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_scanned_pages_are_reported() -> None:
    pytest.importorskip("PIL")
    doc = parse(_image_pdf(2, 2))
    diag = next(d for d in doc.diagnostics if d.code == "pdf_scanned_pages")
    assert "3, 4" in diag.message
    covered = {p for r in doc.raw_nodes for p in range(r.start_page, r.end_page + 1)}
    assert covered == {1, 2, 3, 4}


def test_image_only_pdf_is_an_error_diagnostic_not_a_silent_empty_tree() -> None:
    pytest.importorskip("PIL")
    doc = parse(_image_pdf(0, 3))
    diag = next(d for d in doc.diagnostics if d.code == "pdf_no_text")
    assert diag.severity == "error" and "scanned" in diag.message
    assert doc.raw_nodes and doc.raw_nodes[0].end_page == 3


def test_page_limit_is_reported_and_pages_still_counted() -> None:
    doc = parse(make_pdf(manual()), max_pages=1)
    assert doc.page_count == 3
    assert "pdf_page_limit" in {d.code for d in doc.diagnostics}
    assert "1.2 Unpacking" not in [t for t, _, _ in headings(doc)]
    assert max(r.end_page for r in doc.raw_nodes) == 3


def test_timeout_stops_extraction_with_a_diagnostic() -> None:
    doc = parse(make_pdf(manual()), pdf_timeout_seconds=1e-9)  # > 0: spent before the first page
    assert "pdf_timeout" in {d.code for d in doc.diagnostics}
    assert doc.page_count == 3


def test_cjk_tabs_and_two_columns_do_not_crash() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setFont("HeiseiMin-W3", 18)
    c.drawString(72, H - 80, "第1章 はじめに")
    c.setFont("HeiseiMin-W3", 10)
    for i in range(8):
        c.drawString(72, H - 120 - 14 * i, f"日本語の本文です。左の段 {i}")
        c.drawString(W / 2 + 20, H - 120 - 14 * i, f"右の段のテキスト {i}")
    c.setFont("Helvetica", 10)
    c.drawString(72, 200, "name\tvalue\twith\ttabs")
    c.showPage()
    c.save()
    doc = parse(buf.getvalue())
    assert doc.page_count == 1
    assert sum(len(r.content) for r in doc.raw_nodes) > 0


def test_whole_pipeline_compiles_a_generated_pdf() -> None:
    ir = compile_document(make_pdf(manual()), name="manual.pdf")
    assert ir.format == "pdf" and ir.page_count == 3
    titles = [n.title for n in ir.tree.nodes]
    assert "2.1 Daily checks" in titles
    daily = next(n for n in ir.tree.nodes if n.title == "2.1 Daily checks")
    assert (daily.start_page, daily.end_page) == (2, 3)
