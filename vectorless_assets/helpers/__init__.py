"""Internal helpers shared by the passes (not public API, not passes themselves).

`nodetext` (a node's own text), `walk` (tree traversals), `treeops` (renumbering, token
totals), `chunking` (split points), `summarize` (extractive summaries), `tags` (routing
tags and question hints), `summarize_llm` (the enhance pass's prompts), `references`
(cross-reference resolution), `similarity` (overlap candidate join), `fingerprints` (node
fingerprints). The table of contents is an IR field (`ir.toc`, rendered by `ir.toc_view`). The word tokens of node
texts, computed once per compile and shared through the pass context, are in `text.word_cache`;
where each page begins in a PDF node's text (kept through joins and cuts, also by the PDF
frontend) is in `vectorless_assets.ir.pages`.
"""
