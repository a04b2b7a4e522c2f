"""Demoting an uncertain PDF heading (`frontends.pdf.uncertain.demote`) gives exactly the raw
sections the frontend gives when that line is not a heading at all: the same text, line by
line (a heading drawn on two lines goes back as two lines), the same page ranges and labels,
each line once. The reference is the same PDF with the weak headings in regular type (then
the detector never takes them). PDFs written here with reportlab; no LLM involved."""

from __future__ import annotations

from tests.support import pdfs
from tests.support.pdfs import Block, Spec
from vectorless_assets.frontends.pdf.parser import parse_pdf
from vectorless_assets.frontends.pdf.uncertain import demote
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

BODY = [
    "The pump is delivered on a pallet and must be lifted with straps around the casing.",
    "Check the delivery against the packing list and report any damage to the carrier.",
    "Keep the protective covers on the flanges until the piping is connected to the pump.",
    "Store the pump indoors in a dry place when it is not installed within four weeks.",
]
#: per page: (large title or None, weak heading lines or None, paragraphs after it)
PAGES = [
    (None, ["Scope of Delivery"], 2),
    ("Installation", ["Safety Requirements", "for the Pump Unit"], 1),
    (None, ["Daily Checks"], 2),
    (None, None, 2),  # Daily Checks runs on over this page
    ("Operation", ["Weekly Checks"], 1),
]


def make_pdf(bold: bool) -> bytes:
    """The weak headings in bold body-size type (`bold`) or in plain body text."""
    body = Block("\n".join(BODY))
    pages = []
    for title, weak, paragraphs in PAGES:
        page = [Block(title, 1), body] if title else []
        if weak:
            page.append(Block("\n".join(weak), bold=bold))
        pages.append(page + [body] * paragraphs)
    return pdfs.make_pdf(Spec(pages, outline=False, header=None, footer=False))


def parse(bold: bool) -> ParsedDocument:
    return parse_pdf(make_pdf(bold), options=CompileOptions())


def sections(parsed: ParsedDocument) -> list[tuple[str, int, str, int | None, int | None]]:
    return [(n.title, n.level, n.content, n.start_page, n.end_page) for n in parsed.raw_nodes]


def demote_all(parsed: ParsedDocument) -> ParsedDocument:
    for i in reversed([i for i, n in enumerate(parsed.raw_nodes) if n.uncertain]):
        parsed = demote(parsed, i)
    return parsed


def test_the_weak_headings_are_uncertain_and_plain_ones_are_not_headings() -> None:
    detected = parse(bold=True)
    weak = [n.title for n in detected.raw_nodes if n.uncertain]
    assert weak == [
        "Scope of Delivery",
        "Safety Requirements for the Pump Unit",
        "Daily Checks",
        "Weekly Checks",
    ]
    assert [n.title for n in parse(bold=False).raw_nodes] == ["", "Installation", "Operation"]


def test_demoting_every_uncertain_heading_gives_the_plain_sections() -> None:
    reference = parse(bold=False)
    demoted = demote_all(parse(bold=True))
    assert sections(demoted) == sections(reference)
    assert [n.token_count for n in demoted.raw_nodes] == [
        n.token_count for n in reference.raw_nodes
    ]
    assert not any(n.uncertain or n.heading_text for n in demoted.raw_nodes)


def test_each_line_is_owned_once_after_demoting_one_heading() -> None:
    detected = parse(bold=True)
    lines = [ln for n in detected.raw_nodes for ln in (n.heading_text or n.title, n.content)]
    for i in [i for i, n in enumerate(detected.raw_nodes) if n.uncertain]:
        one = demote(detected, i)
        text = "\n".join(
            ln for n in one.raw_nodes for ln in (n.heading_text or n.title, n.content) if ln
        )
        assert text == "\n".join(ln for ln in lines if ln)
        assert len(one.raw_nodes) == len(detected.raw_nodes) - (i > 0)
        pages = [(n.start_page, n.end_page) for n in one.raw_nodes]
        assert pages[0][0] == 1 and pages[-1][1] == len(PAGES)
        assert all(a[1] <= b[0] for a, b in zip(pages, pages[1:], strict=False))
