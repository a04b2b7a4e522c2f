"""Does a weak heading candidate behave like a heading in its context?

A body-size bold or capitalised line is only a heading candidate: in financial filings the
same style also sets table titles, row and column labels, bold lead-ins of paragraphs,
glossary terms and risk-factor sentences. A real section heading is a short noun phrase that
starts a block and is followed by body text. These checks look at the candidate's own text
and at the lines around it (same page) and reject the typical impostors:

- a lead-in: the text runs on into the next line as one sentence (no closing punctuation,
  the next line starts in lower case), or ends in a hyphen;
- a run-in definition ("LTV: represents ...") or a "(continued)" repeat of an earlier title;
- a table row or row-group label: figures on the same line, or the very next line is a row
  of figures (a section heading followed by a table has a units line or prose in between).

Strong (larger than body text), numbered and keyword ("Item 7.", "Note 12") candidates are
not judged here.
"""

from __future__ import annotations

import re

from vectorless_assets.frontends.pdf_text import Line

_FIGURE = re.compile(r"^(?:[($€£¥]*[\d][\d,]*(?:\.\d+)?%?\)?(?:\([a-z\d]\))?,?|[—–-]+|n/?m|nm)$", re.I)
_UNITS = re.compile(r"\bin (?:millions|billions|thousands)\b|\(dollars\b", re.I)
_SIGN = {"$", "€", "£", "%", "(", ")", "x"}
_CONTINUED = re.compile(r"\((?:continued|cont['’]?d\.?|concluded)\)\s*$", re.I)
_DEFINITION = re.compile(r"^[^:]{2,80}:\s+[“\"(]?[a-z]")
LOOKAHEAD = 2


def is_figure_row(text: str) -> bool:
    """True for a table row: the line ends in two or more figures ("$ 1,234 (56) 7.8 %", "—")."""
    if _UNITS.search(text):
        return False  # "(dollars in millions) 2022 2021": a units line may follow a heading
    run = 0
    for tok in reversed(text.split()):
        if _FIGURE.match(tok):
            run += 1
        elif tok not in _SIGN:
            break
    return run >= 2


def _next_lines(lines: list[Line], end: int, page: int) -> list[Line]:
    return [ln for ln in lines[end:end + LOOKAHEAD] if ln.page == page]


def rejects(lines: list[Line], start: int, end: int, title: str) -> str:
    """Why the weak candidate lines[start:end] titled `title` is not a heading ('' = it is)."""
    text = title.strip()
    first = lines[start]
    if _CONTINUED.search(text):
        return "continued"
    if _DEFINITION.match(text):
        return "definition"
    if text.endswith(("-", "\u2010", "\u2011")) and not text.endswith(" -"):
        return "hyphenated"
    if any(abs(o.y - first.y) < 1.5 and o is not first and is_figure_row(o.text) for o in lines[max(0, start - 8):start + 8] if o.page == first.page):
        return "table row"
    after = _next_lines(lines, end, first.page)
    if after and not text.endswith((".", ":", "?", "!")):
        nxt = after[0].text.lstrip()
        gap = lines[end - 1].y - after[0].y
        if nxt[:1].islower() and not after[0].bold and 0 < gap < 2.0 * max(after[0].size, 1.0):
            return "lead-in"
    if after and is_figure_row(after[0].text):
        return "table label"
    return ""
