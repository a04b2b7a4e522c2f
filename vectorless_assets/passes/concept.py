"""ConceptPass: key concepts with their sections (LLM, or top keywords without one).

* **With an LLM**: one call gets the document's `PROMPT_SECTIONS` shallowest sections
  (node id, title, short description) and its most widespread keywords, and asks for
  ≤ `max_concepts` concepts as a JSON list of `{name, summary, sections}`
  (`name | summary | ids` lines are accepted too).
  Names are kept at 2–4 words (longer ones cut to 4, one-word names dropped); section ids
  not in the tree are dropped; a concept without a known section takes the best postings of
  its words. `source="llm"`. An `LLMError` or an answer with no usable concept falls back
  to keywords.
* **Without**: the top keywords of the reasoning index become concept names
  (`source="keywords"`). Ranking: keywords that appear in most titles first, then in most
  nodes (postings), then by total posting weight, then alphabetically; synonyms added by
  the LLM are skipped; CJK bigrams are named by `concept_name`. A concept's sections are
  the keyword's best postings (≤ `MAX_SECTIONS`); its summary says where it is discussed
  most.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from pydantic import TypeAdapter

from vectorless_assets.ir.indexes import Concept, ReasoningIndex
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.llm.ask import ask, json_value
from vectorless_assets.passes.common.nodetext import description
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.word_cache import WordCache
from vectorless_assets.text.words import split_words

MAX_SECTIONS = 5
PROMPT_KEYWORDS = 40
PROMPT_SECTIONS = 60

#: Validates a list of concepts' fields in one call.
_CONCEPTS: TypeAdapter[list[Concept]] = TypeAdapter(list[Concept])
_ID_RE = re.compile(r"\b\d{4,}\b")
_HIRAGANA_RE = re.compile("[\u3040-\u309f]")
_CJK = "\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_CJK_RE = re.compile(f"[{_CJK}]")
_TERM_RE = re.compile(f"[{_CJK}]{{2,}}")


def cjk_terms(titles: list[str]) -> dict[str, int]:
    """Runs of ≥ 2 kanji/katakana/hangul characters in `titles` -> number of titles."""
    counts: dict[str, int] = {}
    for title in titles:
        for term in set(_TERM_RE.findall(title)):
            counts[term] = counts.get(term, 0) + 1
    return counts


def concept_name(keyword: str, terms: dict[str, int]) -> str | None:
    """Display name of a keyword concept; None for a keyword not worth a concept.

    Latin keywords name themselves. A CJK keyword is a character bigram: a bigram with
    hiragana (mostly grammar: particles, endings) is dropped, any other is widened to the
    most frequent title term containing it (e.g. two bigrams of a katakana word both name
    the whole word; ties: longer, then alphabetical).
    """
    if _HIRAGANA_RE.search(keyword):
        return None
    if not _CJK_RE.search(keyword):
        return keyword
    best = sorted((t for t in terms if keyword in t), key=lambda t: (-terms[t], -len(t), t))
    return best[0] if best else keyword


def _where(best: str, postings: int) -> str:
    more = postings - 1
    if more <= 0:
        return f"Discussed in {best}."
    return f"Discussed most in {best}, and in {more} more section{'s' if more > 1 else ''}."


def _ranked(index: ReasoningIndex, in_titles: dict[str, int], skip: set[str]) -> Iterator[str]:
    """The keywords of `index` not in `skip`, in rank order (most titles, most postings,
    heaviest postings, then alphabetical), lazily: keywords in some title first (few), and
    the others only when the caller asks for more, by groups of equal posting counts."""
    keywords = index.keywords

    def weight(kw: str) -> float:
        return -sum(p.weight for p in keywords[kw])

    titled = [kw for kw in in_titles if kw in keywords and kw not in skip]
    yield from sorted(titled, key=lambda kw: (-in_titles[kw], -len(keywords[kw]), weight(kw), kw))
    groups: dict[int, list[str]] = defaultdict(list)
    for kw in keywords:
        if kw not in in_titles and kw not in skip:
            groups[len(keywords[kw])].append(kw)
    for size in sorted(groups, reverse=True):
        yield from sorted(groups[size], key=lambda kw: (weight(kw), kw))


def keyword_concepts(
    tree: DocumentTree, index: ReasoningIndex, limit: int, texts: WordCache | None = None
) -> list[Concept]:
    """The LLM-free fallback: top keywords as concepts (see the module docstring).

    `texts` is the compile's shared token cache (a private one when None).
    """
    texts = texts if texts is not None else WordCache()
    synonyms = {s for syns in index.synonyms.values() for s in syns} - set(index.synonyms)
    nodes = node_map(tree)
    in_titles: dict[str, int] = {}
    for node in tree.nodes:
        for kw in texts.keyword_counts(node.title):
            in_titles[kw] = in_titles.get(kw, 0) + 1
    terms = cjk_terms([n.title for n in tree.nodes])
    # plain fields, validated in one call (no model built per concept)
    out: list[dict[str, object]] = []
    names: set[str] = set()
    for kw in _ranked(index, in_titles, synonyms):
        if len(out) >= limit:
            break
        name = concept_name(kw, terms)
        if name is None or name in names:
            continue
        sections = [p.node_id for p in index.keywords[kw][:MAX_SECTIONS] if p.node_id in nodes]
        if not sections:
            continue
        best = nodes[sections[0]]
        where = f"'{best.title}'" if best.title.strip() else f"section {best.node_id}"
        names.add(name)
        out.append(
            {
                "name": name,
                "summary": _where(where, len(index.keywords[kw])),
                "sections": sections,
                "source": "keywords",
            }
        )
    return _CONCEPTS.validate_python(out)


def _prompt(tree: DocumentTree, index: ReasoningIndex, limit: int) -> str:
    root = tree.root
    lines = [f"Document: {root.title or '(untitled)'}", "", "Sections (node id: title: about):"]
    walk = preorder_nodes(tree)[1:]
    # the shallowest sections first (a whole document's outline), listed in document order
    shallow = sorted(range(len(walk)), key=lambda i: (walk[i].depth, i))[:PROMPT_SECTIONS]
    for node in (walk[i] for i in sorted(shallow)):
        lines.append(f"{node.node_id}: {node.title}: {description(node, 80)}")
    lines += ["", "Frequent keywords: " + ", ".join(list(index.keywords)[:PROMPT_KEYWORDS])]
    lines += [
        "",
        f"List at most {limit} key concepts of this document as a JSON list of objects "
        '{"name": ..., "summary": ..., "sections": [node ids]}: a name has 2 to 4 words, '
        "the summary is one sentence, sections are node ids listed above. No other text.",
    ]
    return "\n".join(lines)


def _items(answer: str) -> list[tuple[str, str, str]]:
    """(name, summary, sections text) from a JSON list answer, else `a | b | c` lines."""
    value = json_value(answer)
    if isinstance(value, dict):
        value = next((v for v in value.values() if isinstance(v, list)), None)
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict):
                sections = item.get("sections") or []
                ids = " ".join(map(str, sections)) if isinstance(sections, list) else str(sections)
                out.append((str(item.get("name", "")), str(item.get("summary", "")), ids))
        return out
    rows = [[p.strip(" \t-*`\"'") for p in line.split("|")] for line in answer.splitlines()]
    return [(r[0], r[1], " ".join(r[2:])) for r in rows if len(r) >= 2]


def parse_concepts(
    answer: str, tree: DocumentTree, index: ReasoningIndex, limit: int
) -> list[Concept]:
    """Valid concepts of an LLM answer (see the module docstring for the rules)."""
    out: list[Concept] = []
    seen: set[str] = set()
    for raw_name, summary, ids_text in _items(answer):
        words = raw_name.split()
        if len(words) < 2:
            continue
        name = " ".join(words[:4])
        if name.lower() in seen:
            continue
        ids = [i for i in _ID_RE.findall(ids_text) if i in tree]
        if not ids:
            for tok in split_words(name):
                ids += [p.node_id for p in index.keywords.get(tok, [])[:2]]
        sections = list(dict.fromkeys(ids))[:MAX_SECTIONS]
        if not sections:
            continue
        seen.add(name.lower())
        out.append(Concept(name=name, summary=summary.strip(), sections=sections, source="llm"))
        if len(out) >= limit:
            break
    return out


def run(*, tree: DocumentTree, reasoning_index: ReasoningIndex, ctx: PassContext) -> list[Concept]:
    """Key concepts with their sections: asked of the LLM when there is one, else the top
    keywords of the reasoning index (source="keywords").

    At most `options.max_concepts`; one LLM call at most; every section id is in the tree.
    """
    limit = ctx.options.max_concepts
    if not tree.nodes or limit <= 0:
        return []
    if ctx.llm is not None:
        answer = ask(
            ctx.llm,
            ctx.usage,
            _prompt(tree, reasoning_index, limit),
            max_tokens=60 * limit,
            accept=lambda a: bool(parse_concepts(a, tree, reasoning_index, limit)),
        )
        concepts = parse_concepts(answer, tree, reasoning_index, limit) if answer else []
        if concepts:
            return concepts
    return keyword_concepts(tree, reasoning_index, limit, ctx.texts)
