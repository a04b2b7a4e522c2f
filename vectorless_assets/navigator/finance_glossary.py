"""A small finance glossary: what a metric is made of, and which statement shows it.

A question names a metric ("capex", "quick ratio", "days payable outstanding"); the filing
shows the line items it is computed from, under other names ("Purchases of property, plant
and equipment", "Accounts payable", "Cost of sales"), in a given statement. Each entry:

* **triggers**: the metric's usual names and abbreviations;
* **labels**: the line items it is made of (one string per component, alternatives
  separated by ``|``), as the US GAAP Financial Reporting Taxonomy's
  standard labels name them (FASB, https://xbrl.fasb.org; element names in the comments)
  and their common presentation variants;
* **statements**: the statements (`navigator.statements` kinds) those line items are in.

Sources, written by hand: the ratio definitions of the standard ratio lists (Wikipedia,
"Financial ratio", https://en.wikipedia.org/wiki/Financial_ratio; financialmodelingprep.com,
"Financial Ratios", https://financialmodelingprep.com/liquidity-measurement-ratios/ANY;
accounting-simplified.com, "Ratio Analysis"), every liquidity, profitability, leverage,
efficiency and cash-flow ratio they list that is computed from the primary statements, plus
the taxonomy's labels of the line items those ratios use. Not chosen from any evaluation
question. Matching is on retrieval terms (`bm25.terms`), so plurals and case do not matter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from vectorless_assets.navigator.bm25 import terms

B, P, C, E = "balance", "income", "cashflow", "equity"  # P: profit and loss (income)

#: (triggers, labels, statements). Labels name taxonomy elements in the trailing comment.
ENTRIES: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    # -- line items (taxonomy elements) ------------------------------------------------------
    (("capital expenditure", "capex", "capital spending", "capital investment"),
     ("purchases of property and equipment|purchases of property plant and equipment|payments to acquire property plant and equipment|"
      "additions to property and equipment|capital expenditures",), (C,)),  # PaymentsToAcquirePropertyPlantAndEquipment
    (("ppe", "ppne", "pp&e", "fixed assets", "property plant and equipment"),
     ("property plant and equipment net|property and equipment net",), (B,)),  # PropertyPlantAndEquipmentNet
    (("revenue", "sales", "top line", "turnover"),
     ("total revenues|net sales|net revenues|total net sales",), (P,)),  # Revenues
    (("cogs", "cost of goods sold", "cost of revenue"),
     ("cost of sales|cost of revenue|cost of goods sold",), (P,)),  # CostOfGoodsAndServicesSold
    (("net income", "net profit", "net earnings", "bottom line"),
     ("net income|net earnings",), (P,)),  # NetIncomeLoss
    (("operating income", "operating profit", "ebit"),
     ("operating income|income from operations",), (P,)),  # OperatingIncomeLoss
    (("eps", "earnings per share"),
     ("earnings per share|net income per share",), (P,)),  # EarningsPerShareDiluted
    (("operating cash flow", "cash from operations", "cash flow from operations"),
     ("net cash provided by operating activities|cash provided by operating activities",), (C,)),  # NetCashProvidedByUsedInOperatingActivities
    (("dividends paid", "dividend"),
     ("dividends paid|payments of dividends|cash dividends declared",), (C, E)),  # PaymentsOfDividends
    (("buyback", "share repurchase", "stock repurchase"),
     ("repurchases of common stock|payments for repurchase of common stock",), (C, E)),  # PaymentsForRepurchaseOfCommonStock
    (("depreciation", "d&a", "amortization"),
     ("depreciation and amortization|depreciation depletion and amortization",), (C, P)),  # DepreciationDepletionAndAmortization
    (("cash and cash equivalents", "cash position"),
     ("cash and cash equivalents",), (B, C)),  # CashAndCashEquivalentsAtCarryingValue
    (("total assets",), ("total assets",), (B,)),  # Assets
    (("total debt", "debt", "borrowings", "indebtedness", "leverage"),
     ("long-term debt", "short-term borrowings|debt maturing within one year|current portion of long-term debt"), (B,)),  # LongTermDebt
    (("accounts payable", "payables"), ("accounts payable",), (B,)),  # AccountsPayableCurrent
    (("accounts receivable", "receivables"), ("accounts receivable net|accounts receivable",), (B,)),  # AccountsReceivableNetCurrent
    (("inventory", "inventories"), ("inventories|merchandise inventories",), (B,)),  # InventoryNet
    (("shareholders equity", "stockholders equity", "book value", "net worth"),
     ("total shareholders equity|total stockholders equity|total equity",), (B, E)),  # StockholdersEquity
    (("income tax", "tax expense"), ("provision for income taxes|income tax expense",), (P,)),  # IncomeTaxExpenseBenefit
    (("interest expense",), ("interest expense",), (P,)),  # InterestExpense
    # -- ratios (standard ratio lists) --------------------------------------------------------
    (("quick ratio", "acid test", "acid-test ratio"),
     ("cash and cash equivalents", "marketable securities|short-term investments", "accounts receivable", "total current liabilities"), (B,)),
    (("current ratio", "working capital"), ("total current assets", "total current liabilities"), (B,)),
    (("cash ratio",), ("cash and cash equivalents", "total current liabilities"), (B,)),
    (("debt to equity", "debt-to-equity", "gearing", "debt ratio"),
     ("long-term debt", "total liabilities", "total equity|total shareholders equity|total stockholders equity"), (B,)),
    (("gross margin", "gross profit"), ("gross profit|gross margin", "cost of sales|cost of revenue", "net sales|total revenues"), (P,)),
    (("operating margin", "operating profit margin"), ("operating income|income from operations", "net sales|total revenues|net revenues"), (P,)),
    (("net margin", "net profit margin", "profit margin"), ("net income|net earnings", "net sales|total revenues|net revenues"), (P,)),
    (("ebitda",), ("operating income|income from operations", "depreciation and amortization"), (P, C)),
    (("effective tax rate",), ("provision for income taxes", "income before income taxes"), (P,)),
    (("interest coverage", "times interest earned"), ("operating income|income from operations", "interest expense"), (P,)),
    (("return on assets", "roa"), ("net income", "total assets"), (P, B)),
    (("return on equity", "roe"), ("net income", "total shareholders equity|total stockholders equity|total equity"), (P, B)),
    (("asset turnover", "fixed asset turnover"), ("net sales|total revenues", "total assets|property plant and equipment net"), (P, B)),
    (("inventory turnover", "days inventory outstanding", "dio"), ("inventories", "cost of sales|cost of revenue"), (B, P)),
    (("receivables turnover", "days sales outstanding", "dso"), ("accounts receivable", "net sales|total revenues"), (B, P)),
    (("days payable outstanding", "dpo", "payables turnover"), ("accounts payable", "cost of sales|cost of revenue", "inventories"), (B, P)),
    (("cash conversion cycle",), ("accounts receivable", "inventories", "accounts payable", "cost of sales|cost of revenue"), (B, P)),
    (("free cash flow", "fcf", "cash conversion"),
     ("net cash provided by operating activities|cash provided by operating activities",
      "purchases of property and equipment|purchases of property plant and equipment|payments to acquire property plant and equipment|capital expenditures"), (C,)),
    (("dividend payout ratio", "payout ratio"), ("dividends paid", "net income"), (C, P)),
    (("capital intensity", "capital intensive"),
     ("capital expenditures|purchases of property and equipment|property plant and equipment net", "total assets|net sales|total revenues"), (C, B)),
)  # fmt: skip


Phrase = tuple[str, ...]
#: A line item: its alternative names, as term lists.
Component = tuple[Phrase, ...]


@dataclass(frozen=True)
class Need:
    """What a question's metrics need: per triggered entry its components, and statements."""

    entries: tuple[tuple[Component, ...], ...]
    statements: frozenset[str]
    triggered: frozenset[str]


