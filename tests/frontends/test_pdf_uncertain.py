"""Which PDF headings are marked uncertain (`RawNode.uncertain`, `frontends.pdf.uncertain`)
when the outline is a chapter frame: the outline's own entries never are, even when their
heading line is body-size bold type that the detector also found (then the detected heading
gives way to the entry, which carries the same title); weak headings detected inside the
chapters still are. PDF written here with reportlab (21 pages, three outline entries)."""

from __future__ import annotations

from tests.support import pdfs
from tests.support.pdfs import Block, Spec
from vectorless_assets.frontends.pdf.parser import parse_pdf
from vectorless_assets.options import CompileOptions

BODY = [
    "The pump is delivered on a pallet and must be lifted with straps around the casing.",
    "Check the delivery against the packing list and report any damage to the carrier.",
]
CHAPTERS = ["Safety Requirements", "Daily Checks", "Spare Parts"]
INSIDE = "Lifting Points"  # a weak heading on page 3, inside the first chapter


def make_pdf() -> bytes:
    body = [Block("\n".join(BODY))] * 3
    pages = []
    for page in range(21):
        if page % 7 == 0:  # a chapter: an outline entry on a body-size bold line
            pages.append([Block(CHAPTERS[page // 7], 1, size=10), *body])
        else:
            pages.append([Block(INSIDE, bold=True), *body] if page == 2 else body)
    return pdfs.make_pdf(Spec(pages, header=None, footer=False))


def test_outline_entries_of_a_frame_are_never_uncertain() -> None:
    parsed = parse_pdf(make_pdf(), options=CompileOptions())
    assert any(d.code == "pdf_outline_shallow" for d in parsed.diagnostics)
    marks = {n.title: n.uncertain for n in parsed.raw_nodes}
    assert {t: marks.get(t) for t in CHAPTERS} == dict.fromkeys(CHAPTERS, False)
    assert marks.get(INSIDE) is True
