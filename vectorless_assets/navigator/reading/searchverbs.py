"""Navigator verbs that search the text below a target: `find` (a phrase) and `grep` (a regex).

A mixin of `DocumentNavigator`; ranked retrieval (`locate`) stays on the cursor, which keeps
the document's `Locator`.

A pattern comes from a user or an agent, so `grep` runs it with a time budget: the `regex`
engine's `timeout` bounds a catastrophic pattern (`(a+)+$` backtracks exponentially) and its
`concurrent` matching lets go of the GIL, so other threads go on while one grep runs.
Compiling is not covered by that budget, so the pattern is measured before it is compiled
(`pattern_bounds`: its length and the product of its nested counted repeats).
"""

from __future__ import annotations

import time
from typing import Any

import regex

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.reading.pattern_bounds import PatternTooLarge, check_pattern
from vectorless_assets.navigator.views import (
    NavigationError,
    Target,
    node_brief,
    node_ref,
    short_title,
)

#: the wall-clock budget of one grep call (over every node it reads), seconds
GREP_SECONDS = 2.0


class SearchVerbs:
    """`find` and `grep` over the subtree of a target (default: the whole document / here)."""

    doc: Document

    def _resolve(self, target: Target) -> TreeNode:  # provided by the cursor
        raise NotImplementedError

    def find(self, query: str, target: Target = "/", limit: int = 20) -> list[dict[str, Any]]:
        """Nodes whose title (first) or content contains `query`, case-insensitively, with a
        snippet."""
        want = query.casefold().strip()
        if not want:
            return []
        by_title: list[TreeNode] = []
        by_content: list[tuple[int, int, TreeNode]] = []
        for node in self.doc.tree.preorder(self._resolve(target).node_id):
            if want in node.title.casefold():
                by_title.append(node)
                if len(by_title) >= limit:
                    break
            else:
                count = node.content.casefold().count(want)
                if count:
                    by_content.append((-count, len(by_content), node))
        rows = [
            {**node_ref(self.doc, n), "where": "title", "snippet": short_title(n.title)}
            for n in by_title
        ]
        for neg, _, node in sorted(by_content)[: max(0, limit - len(rows))]:
            pos = node.content.casefold().find(want)
            snippet = " ".join(node.content[max(0, pos - 60) : pos + len(want) + 60].split())
            rows.append(
                {**node_ref(self.doc, node), "where": "content", "snippet": snippet, "count": -neg}
            )
        return rows

    def grep(
        self,
        pattern: str,
        target: Target = None,
        *,
        ignore_case: bool = True,
        limit: int = 50,
        deadline: float | None = None,
    ) -> list[dict[str, Any]]:
        """Lines matching a regular expression in the target's subtree (title lines included).

        `deadline` (a `time.monotonic()` value; default: `GREP_SECONDS` from now) bounds the
        whole call: past it, a `NavigationError` says the pattern took too long.
        """
        try:
            check_pattern(pattern)  # before compiling: a nested count can take the memory
            rx = regex.compile(pattern, regex.IGNORECASE if ignore_case else 0)
        except (PatternTooLarge, regex.error, OverflowError, RecursionError) as exc:
            raise NavigationError(f"bad regular expression {pattern[:80]!r}: {exc}") from exc
        end = time.monotonic() + GREP_SECONDS if deadline is None else deadline

        def hit(text: str) -> bool:
            left = end - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                return rx.search(text, timeout=left, concurrent=True) is not None
            except TimeoutError:
                raise NavigationError(
                    f"matching the pattern {pattern[:80]!r} took longer than its "
                    f"{GREP_SECONDS:g} s matching budget (nested repetition backtracks): "
                    "simplify it or narrow the target"
                ) from None

        out: list[dict[str, Any]] = []
        for node in self.doc.tree.preorder(self._resolve(target).node_id):
            brief = node_brief(node)
            if hit(node.title):
                out.append({**brief, "line_in_node": 0, "text": node.title})
            for n, line in enumerate(node.content.splitlines(), start=1):
                if hit(line):
                    out.append({**brief, "line_in_node": n, "text": line.strip()})
                    if len(out) >= limit:
                        return out
        return out[:limit]
