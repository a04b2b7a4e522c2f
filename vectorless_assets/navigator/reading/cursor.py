"""`DocumentNavigator`: a cursor over one compiled Document IR, for agents and people.

The navigator walks the tree like a file system (`ls`, `cd`, `back`, `pwd`), reads
(`cat`, `head`), searches (`find`, `grep`: see `SearchVerbs`; `locate`), summarises (`toc`,
`stats`, `doc_card`: see `OverviewVerbs`) and exposes the acceleration indexes (see
`IndexVerbs`). Every verb returns plain JSON-serialisable data; what `cat` reads is collected
as evidence, each item with its node id, title path and page/line range for citations. No
Dagster, no LLM.
"""

from __future__ import annotations

import os
from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator.lexicons.registry import LexiconChoice, as_lexicons
from vectorless_assets.navigator.ranking.guided import MAX_CALLS, guided_locate
from vectorless_assets.navigator.ranking.locate import Locator
from vectorless_assets.navigator.reading.indexverbs import IndexVerbs
from vectorless_assets.navigator.reading.overviewverbs import OverviewVerbs
from vectorless_assets.navigator.reading.paging import PAGE_CHARS, subtree_text, text_page
from vectorless_assets.navigator.reading.paths import by_path, is_path, match_title
from vectorless_assets.navigator.reading.searchverbs import SearchVerbs
from vectorless_assets.navigator.views import (
    NavigationError,
    Target,
    child_listing,
    node_ref,
    short_title,
)


