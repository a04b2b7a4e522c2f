"""The MCP tools that search text across a document or the folder: `find` (a phrase) and `grep`
(a regular expression), over `Library` documents loaded one at a time as the search reaches them.

`grep` keeps loading apart from matching: the pattern's budget (`GREP_SECONDS`) counts only the
time spent matching, so a plain word over thousands of IRs is never blamed on the pattern;
reading the documents in has its own budget (`GREP_READ_SECONDS`), past which the matches found
so far come back with `incomplete` saying how far the search got.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import Field

from vectorless_assets.mcp_server.bounds import PREVIEW_CHARS, Limit, clamp, shorten
from vectorless_assets.mcp_server.library import Library
from vectorless_assets.mcp_server.params import OptDoc, OptNode, bounded
from vectorless_assets.mcp_server.tools import doc_fields, required
from vectorless_assets.navigator import DocumentNavigator, NavigationError
from vectorless_assets.navigator.reading.searchverbs import GREP_SECONDS

#: Seconds a folder-wide `grep` may spend reading documents in (loading is not matching: its
#: own budget, `GREP_SECONDS`, counts only the matching).
GREP_READ_SECONDS = 20.0


def targets(
    lib: Library, doc: str | None, node: str | None
) -> Iterator[tuple[DocumentNavigator, str]]:
    """(navigator, start node) pairs to search: one document, or every document of the folder,
    each loaded when its pair is taken."""
    if doc and doc.strip():
        yield lib.document(doc), node.strip() if node and node.strip() else "/"
        return
    if node and node.strip():
        raise NavigationError("a node needs its document: pass doc too")
    for nav in lib.catalog().navigators.values():
        yield nav, "/"


def find(
    lib: Library,
    query: Annotated[str, Field(description="text to look for (case-insensitive)")],
    doc: OptDoc = None,
    node: OptNode = None,
    limit: bounded(Limit.find, "results") = Limit.find.default,
) -> dict[str, Any]:
    """Nodes whose title (first) or text contains `query`, in one document or across the folder."""
    want, limit = required(query, "text to find"), clamp(limit, Limit.find)
    rows = [
        {**doc_fields(nav), **r}
        for nav, start in targets(lib, doc, node)
        for r in nav.find(want, start, limit=limit + 1)
    ]
    rows.sort(key=lambda r: (r["where"] != "title", -r.get("count", 0)))
    return {"query": want, "results": rows[:limit], "truncated": len(rows) > limit}


def grep(
    lib: Library,
    pattern: Annotated[str, Field(description="regular expression (Python syntax)")],
    doc: OptDoc = None,
    node: OptNode = None,
    ignore_case: bool = True,
    limit: bounded(Limit.grep, "lines") = Limit.grep.default,
) -> dict[str, Any]:
    """Lines matching a regular expression, in one document (below a node) or across the folder.

    Matching has one budget over every document (`GREP_SECONDS`: past it the call fails, saying
    the pattern is too slow); reading the documents in has another (`GREP_READ_SECONDS`: past
    it the matches found so far come back, `incomplete` saying how many documents were read)."""
    limit, pattern = clamp(limit, Limit.grep), required(pattern, "pattern")
    matching = reading = 0.0  # seconds spent matching, and loading documents
    rows: list[dict[str, Any]] = []
    pairs, searched = targets(lib, doc, node), 0
    while len(rows) <= limit:
        if reading > GREP_READ_SECONDS:
            return grep_result(pattern, rows, limit, incomplete=unread(lib, searched, reading))
        t0 = time.monotonic()
        pair = next(pairs, None)
        t1 = time.monotonic()
        reading += t1 - t0
        if pair is None:
            break
        nav, start = pair
        found = nav.grep(
            pattern,
            start,
            ignore_case=ignore_case,
            limit=limit + 1 - len(rows),
            deadline=t1 + GREP_SECONDS - matching,
        )
        matching += time.monotonic() - t1
        searched += 1
        rows += [{**doc_fields(nav), **r, "text": shorten(r["text"], PREVIEW_CHARS)} for r in found]
    return grep_result(pattern, rows, limit)


def grep_result(
    pattern: str, rows: list[dict[str, Any]], limit: int, *, incomplete: str | None = None
) -> dict[str, Any]:
    """`grep`'s answer: the first `limit` rows; `incomplete` (why documents were left unread)."""
    cut = len(rows) > limit or incomplete is not None
    out = {"pattern": pattern, "matches": rows[:limit], "truncated": cut}
    return {**out, "incomplete": incomplete} if incomplete else out


def unread(lib: Library, searched: int, seconds: float) -> str:
    """Why a folder-wide `grep` stopped reading documents."""
    total = len(lib.catalog().snapshot().cards)
    return (
        f"reading the documents in took longer than its {GREP_READ_SECONDS:g} s budget "
        f"({seconds:.1f} s): searched {searched:,} of {total:,} documents; name a document "
        "(doc) to search the others"
    )
