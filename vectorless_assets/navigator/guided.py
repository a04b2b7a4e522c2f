"""LLM-guided `locate`: the model reads the table of contents and chooses where to descend.

In the spirit of reasoning-based retrieval: the no-LLM `Locator` ranks first (its hits are
the fallback and mark the sections it found, so the model sees them), then the model is
shown one level of the tree at a time - each child's number, title, pages, overview from
`nav_index` (or summary) and whether the no-LLM stage found something below it - and answers
with JSON ``{"answer": [numbers], "open": [numbers]}``: sections that answer the question,
and sections to look inside. Opened sections' children form the next level. The search stops
after `max_calls` calls, when nothing is opened, or on an unusable answer.

Result: the model's answers (in its order), then the no-LLM hits not already listed, `k` in
all; each hit says how it was found (``"via": "llm"`` or ``"locate"``). Without an LLM, or
when every call fails, the result is exactly the no-LLM `locate`. Calls go through
`llm.ask.ask`, so they are counted in the `LLMUsage` passed in.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.llm.ask import ask, json_value
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator.locate import Locator
from vectorless_assets.navigator.views import node_ref

MAX_CALLS = 3
MAX_OPTIONS = 40  # children shown per call
FIRST_STAGE = 10  # no-LLM hits computed (and marked in the tree) before the search
OVERVIEW_CHARS = 200
SYSTEM = "You navigate a document's table of contents to find where a question is answered. Reply with JSON only."


def _describe(doc: Document, node_id: str) -> str:
    entry = doc.nav_index.entries.get(node_id)
    node = doc.tree.get(node_id)
    text = (entry.overview if entry and entry.overview else node.summary) or node.content[:OVERVIEW_CHARS]
    return " ".join(text.split())[:OVERVIEW_CHARS]


def _prompt(doc: Document, question: str, options: list[str], marked: set[str]) -> str:
    lines = []
    for n, node_id in enumerate(options, start=1):
        node = doc.tree.get(node_id)
        pages = f" (pages {node.start_page}-{node.end_page})" if node.start_page is not None else ""
        below = " [keyword match inside]" if node_id in marked else ""
        kids = f" [{len(node.children)} subsections]" if node.children else ""
        lines.append(f"{n}. {node.title or '(untitled)'}{pages}{kids}{below}: {_describe(doc, node_id)}")
    return (
        f"Question: {question}\n\nSections:\n" + "\n".join(lines)
        + '\n\nWhich sections answer the question, and which should be opened to look inside? '
        'Reply as JSON: {"answer": [section numbers, best first], "open": [section numbers]}'
    )


def _numbers(value: Any, limit: int) -> list[int]:
    if not isinstance(value, list):
        return []
    return [int(v) - 1 for v in value if isinstance(v, int | float) and 1 <= int(v) <= limit]


def guided_locate(doc: Document, question: str, llm: LLMClient | None, usage: LLMUsage | None = None, *, k: int = 5, max_calls: int = MAX_CALLS, locator: Locator | None = None) -> list[dict[str, Any]]:
    """The `k` best sections for `question`: LLM tree search first, no-LLM hits after."""
    locator = locator or Locator(doc)
    first = [{**h, "via": "locate"} for h in locator.locate(question, k=max(k, FIRST_STAGE))]
    if llm is None or not doc.tree.nodes:
        return first[:k]
    usage = usage if usage is not None else LLMUsage()
    marked = {a.node_id for h in first for a in doc.tree.ancestors(h["node_id"])} | {h["node_id"] for h in first}
    root = doc.tree.nodes[0]
    frontier = list(root.children) or [root.node_id]
    chosen: list[str] = []
    for _ in range(max_calls):
        options = frontier[:MAX_OPTIONS]
        if not options:
            break
        reply = ask(llm, usage, _prompt(doc, question, options, marked), max_tokens=200, system=SYSTEM)
        value = json_value(reply) if reply else None
        if not isinstance(value, dict):
            break
        for i in _numbers(value.get("answer"), len(options)):
            if options[i] not in chosen:
                chosen.append(options[i])
        frontier = [c for i in _numbers(value.get("open"), len(options)) for c in doc.tree.get(options[i]).children]
        if not frontier:
            break
    hits = [{**node_ref(doc, doc.tree.get(nid)), "score": None, "reason": "chosen by the LLM reading the table of contents", "via": "llm"} for nid in chosen]
    seen = set(chosen)
    hits += [h for h in first if h["node_id"] not in seen]
    return hits[:k]
