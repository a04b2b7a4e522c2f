"""Text as the compiler reads it: its words and its LLM token counts.

`words` (a text's words, stopwords, keywords), `word_cache` (the words of node texts,
counted once per compile and shared by the passes), `llm_tokens` (the deterministic
cl100k-like estimate of a text's LLM tokens) and `cjk` (the character classes and bigrams
both read Chinese, Japanese and Korean text by). Here "token" always means an LLM token;
the units of keywords and overlap are words.
"""
