"""Code several passes share (not public API, not passes themselves).

`nodetext` (a node's own text, descriptions, rounding), `walk` (tree traversals),
`treeops` (renumbering, token totals, the title joiner), `plaintext` (Markdown made plain
text for summaries, tags and keywords), `summarize` (extractive summaries: enrich and
enhance), `budget` (LLM-token budgets of summaries), `fingerprints` (node content and
subtree fingerprints: enrich, enhance and the incremental compiler).

Code only one pass uses lives in that pass's package (`passes.split.chunking`,
`passes.overlap.similarity`, `passes.enrich.references`, ...). The words of node texts,
counted once per compile and shared through the pass context, are in `text.word_cache`;
where each page begins in a PDF node's text is in `ir.pages`.
"""
