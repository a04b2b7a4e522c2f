"""The finance lexicon's years and periods: the fiscal years a question asks about, and the years a
section shows.

A question about figures names its period ("FY2018", "fiscal year 2022", "FY 2023",
"2021 Q1", "Q2 of FY2024", "from 2016 to 2017"); the statement or table that answers it
shows those years in its column headers ("Years ended December 31, 2018 2017 2016").
Retrieval terms drop bare numbers, so without this the period is lost. `question_years`
reads the years; `period_terms` are the question's terms that only spell a period
("fy2018"), which `locate` ranks by years instead; `shown_years` are the years in the
first characters of a node's text (where column headers are).
"""

from __future__ import annotations

import re

YEAR_RE = re.compile(
    r"(?<![\d.,$])(?:fy\s?|fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})(?![\d,]|\.\d)", re.I
)
#: Two-digit fiscal years ("FY22", "Q1 FY23"), read as 20xx.
SHORT_FY_RE = re.compile(r"\bfy\s?(\d{2})\b", re.I)
PERIOD_TERM_RE = re.compile(r"^(?:fy|q[1-4]fy|h[12]fy)?(?:19|20)?\d{2}(?:q[1-4])?$")
#: Characters of a node's text read for the years it shows (column headers come first).
HEAD_CHARS = 600


def question_years(text: str) -> set[int]:
    """The years a question names (four-digit years, "FY22" as 2022)."""
    years = {int(m.group(1)) for m in YEAR_RE.finditer(text)}
    years |= {2000 + int(m.group(1)) for m in SHORT_FY_RE.finditer(text)}
    return years


def period_terms(terms: list[str]) -> set[str]:
    """Retrieval terms that only spell a period ("fy2018", "fy23"), not a topic."""
    return {t for t in terms if any(c.isdigit() for c in t) and PERIOD_TERM_RE.match(t)}


def shown_years(content: str) -> set[int]:
    """The four-digit years in the first `HEAD_CHARS` characters of a node's text."""
    return {int(m.group(1)) for m in YEAR_RE.finditer(content[:HEAD_CHARS])}
