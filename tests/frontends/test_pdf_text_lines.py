"""Line building from pypdf's chunks (frontends/pdf/text.py) on one-page PDFs written here.

Each piece is its own text object placed by `Tm` (written with pypdf: reportlab's text objects
start with a move to the origin, which pypdf reads as a line break), so pypdf hands the visitor
one chunk per piece on the same line, as it does for the cells of a financial table, the
pieces of a formula or the words of a rotated label.
"""

from __future__ import annotations

import io

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from vectorless_assets.frontends.pdf import open_pdf
from vectorless_assets.frontends.pdf.text import page_lines


def _piece(x: float, y: float, text: str, size: float = 10.0, rotated: bool = False) -> str:
    """`text` at (x, y) in its own text object (turned 90 degrees when `rotated`)."""
    matrix = f"0 1 -1 0 {x} {y}" if rotated else f"1 0 0 1 {x} {y}"
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"BT /F1 {size} Tf {matrix} Tm ({escaped}) Tj ET"


def _lines(pieces: list[str]) -> list[str]:
    """The line texts of a letter-size page drawing `pieces` in Helvetica."""
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
    )
    stream = DecodedStreamObject()
    stream.set_data("\n".join(pieces).encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(stream)
    buf = io.BytesIO()
    writer.write(buf)
    reader = open_pdf(buf.getvalue())
    return [ln.text for ln in page_lines(reader.pages[0], 0, {}).lines]


def test_a_negative_figure_drawn_in_pieces_gets_no_space_inside() -> None:
    """A statement row: "(" then "508" then ")" each drawn at its own position far right of
    the row's label. The number is no right-aligned page number: it sits right after its "("
    (the gap is measured from the last piece drawn, not from where the label starts)."""
    pieces = []
    for y, label, figure in ((575.5, "Merchandise inventories ", "508"), (560, "Other ", "32")):
        pieces += [
            _piece(29.0, y, label, 10.7),
            _piece(436.6, y, "(", 10.7),
            _piece(439.0, y, figure, 10.7),
            _piece(439.0 + 6.0 * len(figure), y, ")", 10.7),
        ]
    # a page number right-aligned after its title is still spaced from it
    pieces += [_piece(72, 500, "Selected Financial Data", 10.7), _piece(528, 500, "18", 10.7)]
    texts = _lines(pieces)
    assert texts == [
        "Merchandise inventories (508)",
        "Other (32)",
        "Selected Financial Data 18",
    ], texts


def test_a_formula_with_a_fraction_and_subscripts_stays_one_line() -> None:
    """A display formula: the numerator 7pt above the operator line, subscripts 2pt below it.
    No piece is a line's height away from the baselines of the line so far, so it is one line
    (compared with the first piece only, the subscripts 9pt below the numerator began lines of
    their own)."""
    pieces = [_piece(72, 700, "The model reads", 10.9)]
    for x, y, size, text in (
        (257.4, 351.4, 10.9, "1"),
        (278.9, 344.0, 10.9, " b"),
        (285.1, 342.3, 7.0, "1"),
        (289.6, 344.0, 10.9, "x"),
        (295.8, 342.3, 7.0, "1"),
        (302.7, 344.0, 10.9, " + e"),
    ):
        pieces.append(_piece(x, y, text, size))
    texts = _lines(pieces)
    assert texts == ["The model reads", "1 b1x1 + e"], texts


def test_a_rotated_line_drawn_in_pieces_stays_one_line() -> None:
    """A label turned 90 degrees, one piece per word: along its line the pieces differ in y,
    which is no line break for rotated text (nor is a number after a word a page number)."""
    words = ["Net", " sales", " by", " segment", " in", " 2021"]
    pieces = [_piece(72, 700, "Upright text above the chart.")]
    pieces += [_piece(100, 200 + 40 * i, w, rotated=True) for i, w in enumerate(words)]
    texts = _lines(pieces)
    assert texts == ["Upright text above the chart.", "Net sales by segment in 2021"], texts


def test_a_page_number_right_of_its_title_is_spaced_from_it() -> None:
    """Index cells placed by `cm` (as a converter writes them): pypdf joins the title and the
    right-aligned page number without a space ("Financial Data18"); the builder spaces a bare
    number drawn well right of where the title can end."""
    texts = _lines(
        [
            "q 1 0 0 1 72 700 cm BT /F1 10 Tf 0 0 Td (Selected Financial Data) Tj ET Q",
            "q 1 0 0 1 528 700 cm BT /F1 10 Tf (18) Tj ET Q",
        ]
    )
    assert texts == ["Selected Financial Data 18"], texts
