"""Term statistics and per-node signals of one document, for `ranking.locate`.

`NodeSignals` precomputes, once per document, the BM25 statistics of every node's text, each
node's title, path and phrase terms, the headings inside its text and whether its title is
generic (`GENERIC_TITLES` nodes share it); the dearer signals (numeric share, statement
kind, shown years, chapter numbers, line-item label spread) are computed on first use. Its
methods give one signal of one node for a question; `locate.Locator` weighs them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import InitVar, dataclass, field, replace

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.lexicons.interface import NO_NEED, Lexicons
from vectorless_assets.navigator.lexicons.registry import LexiconChoice, as_lexicons
from vectorless_assets.navigator.ranking.bm25 import BM25
from vectorless_assets.navigator.ranking.indexsignals import folded_keywords
from vectorless_assets.navigator.ranking.items import period_share
from vectorless_assets.navigator.ranking.labels import LABEL_RE, chapter_numbers, label_scores
from vectorless_assets.navigator.ranking.pinpoint import FOCUS_OVER, PagePinner, own_pages
from vectorless_assets.navigator.ranking.question import QUANTITY_RE, Question, analyse
from vectorless_assets.navigator.ranking.titles import INNER_WEIGHT, inner_headings, title_fit
from vectorless_assets.navigator.ranking.wordforms import WordForms
from vectorless_assets.navigator.views import page_count
from vectorless_assets.text.terms import terms

#: The statement signal for a statement the question's metrics imply, not name.
IMPLIED = 0.6
#: A line-item label counts for the items signal only when at most this share of the
#: document's sections (or one section) hold it.
LABEL_MAX_SHARE = 0.2
NUMBER_RE = re.compile(r"(?<![\w.])\(?\$?\d[\d,]*(?:\.\d+)?\)?%?(?![\w.])")
WORD_RE = re.compile(r"[^\W\d_]{2,}")
#: A title this many nodes share ("Summary", "Overview") is generic (see `locate`).
GENERIC_TITLES = 4


def numeric_share(text: str) -> float:
    """Share of numbers among the words and numbers of `text` (tables, statements score high)."""
    numbers = len(NUMBER_RE.findall(text))
    words = len(WORD_RE.findall(text))
    return numbers / (numbers + words) if numbers + words else 0.0


def own_page_count(node: TreeNode) -> int | None:
    """Pages of the text a node is ranked on (its own), else of its subtree."""
    own = own_pages(node)
    return own[1] - own[0] + 1 if own else page_count(node)


def pairs(seq: list[str]) -> set[tuple[str, str]]:
    return {(a, b) for a, b in zip(seq, seq[1:], strict=False) if a != b}


@dataclass
class NodeTerms:
    title: set[str]
    path: set[str]
    pairs: set[tuple[str, str]]
    inner: list[set[str]] = field(default_factory=list)


@dataclass
class NodeSignals:
    """Term statistics of one document and the signals of its nodes, reusable for many
    questions; `lexicons` (default: finance) read the questions' domain words."""

    doc: Document
    lexicons: InitVar[LexiconChoice] = None
    lexicon: Lexicons = field(init=False)
    bm25: BM25 = field(init=False)
    nodes: list[NodeTerms] = field(init=False)
    folded_keys: dict[str, list[str]] = field(init=False)
    position: dict[str, int] = field(init=False)
    numeric: dict[int, float] = field(init=False)
    kinds: dict[int, frozenset[str]] = field(init=False, default_factory=dict)
    years: dict[int, frozenset[int]] = field(init=False, default_factory=dict)
    pair_df: Counter[tuple[str, str]] | None = field(init=False, default=None)
    chapters: dict[int, str] | None = field(init=False, default=None)
    pinner: PagePinner = field(init=False)
    generic: list[bool] = field(init=False)
    forms: WordForms | None = field(init=False, default=None)

    def __post_init__(self, lexicons: LexiconChoice) -> None:
        self.lexicon = as_lexicons(lexicons)
        self.position = {n.node_id: i for i, n in enumerate(self.doc.tree.nodes)}
        units: list[list[str]] = []
        self.numeric = {}  # filled lazily: only quantitative questions need it
        self.nodes = []
        title_terms: dict[str, set[str]] = {}
        for node in self.doc.tree.nodes:
            t = terms(node.title)
            body = terms(node.summary) + terms(node.content)
            units.append(t + t + body)
            title_terms[node.node_id] = set(t)
            path: set[str] = set()
            for anc in self.doc.tree.ancestors(node.node_id)[1:]:
                path |= title_terms.get(anc.node_id, set())
            inner = [set(terms(h)) for h in inner_headings(node.content)]
            self.nodes.append(
                NodeTerms(
                    title=set(t),
                    path=path - set(t),
                    pairs=pairs(t) | pairs(body),
                    inner=[h for h in inner if h],
                )
            )
        self.bm25 = BM25(units)
        self.pinner = PagePinner(self.doc)
        shared = Counter(" ".join(n.title.lower().split()) for n in self.doc.tree.nodes)
        self.generic = [
            shared[" ".join(n.title.lower().split())] >= GENERIC_TITLES for n in self.doc.tree.nodes
        ]
        self.folded_keys = folded_keywords(self.doc)

    # -- signals ------------------------------------------------------------------------
    def _numeric(self, i: int) -> float:
        if i not in self.numeric:
            self.numeric[i] = numeric_share(self.doc.tree.nodes[i].content)
        return self.numeric[i]

    def _statement(self, i: int, question: Question) -> float:
        if not question.statements and not question.need.statements:
            return 0.0
        if i not in self.kinds:
            node = self.doc.tree.nodes[i]
            self.kinds[i] = self.lexicon.section_kinds(node.title, node.content)
        if self.kinds[i] & question.statements:
            return 1.0
        return IMPLIED if self.kinds[i] & question.need.statements else 0.0

    def _distinctive(self, phrase: tuple[str, ...]) -> bool:
        """Whether a line-item label is held by few enough sections to point at its figure
        (each of its adjacent term pairs: a partial match counts). A label one section alone
        holds always is, however small the document."""
        if self.pair_df is None:
            self.pair_df = Counter(p for nt in self.nodes for p in nt.pairs)
        if len(phrase) == 1:
            df = self.bm25.df.get(phrase[0], 0)
        else:
            df = max(self.pair_df.get(p, 0) for p in zip(phrase, phrase[1:], strict=False))
        return df <= max(1.0, LABEL_MAX_SHARE * len(self.nodes))

    def _holds(self, phrase: tuple[str, ...]) -> bool:
        """Whether one section of the document holds every adjacent term pair of `phrase`."""
        wanted = set(zip(phrase, phrase[1:], strict=False))
        rarest = min(phrase, key=lambda t: self.bm25.df.get(t, 0))
        return any(wanted <= self.nodes[i].pairs for i in self.bm25.postings.get(rarest, []))

    def _read(self, query: str) -> Question:
        """The question (`ranking.question.analyse`); a glossary word alone ("leverage",
        "inventory", "sales") makes it quantitative only in a document that shows one of the
        line items that metric is made of (a filing, not a book)."""
        if self.forms is None:
            self.forms = WordForms(self.bm25.df)
        question = analyse(query, lambda t: t in self.bm25.df, self.lexicon, self.forms.of)
        if (
            question.need.entries
            and not QUANTITY_RE.search(query)
            and not any(self._holds(alt) for alt in question.need.labels)
        ):
            question = replace(question, quantitative=False, need=NO_NEED)
        return question

    def _period(self, i: int, question: Question) -> float:
        if not question.years:
            return 0.0
        if i not in self.years:
            self.years[i] = self.lexicon.shown_years(self.doc.tree.nodes[i].content)
        return period_share(set(question.years), self.years[i])

    def _label_scores(self, query: str) -> tuple[dict[str, float], set[str]]:
        """Nodes a structural reference in the query points at, and the kinds of the
        references that point somewhere (`ranking.labels`)."""
        if not LABEL_RE.search(query):
            return {}, set()
        if self.chapters is None:
            self.chapters = chapter_numbers(self.doc.tree)
        return label_scores(self.doc.tree, query, self.chapters)

    def _fit(self, nt: NodeTerms, q: list[str], total: float) -> float:
        """How closely the question is the node's title, or a heading inside its text."""
        fit = title_fit(q, nt.title, self.bm25.idf, total)
        for heading in nt.inner:
            fit = max(fit, INNER_WEIGHT * title_fit(q, heading, self.bm25.idf, total))
        return fit

    def _focus(self, i: int, q: list[str], idf: dict[str, float]) -> dict[str, int] | None:
        """Pages to read first inside a hit spanning more than `FOCUS_OVER` pages
        (`ranking.pinpoint`)."""
        pages = page_count(self.doc.tree.nodes[i])
        if pages is None or pages <= FOCUS_OVER:
            return None
        window = self.pinner.focus(i, q, idf)
        return {"start_page": window[0], "end_page": window[1]} if window else None
