"""Pinpointing inside long sections: the pages of a hit where the question's terms concentrate.

A `locate` hit cites a node's whole page range; a 10-K's segment discussion or a split
table can span 10-20 pages, and the answer sits on one of them. A PDF node records where
each of its own pages begins in its text (`TreeNode.page_breaks`), so every line is placed
on its page exactly. An IR compiled before breaks were recorded has only the page ranges:
then the pages are estimated: the own text of a run of consecutive nodes sharing the same
own page range (a section and the parts the split pass cut it into) is laid over those
pages in proportion to its characters, each line on the page where its middle falls (with
text of even density right to within a page, which the window absorbs). Every page then
scores the question's terms (idf-weighted, tf saturating as in BM25), and the focus is the
best window of at most `FOCUS_PAGES` pages, its end pages trimmed while they weigh less than
`PEAK_SHARE` of the window's heaviest page (pages without a question term always): the pages
to read first, where the terms concentrate, not the pages beside them that only mention some.
A hit of more than `FOCUS_OVER` pages gets a focus (a two-page hit is read whole).

The scope is the text the node was ranked on (its own text); a node without own text (a
container) is pinpointed over its whole subtree, each descendant over its own pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.pages import known, page_of
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.ranking.bm25 import K1
from vectorless_assets.text.terms import terms

#: Widest focus window (pages): what an agent reads instead of the whole section.
FOCUS_PAGES = 3
#: Hits of more pages than this carry a focus (`locate`).
FOCUS_OVER = 2
#: A focus window's end page weighing less than this share of its heaviest page is trimmed
#: (set on the filings' tune half: 0.5-0.8 measured alike, 0.85 lost gold pages).
PEAK_SHARE = 0.7
#: Windows whose weights differ by less than this share are tied (the earliest wins): sums of
#: the same terms added in another order differ in their last bits.
TIE = 1e-9

PageTerms = dict[int, Counter[str]]


def own_pages(node: TreeNode) -> tuple[int, int] | None:
    """Pages of the node's own text (a leaf's whole range when the own range is unset)."""
    if node.own_start_page is not None and node.own_end_page is not None:
        return node.own_start_page, node.own_end_page
    if not node.children and node.start_page is not None and node.end_page is not None:
        return node.start_page, node.end_page
    return None


def exact_breaks(node: TreeNode) -> bool:
    """The node has own pages and knows where each of them begins in its text."""
    start, end = node.own_start_page, node.own_end_page
    return start is not None and end is not None and known(start, end, node.page_breaks)


class PagePinner:
    """Per-page term counts of a document's nodes (by page breaks, else estimated; built
    lazily) and focus windows."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        #: node index -> own first and last page, its text's offset in its run, run length
        self._runs: dict[int, tuple[int, int, int, int]] | None = None
        self._pages: dict[int, PageTerms] = {}
        self._position: dict[str, int] | None = None

    def _layout(self) -> dict[int, tuple[int, int, int, int]]:
        """For each node with own text: its own pages and its text's place in its run."""
        runs: dict[int, tuple[int, int, int, int]] = {}
        run: list[int] = []
        key: tuple[int, int] | None = None
        nodes = self.doc.tree.nodes

        def close() -> None:
            total = sum(len(nodes[j].content) + 1 for j in run)
            base = 0
            for j in run:
                if key is not None:
                    runs[j] = (key[0], key[1], base, total)
                base += len(nodes[j].content) + 1

        for i, node in enumerate(nodes):
            pages = own_pages(node)
            if pages is None or exact_breaks(node):
                continue
            if pages != key:
                close()
                run, key = [], pages
            run.append(i)
        close()
        return runs

    def page_terms(self, i: int) -> PageTerms:
        """Term counts of node `i`'s own text on each page it is estimated to fall on."""
        if i in self._pages:
            return self._pages[i]
        if self._runs is None:
            self._runs = self._layout()
        out: PageTerms = {}
        node = self.doc.tree.nodes[i]
        place = self._runs.get(i)
        content = node.content
        if exact_breaks(node) and content.strip() and node.own_start_page is not None:
            offset = 0
            for line in content.split("\n"):
                found = terms(line)
                if found:
                    page = page_of(node.own_start_page, node.page_breaks, offset)
                    out.setdefault(page, Counter()).update(found)
                offset += len(line) + 1
        elif place is not None and content.strip():
            start, end, base, total = place
            n = end - start + 1
            offset = base
            for line in content.split("\n"):
                middle = offset + len(line) / 2
                page = start + min(int(middle / total * n), n - 1)
                found = terms(line)
                if found:
                    out.setdefault(page, Counter()).update(found)
                offset += len(line) + 1
        self._pages[i] = out
        return out

    def scope(self, i: int) -> list[int]:
        """Nodes whose text a hit on node `i` is pinpointed over."""
        node = self.doc.tree.nodes[i]
        if node.content.strip() or not node.children:
            return [i]
        if self._position is None:
            self._position = {n.node_id: j for j, n in enumerate(self.doc.tree.nodes)}
        return [self._position[n.node_id] for n in self.doc.tree.preorder(node.node_id)]

    def focus(
        self, i: int, query: Sequence[str], idf: Mapping[str, float]
    ) -> tuple[int, int] | None:
        """The window of at most `FOCUS_PAGES` pages of node `i` richest in the query's
        terms, or None when its text holds none of them (or has no pages)."""
        weight: dict[int, float] = {}
        wanted = list(dict.fromkeys(query))  # in the query's order: sums do not vary by run
        for j in self.scope(i):
            for page, counts in self.page_terms(j).items():
                for t in (t for t in wanted if t in counts):
                    tf = counts[t]
                    weight[page] = weight.get(page, 0.0) + idf.get(t, 0.0) * tf / (tf + K1)
        if not weight:
            return None
        return best_window(weight, FOCUS_PAGES)


def best_window(
    weight: Mapping[int, float], width: int, peak_share: float = PEAK_SHARE
) -> tuple[int, int]:
    """The `width`-page window with the most weight (earliest on ties, also on ties within
    floating-point rounding: `TIE`), its end pages trimmed while they weigh nothing or less
    than `peak_share` of its heaviest page."""
    first, last = min(weight), max(weight)
    best, best_sum = first, -1.0
    for s in range(first, max(first, last - width + 1) + 1):
        total = sum(weight.get(p, 0.0) for p in range(s, s + width))
        if total > best_sum + TIE * max(1.0, abs(best_sum)):
            best, best_sum = s, total
    inside = [weight.get(p, 0.0) for p in range(best, best + width)]
    floor = peak_share * max(inside)
    kept = [best + k for k, w in enumerate(inside) if w > 0 and w >= floor]
    return kept[0], kept[-1]
