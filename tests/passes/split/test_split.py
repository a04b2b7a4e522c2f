"""SplitPass: oversized leaves become children at natural split points, losing no line."""

from __future__ import annotations

import re

import pytest

from tests.support.coverage import line_coverage_errors
from tests.support.paths import CORPUS
from vectorless_assets import compile_document
from vectorless_assets.ir.document import dangling_node_ids
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import split
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens

FLAG = re.compile(r"\[(SPLIT|MERGED|EMPTY)", re.IGNORECASE)


def env(limit: int) -> PassContext:
    return PassContext(options=CompileOptions(split_max_tokens=limit))


def leaf_doc(body_lines: list[str], title: str = "Big section") -> tuple[DocumentTree, int]:
    """Root (line 1: text) + one section: heading line 2, then its content: a blank line 3
    and the body from line 4 (content = the exact text of lines 3.., as frontends give it)."""
    body = "\n".join(["", *body_lines])
    n_lines = 3 + len(body_lines)
    nodes = [
        TreeNode(
            node_id="0001",
            children=["0002"],
            title="Doc",
            content="intro",
            line_start=1,
            line_end=1,
            token_count=1,
        ),
        TreeNode(
            node_id="0002",
            parent="0001",
            title=title,
            content=body,
            line_start=2,
            line_end=n_lines,
            token_count=estimate_tokens(body),
        ),
    ]
    return DocumentTree(nodes=nodes).renumbered(), n_lines


def owned_lines(tree: DocumentTree) -> list[int]:
    out: list[int] = []
    for n in tree.nodes:
        if n.line_start is not None:
            assert n.line_end is not None and n.line_end >= n.line_start
            out.extend(range(n.line_start, n.line_end + 1))
    return sorted(out)


def prose(n: int, word: str = "alpha") -> list[str]:
    return [f"Sentence {i} talks about {word} and other things in some detail." for i in range(n)]


def test_small_leaves_are_left_alone() -> None:
    tree, _ = leaf_doc(prose(5))
    assert split.run(tree=tree, ctx=env(4000)) is tree


def test_oversized_leaf_splits_with_full_line_coverage_and_sensible_titles() -> None:
    lines = []
    for para in range(12):
        lines += prose(8, f"topic{para}") + [""]
    tree, n_lines = leaf_doc(lines)
    before = tree.model_dump()
    out = split.run(tree=tree, ctx=env(200))
    assert tree.model_dump() == before, "split mutated its input"
    section = out.get(out.root.children[0])
    kids = out.children_of(section.node_id)
    assert len(kids) >= 3
    assert section.title == "Big section" and section.content == "" and section.token_count == 0
    assert (section.line_start, section.line_end) == (2, 2), "the parent keeps its heading line"
    assert owned_lines(out) == list(range(1, n_lines + 1)), "every line owned exactly once"
    for i, kid in enumerate(kids, start=1):
        assert kid.title == f"Big section (part {i})"
        assert not FLAG.search(kid.title)
        assert kid.token_count <= 200 + 20
        assert kid.depth == section.depth + 1
    assert "\n".join(k.content for k in kids) == tree.get(tree.root.children[0]).content
    for kid in kids:  # each child owns exactly the lines of its text
        assert kid.content.count("\n") + 1 == kid.line_end - kid.line_start + 1
    for n in out.nodes:
        assert n.total_tokens == n.token_count + sum(out.get(c).total_tokens for c in n.children)


def test_headings_inside_the_text_are_split_points_and_titles() -> None:
    lines = (
        prose(6)
        + ["", "## Installing", ""]
        + prose(6, "install")
        + ["", "## Running", ""]
        + prose(6, "run")
    )
    tree, _ = leaf_doc(lines)
    out = split.run(tree=tree, ctx=env(150))
    titles = [n.title for n in out.children_of(out.root.children[0])]
    assert "Installing" in titles and "Running" in titles
    running = next(n for n in out.nodes if n.title == "Running")
    assert running.content.startswith("## Running")


def test_heading_inside_code_fence_is_not_a_split_point() -> None:
    lines = prose(6) + ["```", "# comment in code", "```"] + prose(6, "beta")
    tree, _ = leaf_doc(lines)
    out = split.run(tree=tree, ctx=env(100))
    assert all(n.title != "comment in code" for n in out.nodes)


def test_a_single_line_over_the_limit_is_cut_and_its_line_shared() -> None:
    line = " ".join(f"word{i}" for i in range(3000))
    tree, n_lines = leaf_doc([line])
    out = split.run(tree=tree, ctx=env(300))
    kids = out.children_of(out.root.children[0])
    assert len(kids) >= 3
    assert "".join(k.content for k in kids) == "\n" + line, "pieces rejoin to the text"
    assert [(k.line_start, k.line_end) for k in kids] == [(3, 4)] + [(4, 4)] * (len(kids) - 1)
    assert all(k.content.strip() for k in kids), "no whitespace-only child"
    assert set(owned_lines(out)) == set(range(1, n_lines + 1))


def test_cjk_text_without_spaces_or_newlines_splits() -> None:
    text = "这是一个没有空格的很长的中文句子" * 200
    tree, _ = leaf_doc([text], title="中文")
    out = split.run(tree=tree, ctx=env(500))
    kids = out.children_of(out.root.children[0])
    assert len(kids) >= 4
    assert "".join(k.content for k in kids) == "\n" + text
    assert all(k.title.startswith("中文 (part ") for k in kids)


