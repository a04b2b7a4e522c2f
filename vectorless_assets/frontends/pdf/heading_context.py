"""Does a weak heading candidate behave like a heading in its context?

A body-size bold or capitalised line is only a heading candidate: in financial filings the
same style also sets table titles, row and column labels, bold lead-ins of paragraphs,
glossary terms and risk-factor sentences. A real section heading is a short noun phrase that
starts a block and is followed by body text. These checks look at the candidate's own text
and at the lines around it (same page) and reject the typical impostors:

- a lead-in: the text runs on into the next line as one sentence (no closing punctuation,
  the next line starts in lower case and is not indented as a paragraph's first line), or
  ends in a hyphen;
- a run-in definition ("LTV: represents ...") or a "(continued)" repeat of an earlier title;
- a statement (a weak candidate is bold; italics alone never make one): a sentence of ten
  words or more, in mixed case, ending in a full stop
  (a 10-K's risk factors, "Our business could be harmed if ...", each caption a claim): a
  section title is a noun phrase;
- a table row or row-group label: figures beside it on the same line, or the very next line is a row
  of figures or a period column header ("Three months ended March 31,"): a section heading
  followed by a table has a units line or prose in between.

Strong (larger than body text), numbered and keyword ("Item 7.", "Note 12") candidates are
not judged here.
"""

from __future__ import annotations

import re

from vectorless_assets.frontends.pdf.text import Line

_FIGURE = re.compile(
    r"^(?:[($€£¥]*[\d][\d,]*(?:\.\d+)?%?\)?(?:\([a-z\d]\))?,?|[—–-]+|n/?m|nm)$", re.I
)
_UNITS = re.compile(r"\bin (?:millions|billions|thousands)\b|\(dollars\b", re.I)
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
_PERIOD = re.compile(
    r"^(?:(?:as of (?:or )?)?for the "
    rf")?(?:(?:three|six|nine|twelve|\d{{1,2}}) months|(?:fiscal "
    r")?years?|quarters?|periods?) ended\b"
    rf"|^(?:as of|at) (?:or for\b|{_MONTH}\b)|^{_MONTH} \d{{1,2}},?(?:\s+\d{{4}})?$",
    re.I,
)
_CLAUSE = re.compile(r",\s+[a-z]")
_SIGN = {"$", "€", "£", "%", "(", ")", "x"}
_CONTINUED = re.compile(r"\((?:continued|cont['’]?d\.?|concluded)\)", re.I)
_DEFINITION = re.compile(r"^[^:]{2,80}:\s+[“\"(]?[a-z]")
# no colon, some lower case, ending in one full stop (not "..."); full stops inside may be
# abbreviations ("Changes in U.S. trade policy could ... results.")
_SENTENCE = re.compile(r"^[^:]*[a-z][^:]*[^.]\.$")
INDENT = (0.5, 4.0)  # a paragraph's first-line indent, in body sizes (more: centred or a column)
SENTENCE_WORDS = 10  # a caption sentence this long is a statement, not a section title
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


def indented_under(ln: Line, nxt: Line) -> bool:
    """True when `nxt` starts a paragraph below `ln` by its first-line indent: it begins a
    little right of where `ln` begins (a sentence running on from `ln` would wrap to `ln`'s
    margin; a centred line or another column sits further right)."""
    shift = nxt.x - ln.x
    return INDENT[0] * nxt.size <= shift <= INDENT[1] * nxt.size


def _row_text(lines: list[Line], k: int) -> str:
    """The text of the table row of lines[k]: every line at its height, left to right."""
    ln = lines[k]
    row = [o for o in lines[max(0, k - 8) : k + 8] if o.page == ln.page and abs(o.y - ln.y) < 1.5]
    return " ".join(o.text for o in sorted(row, key=lambda o: o.x))


def _all_figures(text: str) -> bool:
    """True when every token is a figure or a sign and there is a figure ("$ 17,846")."""
    toks = text.split()
    return any(_FIGURE.match(t) for t in toks) and all(_FIGURE.match(t) or t in _SIGN for t in toks)


def _is_period_header(text: str) -> bool:
    """A column header like "Three months ended March 31," (not a sentence starting so)."""
    text = text.strip()
    return bool(_PERIOD.match(text)) and len(text.split()) <= 10 and not _CLAUSE.search(text)


def _next_lines(lines: list[Line], end: int, page: int) -> list[Line]:
    return [ln for ln in lines[end : end + LOOKAHEAD] if ln.page == page]


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
    if _SENTENCE.match(text) and len(text.split()) >= SENTENCE_WORDS:
        return "sentence"
    beside = [
        o.text
        for o in lines[max(0, start - 8) : start + 8]
        if o.page == first.page and o is not first and abs(o.y - first.y) < 1.5
    ]
    if beside and (any(is_figure_row(t) for t in beside) or _all_figures(" ".join(beside))):
        return "table row"
    after = _next_lines(lines, end, first.page)
    if after and not text.endswith((".", ":", "?", "!")):
        nxt = after[0].text.lstrip()
        gap = lines[end - 1].y - after[0].y
        if (
            nxt[:1].islower()
            and not after[0].bold
            and 0 < gap < 2.0 * max(after[0].size, 1.0)
            and not indented_under(lines[end - 1], after[0])
        ):
            return "lead-in"
    if after and (is_figure_row(_row_text(lines, end)) or _is_period_header(after[0].text)):
        return "table label"  # next: a row of figures or a column header ("Three months ended")
    return ""
