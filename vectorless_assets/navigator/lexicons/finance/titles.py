"""The printed titles of the primary financial statements, as data for the PDF frontend.

A statement page opens with its title (US GAAP, ASC 210/220/230/505; IFRS, IAS 1 and IAS
7): qualifiers, the statement's name, then only its period, its unit or "(unaudited)",
"(continued)". The PDF frontend (`frontends.pdf.statements`) reads a page's first lines
against these words with spaces dropped, so titles split or letter-spaced by extraction
("CONSOLIDATED BALANCE S HEETS") still match. "statement" and "sheet" match their plurals.
"""

from __future__ import annotations

#: Words that may stand before a statement's name.
QUALIFIERS: tuple[str, ...] = (
    "the", "consolidated", "condensed", "combined", "interim", "unaudited", "audited",
    "selected", "gaap",
)  # fmt: skip

#: Statement kind -> its names ("of consolidated" is also read where "of" is).
NAMES: dict[str, tuple[str, ...]] = {
    "balance": (
        "balance sheet",
        "statement of financial position",
        "statement of financial condition",
        "statement of condition",
    ),
    "comprehensive": (
        "statement of comprehensive income",
        "statement of comprehensive (loss) income",
        "statement of comprehensive income (loss)",
        "statement of comprehensive loss",
        "statement of comprehensive earnings",
    ),
    "income": (
        "statement of operations",
        "statement of income",
        "statement of (loss) income",
        "statement of income (loss)",
        "statement of earnings",
        "statement of profit or loss",
        "income statement",
    ),
    "cashflow": ("statement of cash flows", "statement of cash flow", "cash flow statement"),
    "equity": (
        "statement of stockholders' equity",
        "statement of shareholders' equity",
        "statement of shareowners' equity",
        "statement of owners' equity",
        "statement of stockholders' equity (deficit)",
        "statement of stockholders' deficit",
        "statement of shareholders' investment",
        "statement of changes in equity",
        "statement of changes in stockholders' equity",
        "statement of changes in shareholders' equity",
        "statement of equity",
    ),
}

#: What may follow a statement's name: a mark ("(unaudited)", "-"), or one of these words.
TAILS: tuple[str, ...] = (
    "and", "as of", "as at", "at", "for", "years", "year", "three", "six", "nine", "twelve",
    "fiscal", "quarter", "period", "ended", "continued", "unaudited", "in millions",
    "in thousands", "in billions", "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip

#: A tail word that makes the page continue the statement of the page before.
CONTINUED = "continued"

#: Titles of the auditor's report (PCAOB AS 3101, ISA 700), matched at a heading's start with
#: spaces dropped: the statements after it are its siblings, never its sections.
AUDIT_REPORTS: tuple[str, ...] = (
    "report of independent registered public accounting firm",
    "report of independent auditors",
    "report of independent auditor",
    "independent auditors' report",  # apostrophes are dropped: "auditors report" too
    "independent auditor's report",
)
