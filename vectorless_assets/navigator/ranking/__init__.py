"""Ranking sections for a question, without an LLM (`locate.Locator`) or guided by one
(`guided`), in one document or across a catalog's documents (`documents`).

A question is read first (`question`: its terms, quantitative or not, and what the
lexicons read in it: `navigator.lexicons`); every node then gets its signals
(`nodesignals`, `indexsignals`, `labels`, `titles`, `items`), weighed by `locate`; a long
hit is pinned to its pages (`pinpoint`). `bm25` holds the terms and statistics all of it
counts with; `doc_identity` the words that name a document.
"""
