"""LLM-guided `locate`: the model reads the table of contents and chooses where to descend.

In the spirit of reasoning-based retrieval: the no-LLM `locate` ranks first (its hits are
the fallback and mark the sections it found, so the model sees them), then the model is
shown one level of the tree at a time - each option's number, title, pages, overview from
`nav_index` (or summary) and whether the no-LLM stage found something below it - and answers
with JSON ``{"answer": [numbers], "open": [numbers]}``: sections that answer the question,
and sections to look inside. Opened sections' children form the next level. The search stops
after `max_calls` calls, when nothing is opened, or on an unusable answer.

Over a folder (`guided_catalog_locate`) the first level is the documents themselves (name
and description; those holding no-LLM hits first): opening a document shows its top
sections, so the model chooses the document and the section in one search.

Result: the model's answers (in its order), then the no-LLM hits not already listed, `k` in
all; each hit says how it was found (``"via": "llm"`` or ``"locate"``). Without an LLM, or
when every call fails, the result is the no-LLM `locate` (each hit with ``"via":
"locate"``). Calls go through `llm.ask.ask`, so they are counted in the `LLMUsage` passed in.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.toc_view import span
from vectorless_assets.llm.ask import ask, json_positions, json_value
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator.ranking.locate import Locator
from vectorless_assets.navigator.views import node_ref

MAX_CALLS = 3
MAX_OPTIONS = 40  # options shown per call
FIRST_STAGE = 10  # no-LLM hits computed (and marked in the tree) before the search
OVERVIEW_CHARS = 200
SYSTEM = (
    "You navigate a document's table of contents to find where a question "
    "is answered. Reply with JSON only."
)
REASON = "chosen by the LLM reading the table of contents"

Option = tuple[Document, str]  # a document and one of its node ids


def _describe(doc: Document, node_id: str) -> str:
    entry = doc.nav_index.entries.get(node_id)
    node = doc.tree.get(node_id)
    text = (entry.overview if entry and entry.overview else node.summary) or node.content[
        :OVERVIEW_CHARS
    ]
    if node.parent is None and not text.strip():
        text = doc.description or doc.summary
    return " ".join(text.split())[:OVERVIEW_CHARS]


def _line(n: int, option: Option, marked: set[tuple[str, str]], several: bool) -> str:
    doc, node_id = option
    node = doc.tree.get(node_id)
    title = (
        (doc.name if node.parent is None and several else node.title) or doc.name or "(untitled)"
    )
    where = (
        f"[{doc.name}] "
        if several and node.parent is not None
        else "[document] "
        if several
        else ""
    )
    pages = span(node.start_page, node.end_page, None, None)  # one spelling (ir.toc_view)
    pages = f" ({pages})" if pages else ""
    below = " [keyword match inside]" if (doc.doc_id, node_id) in marked else ""
    kids = f" [{len(node.children)} subsections]" if node.children else ""
    return f"{n}. {where}{title}{pages}{kids}{below}: {_describe(doc, node_id)}"


def _prompt(
    question: str, options: list[Option], marked: set[tuple[str, str]], several: bool
) -> str:
    lines = [_line(n, o, marked, several) for n, o in enumerate(options, start=1)]
    return (
        f"Question: {question}\n\nSections:\n"
        + "\n".join(lines)
        + "\n\nWhich sections answer the question, and which should be opened to look inside? "
        'Reply as JSON: {"answer": [section numbers, best first], "open": [section numbers]}'
    )


def children(doc: Document, node_id: str) -> list[str]:
    """The options below a node: its children, skipping a lone child that has children of
    its own (a title heading wrapping the whole document costs no call)."""
    kids = list(doc.tree.get(node_id).children)
    while len(kids) == 1 and doc.tree.get(kids[0]).children:
        kids = list(doc.tree.get(kids[0]).children)
    return kids


def tree_search(
    question: str,
    frontier: list[Option],
    marked: set[tuple[str, str]],
    llm: LLMClient,
    usage: LLMUsage,
    *,
    max_calls: int,
    several: bool = False,
) -> list[Option]:
    """The options the model chose as answers, descending from `frontier` (see the module)."""
    chosen: list[Option] = []
    for _ in range(max_calls):
        options = frontier[:MAX_OPTIONS]
        if not options:
            break
        reply = ask(
            llm,
            usage,
            _prompt(question, options, marked, several),
            max_tokens=200,
            system=SYSTEM,
            accept=lambda a: isinstance(json_value(a), dict),
        )
        value = json_value(reply) if reply else None
        if not isinstance(value, dict):
            break
        for i in json_positions(value.get("answer"), len(options)):
            doc, node_id = options[i]
            if options[i] not in chosen and (
                doc.tree.get(node_id).parent is not None or not several
            ):
                chosen.append(options[i])
        frontier = [
            (options[i][0], c)
            for i in json_positions(value.get("open"), len(options))
            for c in children(*options[i])
        ]
        if not frontier:
            break
    return chosen


def usage_json(usage: LLMUsage) -> dict[str, int]:
    """The LLM work of one search, as the CLI and the MCP server report it."""
    return {
        "calls": usage.calls,
        "failures": usage.failures,
        "skipped": usage.skipped,
        "cache_hits": usage.cache_hits,
        "tokens": usage.tokens,
    }


def _marks(doc: Document, node_id: str) -> set[tuple[str, str]]:
    return {(doc.doc_id, a.node_id) for a in doc.tree.ancestors(node_id)} | {(doc.doc_id, node_id)}


def guided_locate(
    doc: Document,
    question: str,
    llm: LLMClient | None,
    usage: LLMUsage | None = None,
    *,
    k: int = 5,
    max_calls: int = MAX_CALLS,
    locator: Locator | None = None,
) -> list[dict[str, Any]]:
    """The `k` best sections for `question`: LLM tree search first, no-LLM hits after."""
    locator = locator or Locator(doc)
    first = [{**h, "via": "locate"} for h in locator.locate(question, k=max(k, FIRST_STAGE))]
    if llm is None or not doc.tree.nodes:
        return first[:k]
    usage = usage if usage is not None else LLMUsage()
    marked = {m for h in first for m in _marks(doc, h["node_id"])}
    root = doc.tree.nodes[0]
    frontier = [(doc, c) for c in children(doc, root.node_id)] or [(doc, root.node_id)]
    chosen = tree_search(question, frontier, marked, llm, usage, max_calls=max_calls)
    hits = [
        {**node_ref(doc, doc.tree.get(nid)), "score": None, "reason": REASON, "via": "llm"}
        for _, nid in chosen
    ]
    seen = {nid for _, nid in chosen}
    hits += [h for h in first if h["node_id"] not in seen]
    return hits[:k]


def guided_catalog_locate(
    catalog: Any,
    question: str,
    llm: LLMClient | None,
    usage: LLMUsage | None = None,
    *,
    k: int = 5,
    max_calls: int = MAX_CALLS,
    per_doc: int | None = None,
) -> list[dict[str, Any]]:
    """The `k` best sections across a `Catalog`: the model first chooses among documents.
    `per_doc` bounds the no-LLM hits per document as in `Catalog.locate`."""
    first = [
        {**h, "via": "locate"}
        for h in catalog.locate(question, k=max(k, FIRST_STAGE), per_doc=per_doc)
    ]
    navs = catalog.navigators
    if llm is None or not navs:
        return first[:k]
    usage = usage if usage is not None else LLMUsage()
    order = list(
        dict.fromkeys(
            [h["doc_id"] for h in first]
            + [r["doc_id"] for r in catalog.covers(question, k=len(navs))]
            + list(navs)
        )
    )
    docs = [navs[i].doc for i in order if navs[i].doc.tree.nodes]
    marked = {m for h in first for m in _marks(navs[h["doc_id"]].doc, h["node_id"])}
    frontier = [(d, d.tree.nodes[0].node_id) for d in docs]
    if len(frontier) == 1:  # one document: start at its top sections
        frontier = [
            (docs[0], c) for c in children(docs[0], docs[0].tree.nodes[0].node_id)
        ] or frontier
    chosen = tree_search(
        question, frontier, marked, llm, usage, max_calls=max_calls, several=len(docs) > 1
    )
    hits = [
        {
            "doc_id": d.doc_id,
            "doc_name": d.name,
            **node_ref(d, d.tree.get(nid)),
            "score": None,
            "reason": REASON,
            "via": "llm",
        }
        for d, nid in chosen
    ]
    seen = {(d.doc_id, nid) for d, nid in chosen}
    hits += [h for h in first if (h["doc_id"], h["node_id"]) not in seen]
    return hits[:k]
