"""The `locate` tool: the sections that best answer a question, with or without the LLM.

Plain data over a `Library` like the other tools (`tools`); its `guided` parameter is
offered only by a server with an LLM (`registry`).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.mcp_server.bounds import Limit, clamp
from vectorless_assets.mcp_server.library import Library
from vectorless_assets.mcp_server.params import OptDoc, Query, bounded
from vectorless_assets.mcp_server.tools import doc_fields, required
from vectorless_assets.navigator import NavigationError
from vectorless_assets.navigator.ranking.guided import usage_json

#: LLM calls one guided `locate` request may make.
GUIDED_CALLS = 3


def locate(
    lib: Library,
    query: Query,
    doc: OptDoc = None,
    k: bounded(Limit.hits, "hits") = Limit.hits.default,
    guided: Annotated[
        bool,
        Field(
            description=(
                "let the server's LLM read the table of contents first (at most "
                f"{GUIDED_CALLS} LLM calls; slower)"
            )
        ),
    ] = False,
) -> dict[str, Any]:
    """The sections that best answer a question, in one document or across the folder (no LLM).

    `guided` (only when the server has an LLM: `Library.llm`): the model reads the table of
    contents first (at most `GUIDED_CALLS` calls per request, reported in `llm_usage`), each
    hit says `via` "llm" or "locate", and a failing model leaves the no-LLM hits. When
    `GUIDED_AT_ONCE` guided searches already run, the answer comes without the model
    (``"guided": false`` and a note) instead of taking another worker thread for minutes.
    """
    want, k = required(query, "question"), clamp(k, Limit.hits)
    if guided and lib.llm is None:
        raise NavigationError(
            "guided locate needs an LLM: this server has none configured (VECTORLESS_LLM_*)"
        )
    slot = guided and lib.guided_slot()
    try:
        return _locate(lib, want, doc, k, lib.llm if slot else None, busy=guided and not slot)
    finally:
        if slot:
            lib.release_guided()


def _locate(
    lib: Library, want: str, doc: str | None, k: int, llm: Any, *, busy: bool
) -> dict[str, Any]:
    usage = LLMUsage()
    extra = (
        {"guided": True}
        if llm
        else {"guided": False, "note": "guided search busy: answered without the model"}
        if busy
        else {}
    )
    if doc and doc.strip():
        nav = lib.document(doc)
        found = (
            nav.locate(want, k=k, llm=llm, usage=usage, max_calls=GUIDED_CALLS)
            if llm
            else nav.locate(want, k=k)
        )
        result = {
            "query": want,
            "scope": nav.doc.doc_id,
            **extra,
            "hits": [{**doc_fields(nav), **h} for h in found],
        }
    else:
        catalog = lib.catalog()
        found = (
            catalog.locate(want, k=k, llm=llm, usage=usage, max_calls=GUIDED_CALLS)
            if llm
            else catalog.locate(want, k=k)
        )
        progress = catalog.progress()
        result = {
            "query": want,
            "scope": "folder",
            **extra,
            "hits": found,
            **({"indexing": progress} if progress else {}),
        }
    return {**result, "llm_usage": usage_json(usage)} if llm else result
