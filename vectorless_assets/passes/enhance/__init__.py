"""EnhancePass: summaries, question hints and routing tags (LLM or extractive fallback).

Its own modules: `summarize_llm` (the LLM summaries and their prompts) and `tags`
(routing tags and question hints).
"""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes.common import summarize as ex
from vectorless_assets.passes.common.fingerprints import node_fingerprints
from vectorless_assets.passes.common.plaintext import keyword_text, strip_front_matter
from vectorless_assets.passes.common.sentences import sentences_of
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.enhance import tags as tg
from vectorless_assets.passes.enhance.summarize_llm import LLMSummarizer
from vectorless_assets.text.word_cache import WordCache


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
    to the extractive path (marked `llm_fallback`), and after 3 failed nodes in a row the
    model is not asked again. Standard mode asks selectively (`_asks`): leaves over the
    summary budget and branches in the top two levels. With a previous IR (`ctx.reuse`), a
    node whose subtree fingerprint is unchanged takes its previous results without any call.
    """
    if not tree.nodes:
        return tree, ""
    opts = ctx.options
    llm = LLMSummarizer(ctx) if ctx.llm is not None else None
    selective = opts.mode == "standard"
    reuse = ctx.reuse
    fps = node_fingerprints(tree) if reuse is not None else None
    done: dict[str, TreeNode] = {}
    for wave in _waves(tree):  # leaves, then branches whose children are done
        todo: list[TreeNode] = []
        for node in wave:
            prev = (
                reuse.node(fps[node.node_id][1], node.parent is None, node.depth)
                if fps is not None
                else None
            )
            if prev is not None:  # same title, text and subtree: the same result
                done[node.node_id] = node.model_copy(
                    update={
                        "summary": prev.summary,
                        "routing_keywords": prev.routing_keywords,
                        "question_hints": prev.question_hints,
                        "llm_fallback": False,
                    }
                )
                reuse.reused_nodes += 1
            else:
                todo.append(node)
        if llm is not None:  # the wave's calls are independent: ask them concurrently
            llm.prefetch(
                [
                    p
                    for node in todo
                    if (p := _prompt(node, [done[c] for c in node.children], llm, opts, selective))
                    is not None
                ],
                ctx.llm_concurrency,
            )
        for node in todo:
            done[node.node_id] = _enhance(
                node,
                [done[c] for c in node.children],
                llm,
                opts.summary_max_tokens,
                opts.summary_shortcut_tokens,
                ctx.texts,
                selective,
            )
            ctx.recomputed_nodes += 1
    out = DocumentTree(nodes=[done[n.node_id] for n in tree.nodes])
    previous = reuse.document_summary(fps[out.root.node_id][1]) if fps is not None else None
    if previous is not None:
        return out, previous
    summary = ex.document_summary(out, opts.summary_max_tokens)
    if llm is not None:
        sections = [(c.title, c.summary) for c in out.children_of(out.root.node_id)]
        answer = llm.document(out.root.title, [("", out.root.summary), *sections])
        if answer is None:  # the root carries the document summary's fallback: redone next time
            out = DocumentTree(
                nodes=[out.root.model_copy(update={"llm_fallback": True}), *out.nodes[1:]]
            )
        summary = answer or summary
    return out, summary


def _waves(tree: DocumentTree) -> list[list[TreeNode]]:
    """Nodes by height (leaves first), each wave in reverse preorder."""
    height: dict[str, int] = {}
    waves: list[list[TreeNode]] = []
    for node in reversed(tree.nodes):  # children before parents
        h = 1 + max((height[c] for c in node.children), default=-1)
        height[node.node_id] = h
        if h == len(waves):
            waves.append([])
        waves[h].append(node)
    return waves


def _text(node: TreeNode) -> str:
    # the root's text may open with YAML front matter: the parser already took its facts
    return strip_front_matter(node.content) if node.parent is None else node.content


def _prompt(
    node: TreeNode, kids: list[TreeNode], llm: LLMSummarizer, opts: CompileOptions, selective: bool
) -> tuple[str, int] | None:
    """The prompt `_enhance` will send for this node, if it asks the model."""
    if not _asks(node, not kids, opts.summary_max_tokens, opts.summary_shortcut_tokens, selective):
        return None
    if not kids:
        return llm.leaf_prompt(node.title, _text(node))
    return llm.branch_prompt(node.title, _text(node), [(k.title, k.summary) for k in kids])


def _asks(node: TreeNode, leaf: bool, max_tokens: int, shortcut: int, selective: bool) -> bool:
    """Whether the model is asked for this node: deep asks for every leaf and branch over the
    shortcut; standard is selective (a leaf only when its text exceeds the summary budget, a
    branch only in the top two levels, the part of the tree an agent reads first)."""
    if leaf:
        return node.token_count > (max_tokens if selective else shortcut)
    return node.total_tokens > shortcut and (not selective or node.depth <= 2)


def _enhance(
    node: TreeNode,
    kids: list[TreeNode],
    llm: LLMSummarizer | None,
    max_tokens: int,
    shortcut: int,
    texts: WordCache,
    selective: bool = False,
) -> TreeNode:
    titles = [k.title for k in kids]
    text = _text(node)
    scan = keyword_text(text)
    # the node's own text was estimated by the frontend (`token_count`): short texts are told
    # by it without a scan (not the root's text without its front matter)
    tokens = node.token_count if text is node.content else None
    split = None
    # other passes read the same text
    if scan is node.content or ex.is_short(text, shortcut, tokens):
        freq = texts.keyword_counts(scan)  # (the compile's cache: counted once for all)
    else:  # no other pass reads it (links dropped, or cut): counted with its sentences
        split = sentences_of(scan)
        freq = split.keywords
    tags = tg.routing_keywords(node, titles, freq, texts)
    if not kids:
        summary = ex.extractive_summary(
            text, max_tokens, shortcut, freq=freq, scan=scan, split=split, tokens=tokens
        )
        fallback = False
        if llm is not None and _asks(node, True, max_tokens, shortcut, selective):
            answer = llm.leaf(node.title, text)
            summary, fallback = answer or summary, answer is None
        return node.model_copy(
            update={
                "summary": summary,
                "routing_keywords": tags,
                "question_hints": [],
                "llm_fallback": fallback,
            }
        )
    summary = ex.branch_summary(
        text, titles, max_tokens, shortcut, freq=freq, scan=scan, split=split, tokens=tokens
    )
    hints = tg.question_hints(node, titles, tags, texts)
    fallback = False
    if llm is not None and _asks(node, False, max_tokens, shortcut, selective):
        answer = llm.branch(node.title, text, [(k.title, k.summary) for k in kids])
        fallback = answer is None
        if answer is not None:
            summary = answer.overview or summary
            hints = answer.questions if len(answer.questions) >= 3 else hints
            tags = answer.tags if len(answer.tags) >= 2 else tags
    return node.model_copy(
        update={
            "summary": summary,
            "routing_keywords": tags,
            "question_hints": hints,
            "llm_fallback": fallback,
        }
    )
