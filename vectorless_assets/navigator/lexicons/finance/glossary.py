"""The finance lexicon's glossary (data): what a metric is made of, and which statement shows it.

A question names a metric ("capex", "quick ratio", "days payable outstanding"); the filing
shows the line items it is computed from, under other names ("Purchases of property, plant
and equipment", "Accounts payable", "Cost of sales"), in a given statement. Each entry:

* **triggers**: the metric's usual names and abbreviations;
* **labels**: the line items it is made of (one string per component, alternatives
  separated by ``|``), as the US GAAP Financial Reporting Taxonomy's
  standard labels name them (FASB, https://xbrl.fasb.org; element names in the comments)
  and their common presentation variants;
* **statements**: the statements (`finance.statements` kinds) those line items are in.

Sources, written by hand: the ratio definitions of the standard ratio lists (Wikipedia,
"Financial ratio", https://en.wikipedia.org/wiki/Financial_ratio; financialmodelingprep.com,
"Financial Ratios", https://financialmodelingprep.com/liquidity-measurement-ratios/ANY;
accounting-simplified.com, "Ratio Analysis"), every liquidity, profitability, leverage,
efficiency and cash-flow ratio they list that is computed from the primary statements, plus
the taxonomy's labels of the line items those ratios use. Not chosen from any evaluation
question. Matched by `lexicons.glossary.Glossary`.
"""

from __future__ import annotations

from vectorless_assets.navigator.lexicons.glossary import Entry

B, P, C, E = "balance", "income", "cashflow", "equity"  # P: profit and loss (income)

