"""EnhancePass: summaries, question hints and routing tags (LLM or extractive fallback)."""

from __future__ import annotations

from vectorless_assets.context import PassContext
from vectorless_assets.helpers import summarize as ex
from vectorless_assets.helpers import tags as tg
from vectorless_assets.helpers.nodecache import TextCache
from vectorless_assets.helpers.summarize_llm import LLMSummarizer
from vectorless_assets.ir.tree import DocumentTree, TreeNode


def run(*, tree: DocumentTree, ctx: PassContext) -> tuple[DocumentTree, str]:
    """Summaries, question hints and routing tags for every node, and the document summary.

    Without an LLM (`ctx.llm` is None) everything is extractive and deterministic: a node of
    at most 50 tokens uses its own text, a longer one its best sentences (at most 200
    tokens); a branch adds what it covers; routing keywords are 2-4 top keywords; branches
    get 3-5 question hints from their title, child titles and keywords; the document
    summary comes from the root and the top sections. With an LLM, leaves over 50 tokens
    get a 2-3 sentence summary and branches an OVERVIEW / QUESTIONS / TAGS answer (nodes
    processed children first, so a branch prompt sees its children's summaries); identical
    prompts are asked once (memo); a failed call is retried once, then that node falls back
    to the extractive path, and after 3 failed nodes in a row the model is not asked again.
    """
    if not tree.nodes:
        return tree, ""
    opts = ctx.options
    llm = LLMSummarizer(ctx) if ctx.llm is not None else None
    done: dict[str, TreeNode] = {}
    for node in reversed(tree.nodes):  # preorder reversed: children before parents
        kids = [done[c] for c in node.children]
        done[node.node_id] = _enhance(node, kids, llm, opts.summary_max_tokens, opts.summary_shortcut_tokens, ctx.texts)
    out = DocumentTree(nodes=[done[n.node_id] for n in tree.nodes])
    summary = ex.document_summary(out, opts.summary_max_tokens)
    if llm is not None:
        sections = [(c.title, c.summary) for c in out.children_of(out.root.node_id)]
        summary = llm.document(out.root.title, [("", out.root.summary), *sections]) or summary
    return out, summary


def _enhance(node: TreeNode, kids: list[TreeNode], llm: LLMSummarizer | None, max_tokens: int, shortcut: int, texts: TextCache) -> TreeNode:
    titles = [k.title for k in kids]
    # the root's text may open with YAML front matter: the parser already took its facts
    text = ex.strip_front_matter(node.content) if node.parent is None else node.content
    scan = ex.keyword_text(text)
    freq = texts.keyword_counts(scan)
    tags = tg.routing_keywords(node, titles, freq, texts)
    if not kids:
        summary = ex.extractive_summary(text, max_tokens, shortcut, freq, scan)
        if llm is not None and node.token_count > shortcut:
            summary = llm.leaf(node.title, text) or summary
        return node.model_copy(update={"summary": summary, "routing_keywords": tags, "question_hints": []})
    summary = ex.branch_summary(text, titles, max_tokens, shortcut, freq, scan)
    hints = tg.question_hints(node, titles, tags, texts)
    if llm is not None and node.total_tokens > shortcut:
        answer = llm.branch(node.title, text, [(k.title, k.summary) for k in kids])
        if answer is not None:
            summary = answer.overview or summary
            hints = answer.questions if len(answer.questions) >= 3 else hints
            tags = answer.tags if len(answer.tags) >= 2 else tags
    return node.model_copy(update={"summary": summary, "routing_keywords": tags, "question_hints": hints})
