"""Navigator verbs that search the text below a target: `find` (a phrase) and `grep` (a regex).

A mixin of `DocumentNavigator`; ranked retrieval (`locate`) stays on the cursor, which keeps
the document's `Locator`.
"""

from __future__ import annotations

import re
from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.views import NavigationError, Target, node_brief, node_ref


class SearchVerbs:
    """`find` and `grep` over the subtree of a target (default: the whole document / here)."""

    doc: Document

    def _resolve(self, target: Target) -> TreeNode:  # provided by the cursor
        raise NotImplementedError

    def find(self, query: str, target: Target = "/", limit: int = 20) -> list[dict[str, Any]]:
        """Nodes whose title (first) or content contains `query`, case-insensitively, with a snippet."""
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
        rows = [{**node_ref(self.doc, n), "where": "title", "snippet": n.title} for n in by_title]
        for neg, _, node in sorted(by_content)[: max(0, limit - len(rows))]:
            pos = node.content.casefold().find(want)
            snippet = " ".join(node.content[max(0, pos - 60) : pos + len(want) + 60].split())
            rows.append(
                {**node_ref(self.doc, node), "where": "content", "snippet": snippet, "count": -neg}
            )
        return rows

    def grep(
        self, pattern: str, target: Target = None, *, ignore_case: bool = True, limit: int = 50
    ) -> list[dict[str, Any]]:
        """Lines matching a regular expression in the target's subtree (title lines included)."""
        try:
            rx = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
        except re.error as exc:
            raise NavigationError(f"bad regular expression {pattern!r}: {exc}") from exc
        out: list[dict[str, Any]] = []
        for node in self.doc.tree.preorder(self._resolve(target).node_id):
            brief = node_brief(node)
            if rx.search(node.title):
                out.append({**brief, "line_in_node": 0, "text": node.title})
            for n, line in enumerate(node.content.splitlines(), start=1):
                if rx.search(line):
                    out.append({**brief, "line_in_node": n, "text": line.strip()})
                    if len(out) >= limit:
                        return out
        return out[:limit]