def test_setext_heading_lines_stay_with_the_parent() -> None:
    body = "\n".join(prose(40))
    nodes = [
        TreeNode(node_id="0001", children=["0002"], title="Doc"),
        TreeNode(
            node_id="0002",
            parent="0001",
            title="Setext",
            content=body,
            line_start=1,
            line_end=42,
            token_count=estimate_tokens(body),
        ),
    ]
    out = split.run(tree=DocumentTree(nodes=nodes), ctx=env(150))
    section = out.get("0002")
    assert (section.line_start, section.line_end) == (1, 2)
    assert owned_lines(out) == list(range(1, 43))


def test_reflowed_content_maps_proportionally_without_losing_lines() -> None:
    body = "\n".join(prose(40))  # 40 content lines, but the node owns only 11 lines
    nodes = [
        TreeNode(node_id="0001", children=["0002"], title="Doc"),
        TreeNode(
            node_id="0002",
            parent="0001",
            title="Dense",
            content=body,
            line_start=10,
            line_end=20,
            token_count=estimate_tokens(body),
        ),
    ]
    out = split.run(tree=DocumentTree(nodes=nodes), ctx=env(150))
    assert (out.get("0002").line_start, out.get("0002").line_end) == (10, 10)
    assert owned_lines(out) == list(range(10, 21))


def test_root_without_heading_gives_all_its_lines_to_the_children() -> None:
    body = "\n".join(prose(60))
    tree = DocumentTree(
        nodes=[
            TreeNode(
                node_id="0001",
                title="notes",
                content=body,
                line_start=1,
                line_end=60,
                token_count=estimate_tokens(body),
            )
        ]
    )
    out = split.run(tree=tree, ctx=env(150))
    assert out.root.line_start is None and out.root.line_end is None
    assert owned_lines(out) == list(range(1, 61))
    assert out.root.title == "notes"


def test_pdf_leaf_without_lines_keeps_pages() -> None:
    body = "\n".join(prose(80))
    nodes = [
        TreeNode(node_id="0001", children=["0002"], title="Doc"),
        TreeNode(
            node_id="0002",
            parent="0001",
            title="Chapter",
            content=body,
            start_page=3,
            end_page=5,
            own_start_page=3,
            own_end_page=5,
            token_count=estimate_tokens(body),
        ),
    ]
    out = split.run(tree=DocumentTree(nodes=nodes), ctx=env(200))
    kids = out.children_of("0002")
    assert len(kids) >= 2
    assert all(k.line_start is None and k.own_start_page == 3 and k.own_end_page == 5 for k in kids)


def test_compile_markdown_keeps_every_line_once_after_split() -> None:
    md = (
        "# Title\n\nIntro.\n\n## Long\n\n"
        + "\n\n".join(" ".join(prose(4, f"p{i}")) for i in range(40))
        + "\n\n## Short\n\nDone.\n"
    )
    n_lines = md.count("\n") + (0 if md.endswith("\n") else 1)
    opts = CompileOptions(split_max_tokens=120)
    doc = compile_document(md.encode(), name="long.md", options=opts)
    covered = owned_lines(doc.tree)
    assert covered == list(range(1, len(covered) + 1)), "a line is lost or owned twice"
    assert len(covered) >= n_lines
    long = next(n for n in doc.tree.nodes if n.title == "Long")
    assert len(long.children) >= 3


def test_oversized_own_text_of_a_branch_becomes_its_first_children() -> None:
    body = "\n".join(["", *prose(60)])
    nodes = [
        TreeNode(node_id="0001", children=["0002"], title="Doc"),
        TreeNode(
            node_id="0002",
            parent="0001",
            children=["0003"],
            title="Chapter",
            content=body,
            line_start=1,
            line_end=61,
            token_count=estimate_tokens(body),
        ),
        TreeNode(
            node_id="0003",
            parent="0002",
            title="Sub",
            content="\nsmall",
            line_start=62,
            line_end=63,
            token_count=1,
        ),
    ]
    out = split.run(tree=DocumentTree(nodes=nodes), ctx=env(200))
    chapter = out.get("0002")
    kids = out.children_of("0002")
    assert [k.title for k in kids][-1] == "Sub"
    assert all(k.title.startswith("Chapter (part ") for k in kids[:-1]) and len(kids) >= 3
    assert (chapter.line_start, chapter.line_end) == (1, 1)
    assert owned_lines(out) == list(range(1, 64))
    starts = [k.line_start for k in kids]
    assert starts == sorted(starts), "children stay in document order"


SAMPLE = ("md/system-design-primer/README-ja.md", "md/rust-book/src/ch04-01-what-is-ownership.md")


@pytest.mark.corpus
@pytest.mark.parametrize("rel", SAMPLE)
def test_corpus_sample_keeps_line_coverage_with_a_small_split_limit(rel: str) -> None:
    path = CORPUS / rel
    if not path.is_file():
        pytest.skip(f"{rel} is absent")
    doc = compile_document(path, options=CompileOptions(mode="deep", split_max_tokens=200))
    assert doc.meta is not None
    assert line_coverage_errors(doc, doc.meta.line_count) == []
    assert any("(part " in n.title for n in doc.tree.nodes)
    assert not dangling_node_ids(doc)


@pytest.mark.slow
@pytest.mark.corpus
def test_the_9_mb_rfc_file_keeps_line_coverage_in_deep_mode() -> None:
    path = CORPUS / "md/large/rust-rfcs-all-in-one.md"
    if not path.is_file():
        pytest.skip("corpus absent")
    doc = compile_document(path, mode="deep")
    assert doc.meta is not None
    assert line_coverage_errors(doc, doc.meta.line_count) == []
    assert not dangling_node_ids(doc)
