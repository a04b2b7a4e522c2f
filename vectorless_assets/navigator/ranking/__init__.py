"""Ranking one document's sections for a question, without an LLM (`locate.Locator`) or
guided by one (`guided`). Ranking across a catalog's documents builds on it
(`navigator.catalog.documents`).

A question is read first (`question`: its terms, a word the document does not know met by
the document's forms of it (`wordforms`), quantitative or not, and what the lexicons read in
it: `navigator.lexicons`); every node then gets its signals
(`nodesignals`, `indexsignals`, `labels`, `titles`, `items`), weighed by `locate`; a long
hit is pinned to its pages (`pinpoint`). `bm25` holds the statistics all of it counts with,
over the retrieval terms of `text.terms`; `doc_identity` the words that name a document.
"""
