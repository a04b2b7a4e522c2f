"""A contents entry read as a block: its title lines, an optional byline, its page number.

An edited volume's contents sets each entry over several rows: the title, wrapped at the same
left edge or under a hanging indent ("D. Common Reform and Network Doctrine" / "Contract
Doctrine ...... 16"), an author line under it ("Greta Dorn 2", in italic, often carrying the
page number), and in some books "Part I" alone on the row above the part's title. `compose`
takes the unnumbered rows read since the last entry and the row that ends in the page number,
and returns the rows that stand on their own (group labels) and the entry: its anchor row
(the first title row: its indent sets the level), its title and the title the numbered row
alone gives (`alt`: `toc_map` uses it when the joined title is not on the target page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.frontends.pdf.heading_candidates import all_caps
from vectorless_assets.frontends.pdf.numbering import numbered
from vectorless_assets.frontends.pdf.toc_rows import Row

KEYWORD = re.compile(
    r"^(part|chapter|item|appendix|annex|teil|kapitel)\s+(\d{1,3}[a-z]?|[ivxlc]{1,6}|[a-z])\b", re.I
)
MAX_TITLE_ROWS = 3  # title rows above the numbered row that one entry may take
TIGHT = 1.6  # rows of one entry sit closer than this many font sizes


@dataclass(slots=True)
class Block:
    """A composed entry: its anchor row, title, printed number and the numbered row's own
    title when rows above were joined to it ('' otherwise)."""

    row: Row
    title: str
    printed: str
    alt: str = ""


def is_label(r: Row) -> bool:
    """A row that may stand as an unnumbered entry: "Part II", "Chapter 3", or a short bold or
    all-capitals group heading."""
    text = r.text.strip()
    return bool(KEYWORD.match(text)) or ((r.bold or all_caps(text)) and len(text.split()) <= 8)


def bare_keyword(text: str) -> bool:
    """ "Part I" or "Chapter 3" alone on its row (the title follows on the next row)."""
    m = KEYWORD.match(text.strip())
    return bool(m) and m.end() == len(text.strip().rstrip(".:"))


def is_byline(r: Row, title_row: Row) -> bool:
    """True when `r` is set in another slant than the entry's title row: the author line of an
    edited volume's entry ("Greta Dorn", in italic under a roman title)."""
    return r.italic != title_row.italic and not is_label(r)


def _joins(b: Row, below: Row, numbered_row: Row, own_number: bool) -> bool:
    """True when row `b` is a title row of the entry whose next row is `below`: close above it,
    not indented right of it, no unnumbered group heading ending in a colon; a bare "Part I"
    joins its title; another label joins only a numbered title of its own style (a bold
    chapter title wrapped onto a second bold row); nothing joins a row that opens with its own
    number."""
    text = b.text.strip()
    if not 0 < b.y - below.y < TIGHT * max(b.size, below.size, 1.0) or b.x > below.x + 3:
        return False
    if text.endswith(":") and not numbered(text):
        return False  # "Consolidated Financial Statements:" heads a group; "8 Law:" wraps
    if bare_keyword(text):
        return not own_number
    if own_number:
        return False
    if is_label(b):
        return (
            numbered(text)
            and b.bold == numbered_row.bold
            and all_caps(text) == all_caps(numbered_row.text)
        )
    return True


def compose(block: list[Row], r: Row, title: str, printed: str) -> tuple[list[Row], Block]:
    """(rows standing on their own, the entry) for the unnumbered rows `block` read since the
    last entry and the numbered row `r` whose title part is `title` (see the module docstring).
    The numbered row is the entry's byline when it is set in another slant than the title rows
    above it: the title is theirs alone."""
    own = numbered(title)
    chain: list[Row] = []
    below = r
    for b in reversed(block):
        if len(chain) == MAX_TITLE_ROWS or not _joins(b, below, r, own):
            break
        chain.insert(0, b)
        below = b
        if bare_keyword(b.text):
            break
    lead = block[: len(block) - len(chain)]
    if not chain:
        return lead, Block(r, title, printed)
    above = " ".join(b.text.strip() for b in chain)
    if is_byline(r, chain[-1]) and not bare_keyword(chain[-1].text):
        return lead, Block(chain[0], above, printed)
    return lead, Block(chain[0], f"{above} {title}", printed, title)
