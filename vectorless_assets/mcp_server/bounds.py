"""Size bounds of tool results: per-tool list limits, text cuts, paging of long lists.

An agent's context is the scarce resource: every list a tool returns is cut at a limit the
caller may raise only up to a ceiling, and `MAX_RESULT_CHARS` bounds a whole result as it
goes on the wire (the server refuses a bigger one and says how to narrow it). Titles are cut
in every result (`listed`): one 280 KB "heading" must not make every listing too large; the
whole title is read with `read_text`, whose text starts with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vectorless_assets.navigator.views import short_title

#: Characters of a document's overview in `list_documents`.
OVERVIEW_CHARS = 400
#: Top-level section titles listed per document in `list_documents`.
CARD_SECTIONS = 12
#: Characters of text previews (`open_node`) and of matched lines (`grep`).
PREVIEW_CHARS = 600
#: Largest serialised tool result (JSON characters) the server sends.
MAX_RESULT_CHARS = 200_000
#: Longest error text a tool sends (a message quoting a huge argument is cut).
MAX_ERROR_CHARS = 500


#: Result keys holding a title (of a node or a document), and keys holding a list of titles.
TITLE_KEYS = frozenset({"title", "name", "doc_name"})
TITLE_LIST_KEYS = frozenset({"path", "sections"})


@dataclass(frozen=True)
class Bound:
    """A caller-chosen size: `default` when not given, kept within [`low`, `high`]."""

    default: int
    low: int
    high: int


class Limit:
    """The bounds of every size parameter the tools take."""

    documents = Bound(50, 1, 200)
    toc = Bound(200, 1, 500)
    children = Bound(100, 0, 500)
    page = Bound(4000, 200, 20_000)
    find = Bound(20, 1, 100)
    grep = Bound(50, 1, 200)
    hits = Bound(5, 1, 50)
    related = Bound(50, 1, 200)
    refs = Bound(20, 1, 50)
    excerpt = Bound(300, 0, 4000)


def clamp(value: int | None, bound: Bound) -> int:
    """`value` (or the default when None) brought within the bound."""
    if value is None:
        return bound.default
    return max(bound.low, min(bound.high, int(value)))


def shorten(text: str, chars: int) -> str:
    """`text` cut to at most `chars` characters (at a space when one is near), marked with "…"."""
    if len(text) <= chars:
        return text
    cut = text.rfind(" ", chars * 3 // 4, chars)
    return text[: cut if cut != -1 else chars].rstrip() + "…"


def window(items: list[Any], offset: int, limit: int) -> dict[str, Any]:
    """One page of `items`: the items, the total, and where the next page starts (or None)."""
    offset = max(0, int(offset))
    end = offset + limit
    return {
        "total": len(items),
        "offset": offset,
        "next_offset": end if end < len(items) else None,
        "items": items[offset:end],
    }


def listed(value: Any) -> Any:
    """`value` (a tool result: dicts, lists, strings, numbers) with every title cut to
    `views.TITLE_CHARS` (`short_title`): the strings under `TITLE_KEYS` and the strings of
    lists under `TITLE_LIST_KEYS`, at any depth."""
    if isinstance(value, list):
        return [listed(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[Any, Any] = {}
    for key, v in value.items():
        if key in TITLE_KEYS and isinstance(v, str):
            out[key] = short_title(v)
        elif key in TITLE_LIST_KEYS and isinstance(v, list):
            out[key] = [short_title(t) if isinstance(t, str) else listed(t) for t in v]
        else:
            out[key] = listed(v)
    return out
