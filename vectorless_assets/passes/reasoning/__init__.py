"""ReasoningPass: keyword -> weighted node postings, section map, summary shortcut.

* **Keywords** are `text.words.keywords` (lowercase, length ≥ 2, no stopwords, no bare
  numbers; CJK text gives character bigrams). Every occurrence weighs 2.0 in a title, 1.5 in
  a summary and 1.0 in content; a node's weight for a keyword is the sum. Per keyword the
  weights are divided by the best node's (so the best node weighs 1.0) and the top
  `postings_per_keyword` nodes are kept (ties in document order). At most `max_keywords`
  keywords are kept: the ones found in most nodes, ties alphabetically (`postings`).
* **Section map**: lowercased title and structure number ("2") of every top-level section
(`DocumentTree.top_sections`)
  -> node id (the first section wins a duplicate title).
* **Summary shortcut**: the document summary and each top-level section's summary (else the
  start of its text), to answer overview questions without walking the tree.
* **Synonyms** (only with an LLM and `options.llm_synonyms`): one call asks for up to
  `MAX_SYNONYMS` synonyms of the `SYNONYM_KEYWORDS` most widespread keywords; a synonym gets
  a copy of its keyword's postings at weight × 0.6 (merged with its own, best weight wins).
  An `LLMError` leaves the index without synonyms (counted in `ctx.usage.failures`).

Its own module: `postings` (the keyword postings, built once over the tree).
"""

from __future__ import annotations

import re

from vectorless_assets.ir.indexes import (
    KeywordPosting,
    ReasoningIndex,
    SectionSummary,
    SummaryShortcut,
)
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.llm.ask import ask, json_value
from vectorless_assets.passes.common.nodetext import description, rounded
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.reasoning.postings import Postings, build_postings
from vectorless_assets.text.words import split_words

SYNONYM_FACTOR = 0.6
SYNONYM_KEYWORDS = 30
MAX_SYNONYMS = 5
SECTION_SUMMARY_CHARS = 200

_LINE_RE = re.compile(r"^\s*[-*\d.)\s]*([^:]+?)\s*[:=\-–>]+\s*(.+)$")


def _clean_synonyms(kw: str, items: object) -> list[str]:
    if isinstance(items, str):
        items = items.split(",")
    if not isinstance(items, list):
        return []
    syns: list[str] = []
    for item in items:
        syn = " ".join(split_words(str(item)))
        if syn and syn != kw and syn not in syns:
            syns.append(syn)
    return syns[:MAX_SYNONYMS]


def parse_synonyms(answer: str, words: list[str]) -> dict[str, list[str]]:
    """Synonyms per asked keyword from a JSON object answer, else `keyword: a, b` lines."""
    wanted = set(words)
    value = json_value(answer)
    pairs: list[tuple[str, object]] = []
    if isinstance(value, dict):
        pairs = [(str(k), v) for k, v in value.items()]
    else:
        for line in answer.splitlines():
            m = _LINE_RE.match(line)
            if m:
                pairs.append((m.group(1), m.group(2)))
    out: dict[str, list[str]] = {}
    for key, items in pairs:
        kw = " ".join(split_words(key))
        if kw in wanted and kw not in out:
            syns = _clean_synonyms(kw, items)
            if syns:
                out[kw] = syns
    return out


def ask_synonyms(words: list[str], ctx: PassContext) -> dict[str, list[str]]:
    """One LLM call: up to MAX_SYNONYMS synonyms per keyword ({} on LLMError)."""
    prompt = (
        f"For each keyword below, give up to {MAX_SYNONYMS} synonyms or alternative search "
        "terms a reader might use for it. Answer with a JSON object mapping each keyword to "
        'a list of strings, e.g. {"car": ["automobile", "vehicle"]}, and nothing else.\n\n'
        + "\n".join(words)
    )
    answer = ask(
        ctx.llm,
        ctx.usage,
        prompt,
        max_tokens=40 * len(words),
        accept=lambda a: isinstance(json_value(a), dict),
    )
    return parse_synonyms(answer, words) if answer else {}


def _add_synonyms(
    postings: Postings,
    synonyms: dict[str, list[str]],
    order: dict[str, int],
    per_keyword: int,
) -> Postings:
    out = dict(postings)
    for kw in sorted(synonyms):
        for syn in synonyms[kw]:
            merged = {p.node_id: p.weight for p in out.get(syn, [])}
            for p in postings[kw]:
                w = rounded(p.weight * SYNONYM_FACTOR)
                if w > merged.get(p.node_id, 0.0):
                    merged[p.node_id] = w
            ranked = sorted(merged.items(), key=lambda kv: (-kv[1], order[kv[0]]))
            out[syn] = [KeywordPosting(node_id=n, weight=w) for n, w in ranked[:per_keyword]]
    return dict(sorted(out.items()))


def run(*, tree: DocumentTree, summary: str, ctx: PassContext) -> ReasoningIndex:
    """Keyword -> weighted node postings (title 2.0, summary 1.5, content 1.0), section map,
    summary shortcut, and LLM synonyms when an LLM is configured.

    Linear in the document's tokens (plus sorting each keyword's postings).
    """
    if not tree.nodes:
        return ReasoningIndex()
    opts = ctx.options
    asks = ctx.llm is not None and opts.llm_synonyms
    postings, widespread = build_postings(
        tree,
        opts.max_keywords,
        opts.postings_per_keyword,
        ctx.texts,
        widespread=SYNONYM_KEYWORDS if asks else 0,
    )
    root = tree.root
    nodes = node_map(tree)
    tops = tree.top_sections()
    section_map: dict[str, str] = {}
    for node in tops:
        for key in (node.title.strip().lower(), node.structure):
            if key and key not in section_map:
                section_map[key] = node.node_id
    shortcut = SummaryShortcut(
        root_node_id=root.node_id,
        document_summary=summary.strip() or root.summary.strip(),
        sections=[
            SectionSummary(
                node_id=n.node_id, title=n.title, summary=description(n, SECTION_SUMMARY_CHARS)
            )
            for n in tops
        ],
    )
    synonyms: dict[str, list[str]] = {}
    if asks and postings:
        synonyms = ask_synonyms(widespread, ctx)
        if synonyms:
            order = {n.node_id: i for i, n in enumerate(preorder_nodes(tree, nodes))}
            postings = _add_synonyms(postings, synonyms, order, opts.postings_per_keyword)
    # every field has its type already (postings are models, `build_postings`): built as it
    # is, not validated again (tested equal to the validation of its dump)
    return ReasoningIndex.model_construct(
        keywords=postings,
        section_map=section_map,
        summary_shortcut=shortcut,
        synonyms=dict(sorted(synonyms.items())),
    )
