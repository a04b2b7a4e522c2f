"""A folder of compiled IRs (`catalog.Catalog`): each document's card (`doc_cards`), the
documents loaded on demand and kept within a bound (`doc_cache`), the folder's files
(`files`). Ranking across the documents is `navigator.catalog.documents`.
"""
