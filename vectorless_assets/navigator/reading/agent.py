"""Driving a navigator by name: the verb list an LLM agent is offered, and a dispatcher.

`verbs()` describes every verb (name, parameters, first docstring line) as plain data, ready
to become tool definitions; `dispatch(nav, "cd", {"target": "Installation"})` runs one and
returns its result, or ``{"error": ...}`` for a target that does not resolve or a bad
argument, so an agent loop never has to catch exceptions.
"""

from __future__ import annotations

import inspect
from typing import Any

from vectorless_assets.navigator.reading.cursor import DocumentNavigator
from vectorless_assets.navigator.views import NavigationError

#: The verbs an agent may call, in the order they are offered.
VERBS: tuple[str, ...] = (
    "doc_card",
    "ls",
    "cd",
    "back",
    "pwd",
    "cat",
    "head",
    "read",
    "find",
    "grep",
    "toc",
    "locate",
    "keyword_entries",
    "similar",
    "overlaps",
    "intent_routes",
    "concept_routes",
    "concepts",
    "chains",
    "evidence_score",
    "top_evidence",
    "evidence",
    "stats",
)


def verbs() -> list[dict[str, Any]]:
    """Name, parameters (name, default, annotation) and description of every verb."""
    out = []
    for name in VERBS:
        fn = getattr(DocumentNavigator, name)
        params = [
            {
                "name": p.name,
                "default": None if p.default is inspect.Parameter.empty else p.default,
                "required": p.default is inspect.Parameter.empty,
                "type": str(p.annotation),
            }
            for p in inspect.signature(fn).parameters.values()
            if p.name != "self"
        ]
        doc = (fn.__doc__ or "").strip().split("\n")[0]
        out.append({"name": name, "parameters": params, "description": doc})
    return out


def dispatch(nav: DocumentNavigator, verb: str, arguments: dict[str, Any] | None = None) -> Any:
    """Run `verb` with keyword `arguments`; errors come back as ``{"error": message}``."""
    if verb not in VERBS:
        return {"error": f"unknown verb {verb!r}; verbs: {', '.join(VERBS)}"}
    try:
        return getattr(nav, verb)(**(arguments or {}))
    except NavigationError as exc:
        return {"error": str(exc)}
    except TypeError as exc:
        return {"error": f"bad arguments for {verb}: {exc}"}
