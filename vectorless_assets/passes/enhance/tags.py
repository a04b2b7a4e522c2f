"""LLM-free routing tags and question hints (the enhance pass's fallback path).

* **routing keywords**: 2-4 top keywords of title (weight 3) and text (weight 1); CJK text
  gives character bigrams (see `text.words.split_words`), and bigrams holding a hiragana
  character are skipped (in Japanese those are particles and inflections: "これ", "は日";
  kanji, katakana and hangul bigrams are kept).
* **question hints** (branches only): 3-5 questions from the node's title, its child
  titles and its keywords.

Keyword counts come from the compile's shared word cache (`text.word_cache`).
"""

from __future__ import annotations

import re

from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.passes.common.plaintext import clean, keyword_text
from vectorless_assets.text.word_cache import Counts, WordCache, merged

TITLE_WEIGHT = 3
_HIRAGANA = re.compile("[\u3040-\u309f]")


def rank_tags(head: Counts, body: Counts, n: int) -> list[str]:
    """Up to `n` keywords: `body` counts plus `TITLE_WEIGHT` per title (`head`) occurrence,
    most first, ties by first use (title keywords first); hiragana bigrams skipped."""
    counts = body  # (only read)
    if head:
        counts = {**head, **body}  # title keywords first, then the body's, in order of first use
        for k, c in head.items():
            counts[k] = body.get(k, 0) + TITLE_WEIGHT * c
    out: list[str] = []
    # a stable sort: equal counts keep their order of first use
    for k in sorted(counts, key=counts.__getitem__, reverse=True):
        if k.isascii() or not _HIRAGANA.search(k):
            out.append(k)
            if len(out) == n:
                break
    return out


def routing_keywords(
    node: TreeNode,
    child_titles: list[str],
    body: Counts | None = None,
    texts: WordCache | None = None,
) -> list[str]:
    """2-4 tags of a node (fewer only when its text has fewer keywords).

    `body`: keyword counts of the node's text (`keyword_text(content)`), if already known;
    `texts`: the compile's shared token cache (a private one when None).
    """
    texts = texts if texts is not None else WordCache()
    body = body if body is not None else texts.keyword_counts(keyword_text(node.content))
    # the keywords of the child titles joined by newlines: no token spans two titles
    words = (
        merged([body, *(texts.keyword_counts(t) for t in child_titles)]) if child_titles else body
    )
    return rank_tags(texts.keyword_counts(node.title), words, 4)


def question_hints(
    node: TreeNode, child_titles: list[str], tags: list[str], texts: WordCache | None = None
) -> list[str]:
    """3-5 questions an agent could bring to this branch (deterministic templates)."""
    texts = texts if texts is not None else WordCache()
    title = clean(node.title)
    hints: list[str] = []
    if title:
        hints.append(f"What is {title} about?")
    for child in child_titles:
        if len(hints) >= 4:
            break
        child = clean(child)
        if child:
            hints.append(f"What about {child}?")
    in_title = texts.keyword_counts(title)
    for tag in tags:
        if len(hints) >= 3:
            break
        if tag in in_title:
            continue
        hints.append(f"What does {title or 'this section'} say about {tag}?")
    if len(hints) < 3:
        hints.append(f"Which parts does {title or 'this section'} contain?")
    if len(hints) < 3:
        hints.append("What are the key points here?")
    return list(dict.fromkeys(hints))[:5]