#: (triggers, labels, statements). Labels name taxonomy elements in the trailing comment.
ENTRIES: tuple[Entry, ...] = (
    # -- line items (taxonomy elements) ------------------------------------------------------
    (
        ("capital expenditure", "capex", "capital spending", "capital investment"),
        (
            "purchases of property and equipment|purchases of property plant and "
            "equipment|payments to acquire property plant and equipment|"
            "additions to property and equipment|capital expenditures",
        ),
        (C,),
    ),  # PaymentsToAcquirePropertyPlantAndEquipment
    (
        ("ppe", "ppne", "pp&e", "fixed assets", "property plant and equipment"),
        ("property plant and equipment net|property and equipment net",),
        (B,),
    ),  # PropertyPlantAndEquipmentNet
    (
        ("revenue", "sales", "top line", "turnover"),
        ("total revenues|net sales|net revenues|total net sales",),
        (P,),
    ),  # Revenues
    (
        ("cogs", "cost of goods sold", "cost of revenue"),
        ("cost of sales|cost of revenue|cost of goods sold",),
        (P,),
    ),  # CostOfGoodsAndServicesSold
    (
        ("net income", "net profit", "net earnings", "bottom line"),
        ("net income|net earnings",),
        (P,),
    ),  # NetIncomeLoss
    (
        ("operating income", "operating profit", "ebit"),
        ("operating income|income from operations",),
        (P,),
    ),  # OperatingIncomeLoss
    (
        ("eps", "earnings per share"),
        ("earnings per share|net income per share",),
        (P,),
    ),  # EarningsPerShareDiluted
    (
        ("operating cash flow", "cash from operations", "cash flow from operations"),
        ("net cash provided by operating activities|cash provided by operating activities",),
        (C,),
    ),  # NetCashProvidedByUsedInOperatingActivities
    (
        ("dividends paid", "dividend"),
        ("dividends paid|payments of dividends|cash dividends declared",),
        (C, E),
    ),  # PaymentsOfDividends
    (
        ("buyback", "share repurchase", "stock repurchase"),
        ("repurchases of common stock|payments for repurchase of common stock",),
        (C, E),
    ),  # PaymentsForRepurchaseOfCommonStock
    (
        ("depreciation", "d&a", "amortization"),
        ("depreciation and amortization|depreciation depletion and amortization",),
        (C, P),
    ),  # DepreciationDepletionAndAmortization
    (
        ("cash and cash equivalents", "cash position"),
        ("cash and cash equivalents",),
        (B, C),
    ),  # CashAndCashEquivalentsAtCarryingValue
    (("total assets",), ("total assets",), (B,)),  # Assets
    (
        ("total debt", "debt", "borrowings", "indebtedness", "leverage"),
        (
            "long-term debt",
            "short-term borrowings|debt maturing within one year|current portion of long-term debt",
        ),
        (B,),
    ),  # LongTermDebt
    (("accounts payable", "payables"), ("accounts payable",), (B,)),  # AccountsPayableCurrent
    (
        ("accounts receivable", "receivables"),
        ("accounts receivable net|accounts receivable",),
        (B,),
    ),  # AccountsReceivableNetCurrent
    (("inventory", "inventories"), ("inventories|merchandise inventories",), (B,)),  # InventoryNet
    (
        ("shareholders equity", "stockholders equity", "book value", "net worth"),
        ("total shareholders equity|total stockholders equity|total equity",),
        (B, E),
    ),  # StockholdersEquity
    (
        ("income tax", "tax expense"),
        ("provision for income taxes|income tax expense",),
        (P,),
    ),  # IncomeTaxExpenseBenefit
    (("interest expense",), ("interest expense",), (P,)),  # InterestExpense
    # -- ratios (standard ratio lists) --------------------------------------------------------
    (
        ("quick ratio", "acid test", "acid-test ratio"),
        (
            "cash and cash equivalents",
            "marketable securities|short-term investments",
            "accounts receivable",
            "total current liabilities",
        ),
        (B,),
    ),
    (
        ("current ratio", "working capital"),
        ("total current assets", "total current liabilities"),
        (B,),
    ),
    (("cash ratio",), ("cash and cash equivalents", "total current liabilities"), (B,)),
    (
        ("debt to equity", "debt-to-equity", "gearing", "debt ratio"),
        (
            "long-term debt",
            "total liabilities",
            "total equity|total shareholders equity|total stockholders equity",
        ),
        (B,),
    ),
    (
        ("gross margin", "gross profit"),
        ("gross profit|gross margin", "cost of sales|cost of revenue", "net sales|total revenues"),
        (P,),
    ),
    (
        ("operating margin", "operating profit margin"),
        ("operating income|income from operations", "net sales|total revenues|net revenues"),
        (P,),
    ),
    (
        ("net margin", "net profit margin", "profit margin"),
        ("net income|net earnings", "net sales|total revenues|net revenues"),
        (P,),
    ),
    (
        ("ebitda",),
        ("operating income|income from operations", "depreciation and amortization"),
        (P, C),
    ),
    (("effective tax rate",), ("provision for income taxes", "income before income taxes"), (P,)),
    (
        ("interest coverage", "times interest earned"),
        ("operating income|income from operations", "interest expense"),
        (P,),
    ),
    (("return on assets", "roa"), ("net income", "total assets"), (P, B)),
    (
        ("return on equity", "roe"),
        ("net income", "total shareholders equity|total stockholders equity|total equity"),
        (P, B),
    ),
    (
        ("asset turnover", "fixed asset turnover"),
        ("net sales|total revenues", "total assets|property plant and equipment net"),
        (P, B),
    ),
    (
        ("inventory turnover", "days inventory outstanding", "dio"),
        ("inventories", "cost of sales|cost of revenue"),
        (B, P),
    ),
    (
        ("receivables turnover", "days sales outstanding", "dso"),
        ("accounts receivable", "net sales|total revenues"),
        (B, P),
    ),
    (
        ("days payable outstanding", "dpo", "payables turnover"),
        ("accounts payable", "cost of sales|cost of revenue", "inventories"),
        (B, P),
    ),
    (
        ("cash conversion cycle",),
        ("accounts receivable", "inventories", "accounts payable", "cost of sales|cost of revenue"),
        (B, P),
    ),
    (
        ("free cash flow", "fcf", "cash conversion"),
        (
            "net cash provided by operating activities|cash provided by operating activities",
            (
                "purchases of property and equipment|purchases of property plant and "
                "equipment|payments to acquire property plant and equipment|capital "
                "expenditures"
            ),
        ),
        (C,),
    ),
    (("dividend payout ratio", "payout ratio"), ("dividends paid", "net income"), (C, P)),
    (
        ("capital intensity", "capital intensive"),
        (
            (
                "capital expenditures|purchases of property and equipment|property "
                "plant and equipment net"
            ),
            "total assets|net sales|total revenues",
        ),
        (C, B),
    ),
)
