"""The primary financial statements: which one a node is, and which ones a question asks for.

A filing's figures live in a handful of statements whose titles are fixed by practice (US
GAAP, ASC 210/220/230/505; IFRS, IAS 1 and IAS 7): the balance sheet (statement of
financial position or condition), the income statement (statement of operations, income,
earnings; profit and loss), the statement of comprehensive income (its own kind: ASC 220
lets it follow the income statement as a second statement, which starts from net income
and shows other comprehensive income, so a question on net income or revenue wants the
first), the statement of cash flows and the statement of stockholders' equity. A node *is*
a statement when its title, or one of the first short lines of its text (PDF statements
often carry the company name as the heading and the statement name below it), is a
statement's title: the statement's name, preceded only by an enumerator and qualifiers ("a)
Condensed Consolidated", "GAAP") and followed by nothing but its date or period ("at
December 31", "for the years ended", "(unaudited)"). Prose that refers to a statement ("see
the consolidated statements of cash flows") and sections about one ("Supplemental Balance
Sheet Information") do not count. A question asks for a statement when it names one ("cash
flow statement", "balance sheet", "statement of income", "P&L").
"""

from __future__ import annotations

import re

#: Statement kinds and the regular expression that names each (case-insensitive).
STATEMENT_RE: dict[str, re.Pattern[str]] = {
    "balance": re.compile(
        r"\bbalance\s+sheets?\b|\bstatements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition)\b",
        re.I,
    ),
    "income": re.compile(
        r"\bstatements?\s+of\s+(?:consolidated\s+)?(?:income|operations|earnings|(?:profit|loss)(?:\s+(?:and|or)\s+(?:profit|loss))?)\b"
        r"|\bincome\s+statements?\b|\bprofit\s+(?:and|&)\s+loss\b|\bp\s*&\s*l\b",
        re.I,
    ),
    "comprehensive": re.compile(
        r"\bstatements?\s+of\s+(?:consolidated\s+)?comprehensive\s+(?:\(loss\)\s+)?(?:income|loss|earnings)\b",
        re.I,
    ),
    "cashflow": re.compile(
        r"\bstatements?\s+of\s+(?:consolidated\s+)?cash\s*flows?\b|\bcash\s*flows?\s+statements?\b",
        re.I,
    ),
    "equity": re.compile(
        r"\bstatements?\s+of\s+(?:changes\s+in\s+)?(?:consolidated\s+)?(?:stockholders|shareholders|owners)[’']?\s+equity\b",
        re.I,
    ),
}
#: Lines of a node's text read for a statement title, and the longest such a line may be.
HEAD_LINES = 3
HEAD_LINE_CHARS = 90


def named_statements(text: str) -> set[str]:
    """The statement kinds `text` names anywhere (for questions)."""
    return {kind for kind, pattern in STATEMENT_RE.items() if pattern.search(text)}


#: What may stand before a statement's name in its title, and what may follow it.
BEFORE_RE = re.compile(
    r"^(?:[\W\d]*|[a-z]{1,2}[.)]\s*|(?:note|item)\s+\S+\s*)"
    r"(?:(?:the|consolidated|condensed|combined|interim|unaudited|gaap|audited|selected)\s+)*$",
    re.I,
)
AFTER_RE = re.compile(
    r"^(?:\s*$|\s*[^\w\s]|\s*\d|\s+(?:at|as|for|of|years?|ended|fiscal|three|six|nine|twelve|quarters?|periods?)\b)",
    re.I,
)


def title_statements(line: str) -> set[str]:
    """The statement kinds `line` is the title of (see the module docstring)."""
    found = set()
    for kind, pattern in STATEMENT_RE.items():
        for m in pattern.finditer(line):
            if BEFORE_RE.match(line[: m.start()]) and AFTER_RE.match(line[m.end() :]):
                found.add(kind)
    return found


def statement_kind(title: str, content: str) -> set[str]:
    """The statement kinds a node is: its title or one of its first short lines is one's title."""
    found = title_statements(title.strip())
    for line in [ln.strip() for ln in content.splitlines() if ln.strip()][:HEAD_LINES]:
        if len(line) <= HEAD_LINE_CHARS:
            found |= title_statements(line)
    return found
