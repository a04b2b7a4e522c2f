"""The finance lexicon's synonyms (data): a question's words -> a filing's words for the same.

Questions paraphrase ("lawsuits", "buy back", "hurt the company", "layoffs"); filings name
things by the headings and captions their rules prescribe. Each row: (the question's
phrases, the filing's phrases), written by hand from the public texts that fix the filing's
words, never from an evaluation question:

* SEC Regulation S-K (17 CFR part 229, https://www.ecfr.gov/current/title-17/part-229):
  Item 101(c) "human capital resources", Item 103 "Legal proceedings", Item 105 "Risk
  factors" (the factors "that make an investment ... speculative or risky"), Item 303
  (MD&A, a registrant's "known trends"; earnings releases call it an "outlook"), Item 703
  "Purchases of equity securities by the issuer" (share repurchase programs);
* FASB Accounting Standards Codification topic names (https://asc.fasb.org): ASC 280
  segment reporting's "geographic areas", ASC 360 "Property, plant, and equipment", ASC 420
  "Exit or disposal cost obligations" (restructuring, severance), ASC 326 "Credit losses".

Matched by `lexicons.synonyms.Synonyms` (retrieval terms, joined words too).
"""

from __future__ import annotations

from vectorless_assets.navigator.lexicons.synonyms import SynonymEntry

SYNONYMS: tuple[SynonymEntry, ...] = (
    (  # S-K Item 703
        ("buy back", "bought back", "repurchased"),
        ("repurchase", "share repurchase program"),
    ),
    (  # ASC 360
        ("pp&e", "ppne", "ppe", "fixed assets"),
        ("property plant and equipment", "property and equipment"),
    ),
)
