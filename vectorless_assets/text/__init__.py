"""Text as the compiler and the navigator read it: its words, terms and LLM token counts.

`words` (a text's words, stopwords, keywords), `word_cache` (the words of node texts,
counted once per compile and shared by the passes), `terms` (the retrieval terms a question
and a text are matched on: keywords with plurals folded), `llm_tokens` (the deterministic
cl100k-like estimate of a text's LLM tokens) and `cjk` (the character classes and bigrams
all of them read Chinese, Japanese and Korean text by). Here "token" always means an LLM
token; the units of keywords, terms and overlap are words.
"""