@lru_cache(maxsize=1)
def _compiled() -> list[tuple[list[Phrase], tuple[Component, ...], frozenset[str]]]:
    out = []
    for triggers, labels, statements in ENTRIES:
        components = tuple(
            tuple(tuple(terms(alt)) for alt in label.split("|") if terms(alt)) for label in labels
        )
        out.append(
            ([tuple(terms(t)) for t in triggers if terms(t)], components, frozenset(statements))
        )
    return out


def _contains(seq: list[str], phrase: Phrase) -> bool:
    n = len(phrase)
    return any(tuple(seq[i : i + n]) == phrase for i in range(len(seq) - n + 1))


def needs(question_terms: list[str]) -> Need:
    """The components and statements of every entry a question's terms (in order) trigger;
    of each component, only the names the question does not already use."""
    entries: list[tuple[Component, ...]] = []
    statements: set[str] = set()
    triggered: set[str] = set()
    asked = set(question_terms)
    for triggers, components, entry_statements in _compiled():
        hit = next((t for t in triggers if _contains(question_terms, t)), None)
        if hit is None:
            continue
        triggered |= set(hit)
        statements |= entry_statements
        # a label in the question's own words is the text signal's business
        entries.append(
            tuple(
                comp
                for comp in (tuple(a for a in c if not set(a) <= asked) for c in components)
                if comp
            )
        )
    return Need(
        entries=tuple(entries), statements=frozenset(statements), triggered=frozenset(triggered)
    )


def entry_labels(question_terms: list[str]) -> list[Phrase]:
    """Every line-item name (all alternatives, the question's own words included) of the
    entries a question's terms trigger: what a document about them would show."""
    return [
        alt
        for triggers, components, _ in _compiled()
        if any(_contains(question_terms, t) for t in triggers)
        for comp in components
        for alt in comp
    ]


def phrase_match(phrase: Phrase, node_terms: set[str], node_pairs: set[tuple[str, str]]) -> float:
    """How much of `phrase` a node holds: its share of the phrase's adjacent term pairs (a
    one-term phrase: whether the node has the term)."""
    if len(phrase) == 1:
        return float(phrase[0] in node_terms)
    pairs = list(zip(phrase, phrase[1:], strict=False))
    return sum(p in node_pairs for p in pairs) / len(pairs)


def label_share(
    need: Need,
    node_terms: set[str],
    node_pairs: set[tuple[str, str]],
    distinctive: Callable[[Phrase], bool],
) -> float:
    """The best triggered entry's share of line items the node names (each item by its best
    alternative), 0..1: a statement holding every component of a ratio scores 1. Only
    `distinctive` labels count (a label found in most sections says nothing about where
    the figure is); a component without one is left out, an entry without any ignored."""
    best = 0.0
    for components in need.entries:
        kept = [[alt for alt in comp if distinctive(alt)] for comp in components]
        kept = [comp for comp in kept if comp]
        if not kept:
            continue
        got = sum(max(phrase_match(alt, node_terms, node_pairs) for alt in comp) for comp in kept)
        best = max(best, got / len(kept))
    return best
