"""The PDF's /PageLabels cross-checked against the page numbers printed on the pages.

Many producers write /PageLabels that only count physical pages ("1", "2", ... from the
cover), while the book prints roman numbers on its front matter and starts "1" at its first
chapter. Trusted, such labels map every printed contents entry to the wrong page (by the
length of the front matter) and label every section wrongly. A page's printed number is a
bare folio ("17", "xii") among the outermost lines at its top or bottom; labels are kept
unless they are the physical count and the folios printed on enough pages disagree with them.
"""

from __future__ import annotations

import re

from vectorless_assets.frontends.pdf.text import Line

_FOLIO = re.compile(r"^(?:\d{1,4}|[ivxlcdm]{1,7})$", re.I)
EDGE_LINES = 2  # the outermost lines at the top and at the bottom of a page a folio can be
MIN_FOLIOS = 3  # pages with a printed folio needed before labels are judged
AGREE = 0.5  # share of printed folios the labels must match


def printed_folios(pages: list[list[Line]]) -> dict[int, str]:
    """Page index -> the bare page number printed at the page's top or bottom edge."""
    out: dict[int, str] = {}
    for i, lines in enumerate(pages):
        by_y = sorted(lines, key=lambda ln: -ln.y)
        edge = by_y[:EDGE_LINES] + by_y[EDGE_LINES:][-EDGE_LINES:]
        folio = next((ln.text.strip() for ln in edge if _FOLIO.match(ln.text.strip())), None)
        if folio is not None:
            out[i] = folio.lower()
    return out


def physical_only(labels: list[str]) -> bool:
    """True when the labels are just the physical page count: "1", "2", "3", ..."""
    return all(lab.strip() == str(i + 1) for i, lab in enumerate(labels))


def check_labels(labels: list[str] | None, pages: list[list[Line]]) -> tuple[list[str] | None, str]:
    """`labels` when the printed page numbers bear them out, else None; and why they were
    dropped ('' when kept). Only labels that count physical pages are judged: any other
    labelling (roman front matter, a journal issue from 345) was set by someone on purpose."""
    if not labels or not physical_only(labels):
        return labels, ""
    folios = printed_folios(pages)
    if len(folios) < MIN_FOLIOS:
        return labels, ""
    agree = sum(1 for i, f in folios.items() if i < len(labels) and labels[i] == f)
    if agree >= AGREE * len(folios):
        return labels, ""
    return None, (
        f"/PageLabels only count physical pages; the numbers printed on {len(folios)} pages "
        f"agree with {agree} of them"
    )