class DocumentNavigator(SearchVerbs, OverviewVerbs, IndexVerbs):
    """A cursor over `doc`, starting at the root. See the module docstring for the verbs.
    `lexicons`: what `locate` reads domain words with (`navigator.lexicons`; None: the
    default, finance; "none": no domain knowledge)."""

    def __init__(self, doc: Document, *, lexicons: LexiconChoice = None) -> None:
        if not doc.tree.nodes:
            raise NavigationError(f"document {doc.name!r} has an empty tree")
        self.doc = doc
        self.lexicons = as_lexicons(lexicons)
        self.cwd: str = doc.tree.nodes[0].node_id
        self.history: list[str] = []
        self._evidence: dict[str, dict[str, Any]] = {}
        self._locator: Locator | None = None

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, lexicons: LexiconChoice = None
    ) -> DocumentNavigator:
        """Load and verify an IR file; a tampered or corrupted file raises `IRIntegrityError`."""
        return cls(load_ir(path), lexicons=lexicons)

    # -- moving -------------------------------------------------------------------------
    def resolve(self, target: Target = None) -> TreeNode:
        """The node a target names (see `_resolve`), without moving the cursor."""
        return self._resolve(target)

    def _resolve(self, target: Target) -> TreeNode:
        """A node from an id, `..`, `/`, `.`, a 1-based child index, a title or a title path."""
        tree, here = self.doc.tree, self.doc.tree.get(self.cwd)
        if target is None or target == ".":
            return here
        if isinstance(target, int) or (
            isinstance(target, str) and target.isdigit() and target not in tree and len(target) < 4
        ):
            children = tree.children_of(here.node_id)
            i = int(target)
            if not 1 <= i <= len(children):
                raise NavigationError(f"no child #{i} here ({len(children)} children)")
            return children[i - 1]
        text = target.strip()
        if text in tree:
            return tree.get(text)
        if text in ("/", "~"):
            return tree.root
        if text == "..":
            if here.parent is None:
                raise NavigationError("already at the root")
            return tree.get(here.parent)
        if is_path(text):
            try:
                return by_path(self.doc, text)
            except NavigationError:
                if not any(">" in n.title for n in tree.nodes):  # else it may be one title
                    raise
        return self._by_title(here, text)

    def _by_title(self, here: TreeNode, text: str) -> TreeNode:
        """Title lookup: children, then the subtree, then the whole tree; exact, prefix,
        substring."""
        tree = self.doc.tree
        found = match_title(
            text, (tree.children_of(here.node_id), list(tree.preorder(here.node_id)), tree.nodes)
        )
        if found is not None:
            return found
        raise NavigationError(
            f"no node {text!r} (use an id, a child index, a title, a title path 'A "
            "> B', '..' or '/')"
        )

    def cd(self, target: Target) -> dict[str, Any]:
        """Move to a node (id, title, child index, `..`, `/`); returns the new `pwd`."""
        node = self._resolve(target)
        if node.node_id != self.cwd:
            self.history.append(self.cwd)
            self.cwd = node.node_id
        return self.pwd()

    def back(self) -> dict[str, Any]:
        """Return to where the previous `cd` came from (stays put when there is no history)."""
        if self.history:
            self.cwd = self.history.pop()
        return self.pwd()

    def pwd(self) -> dict[str, Any]:
        """Where the cursor is: the current node's citation and its depth."""
        node = self.doc.tree.get(self.cwd)
        return {**node_ref(self.doc, node), "depth": node.depth, "is_leaf": node.is_leaf}

    def ls(self, target: Target = None) -> list[dict[str, Any]]:
        """Children of the target (default: here) with titles, descriptions, leaf counts, hints,
        tags."""
        return child_listing(self.doc, self._resolve(target))

    # -- reading ------------------------------------------------------------------------
    def cat(self, target: Target = None) -> dict[str, Any]:
        """The node's own text (collected as evidence), its summary and its children's titles."""
        node = self._resolve(target)
        item = {
            **node_ref(self.doc, node),
            "content": node.content,
            "summary": node.summary,
            "tokens": node.token_count,
            "children": [
                {"node_id": c.node_id, "title": c.title}
                for c in self.doc.tree.children_of(node.node_id)
            ],
        }
        self._evidence[node.node_id] = {
            k: v for k, v in item.items() if k not in ("children", "summary")
        }
        return item

    def head(self, target: Target = None, lines: int = 10) -> dict[str, Any]:
        """The first `lines` lines of the node's text (a peek, not collected as evidence)."""
        node = self._resolve(target)
        text_lines = node.content.splitlines()
        return {
            **node_ref(self.doc, node),
            "text": "\n".join(text_lines[:lines]),
            "truncated": len(text_lines) > lines,
        }

    def read(
        self,
        target: Target = None,
        offset: int = 0,
        max_chars: int = PAGE_CHARS,
        subtree: bool = False,
    ) -> dict[str, Any]:
        """A page of the node's text (or its whole subtree's) from `offset`; `next_offset` continues
        it. A title longer than listings show (`views.TITLE_CHARS`) starts the text, so it is read
        whole here."""
        node = self._resolve(target)
        text = subtree_text(self.doc, node) if subtree else node.content
        if short_title(node.title) != node.title:  # too long to list: read as the text's start
            text = f"{node.title}\n\n{text}".strip()
        return {
            **node_ref(self.doc, node),
            **text_page(text, offset, max_chars),
            "subtree": subtree,
        }

    # -- evidence and retrieval ---------------------------------------------------------
    def evidence(self) -> list[dict[str, Any]]:
        """Everything read with `cat`, in reading order, each with its citation."""
        return list(self._evidence.values())

    def locate(
        self,
        query: str,
        k: int = 5,
        *,
        llm: LLMClient | None = None,
        usage: LLMUsage | None = None,
        max_calls: int = MAX_CALLS,
    ) -> list[dict[str, Any]]:
        """The `k` best nodes for a question, without an LLM (see `ranking.locate`).

        With `llm`, an LLM-guided search over the table of contents comes first (at most
        `max_calls` calls, counted in `usage`; `ranking.guided`): each hit then says
        how it was found (`via`: "llm" or "locate"), and the no-LLM hits fill the rest.
        """
        if self._locator is None:
            self._locator = Locator(self.doc, lexicons=self.lexicons)
        if llm is not None:
            return guided_locate(
                self.doc, query, llm, usage, k=k, max_calls=max_calls, locator=self._locator
            )
        return self._locator.locate(query, k)
