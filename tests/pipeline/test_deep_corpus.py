"""Deep mode on real documents: every IR field populated, nothing dangling, stable output.

A representative sample runs by default (Markdown in English and Japanese, Prometheus docs
with front matter, a tldr page, a PDF whose references resolve, and the first 500 KB of the
RFC collection, whose repeated template sections give content overlap); the whole Markdown
corpus runs with `-m slow`. Skips cleanly without ../shared/corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache

import pytest

from tests.support.paths import CORPUS
from vectorless_assets.ir.document import Document, dangling_node_ids
from vectorless_assets.passes.chain import navigates
from vectorless_assets.pipeline.compile import compile_document

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent"),
]

SAMPLE = [
    "md/rust-book/src/ch08-02-strings.md",
    "md/prometheus-docs/docs/introduction/overview.md",
    "md/system-design-primer/README-ja.md",
    "md/tldr/pages/common/ab.md",
    "pdf/libreoffice-generated/rfc3392.pdf",
]
RFC_SLICE = "md/large/rust-rfcs-all-in-one.md"


@cache
def _deep(rel: str) -> Document:
    if rel == RFC_SLICE:
        data = (CORPUS / rel).read_bytes()[:500_000]
        return compile_document(data[: data.rfind(b"\n") + 1], name="rfcs-part.md", mode="deep")
    return compile_document(CORPUS / rel, mode="deep")


def _without_meta(doc: Document) -> str:
    return json.dumps(
        doc.model_dump(mode="json", exclude={"meta"}), sort_keys=True, ensure_ascii=False
    )


def check_deep(doc: Document) -> None:
    """The deep-mode invariants of the index passes on one compiled document."""
    tree = doc.tree
    assert tree.nodes
    assert dangling_node_ids(doc) == set()
    ri = doc.reasoning_index
    assert ri.keywords and ri.summary_shortcut is not None
    if tree.root.children:
        assert ri.section_map
    assert doc.concepts
    nav = doc.nav_index
    assert nav.doc_card is not None
    assert set(nav.entries) == {n.node_id for n in tree.nodes if n.children}
    assert doc.query_routes is not None
    if any(n.question_hints for n in tree.nodes):
        assert doc.query_routes.intent_routes
    assert doc.chain_index is not None
    resolved = {
        (n.node_id, r.target_node_id)
        for n in tree.nodes
        for r in n.references
        if r.target_node_id and r.target_node_id != n.node_id and not navigates(n, r)
    }  # (a contents entry, a link that is all of its sentence, navigates: no chain)
    chained = {tuple(c.node_ids) for c in doc.chain_index.chains}
    assert resolved <= chained
    previous = {b: a for n in tree.nodes for a, b in zip(n.children, n.children[1:], strict=False)}
    assert all(previous.get(src) == dst for src, dst in chained - resolved)  # leading connectives
    assert doc.content_overlap is not None
    assert doc.evidence_scores is not None
    with_content = {n.node_id for n in tree.nodes if not n.children and n.content.strip()}
    assert set(doc.evidence_scores.scores) == with_content


@pytest.mark.parametrize("rel", [*SAMPLE, RFC_SLICE])
def test_deep_mode_populates_every_index(rel: str) -> None:
    check_deep(_deep(rel))


def test_references_give_chains_and_repeats_give_overlap() -> None:
    assert _deep("pdf/libreoffice-generated/rfc3392.pdf").chain_index.chains
    overlap = _deep(RFC_SLICE).content_overlap
    assert overlap.pairs or overlap.duplicate_groups


def test_cjk_document_has_cjk_keywords_and_concepts() -> None:
    doc = _deep("md/system-design-primer/README-ja.md")
    assert any("\u30a0" <= kw[0] <= "\u9fff" for kw in doc.reasoning_index.keywords)
    assert any(any("\u30a0" <= ch <= "\u9fff" for ch in c.name) for c in doc.concepts)


@pytest.mark.parametrize(
    "rel", ["md/rust-book/src/ch08-02-strings.md", "pdf/libreoffice-generated/rfc3392.pdf"]
)
def test_compiling_twice_is_byte_identical_apart_from_meta(rel: str) -> None:
    again = compile_document(CORPUS / rel, mode="deep")
    assert _without_meta(again) == _without_meta(_deep(rel))


def test_output_does_not_depend_on_the_string_hash_seed() -> None:
    """Set iteration order varies with PYTHONHASHSEED; the IR must not."""
    code = (
        "import hashlib, json, sys\n"
        "from vectorless_assets.pipeline.compile import compile_document\n"
        "d = compile_document(sys.argv[1], mode='deep')\n"
        "p = json.dumps(d.model_dump(mode='json', exclude={'meta'}), sort_keys=True)\n"
        "print(hashlib.sha256(p.encode()).hexdigest())\n"
    )
    path = str(CORPUS / "md/system-design-primer/README-ja.md")
    digests = {
        subprocess.run(
            [sys.executable, "-c", code, path],
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert len(digests) == 1


def test_modes_leave_out_what_they_do_not_build() -> None:
    path = CORPUS / "md/rust-book/src/ch08-02-strings.md"
    fast = compile_document(path, mode="fast")
    assert fast.nav_index.doc_card is not None
    assert fast.reasoning_index.keywords == {} and fast.concepts == []
    assert fast.query_routes is None and fast.evidence_scores is None
    assert fast.chain_index is None and fast.content_overlap is None
    standard = compile_document(path, mode="standard")
    assert standard.reasoning_index.keywords and standard.query_routes is not None
    assert standard.evidence_scores is not None
    assert (
        standard.concepts == []
        and standard.chain_index is None
        and standard.content_overlap is None
    )


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["md"])
def test_whole_markdown_corpus(folder: str) -> None:
    failures = []
    for path in sorted((CORPUS / folder).rglob("*.md")):
        try:
            check_deep(compile_document(path, root=CORPUS, mode="deep"))
        except AssertionError as exc:
            failures.append(f"{path.relative_to(CORPUS)}: {exc}")
    assert failures == []
