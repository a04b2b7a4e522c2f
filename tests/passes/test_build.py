"""BuildPass: raw sections -> tree (parents, ids, structure, totals, thinning, coverage)."""

from __future__ import annotations

from tests.support.coverage import line_coverage_errors
from vectorless_assets.frontends.markdown import parse_markdown
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import build
from vectorless_assets.passes.context import PassContext

DOC = """Preamble.

# One

one body

### Deep

deep body

## Two

two body

# Three

three body
"""


def built(text: str, **options: object) -> tuple[ParsedDocument, DocumentTree]:
    parsed = parse_markdown(text.encode())
    parsed = parsed.model_copy(update={"title": parsed.title or "doc"})
    return parsed, build.run(parsed=parsed, ctx=PassContext(options=CompileOptions(**options)))


def test_parents_depths_ids_and_structure() -> None:
    _, tree = built(DOC)
    rows = [(n.node_id, n.title, n.depth, n.structure, n.parent) for n in tree.nodes]
    assert rows == [
        ("0001", "doc", 0, "", None),
        ("0002", "One", 1, "1", "0001"),
        ("0003", "Deep", 2, "1.1", "0002"),  # h1 -> h3 gives depth 2
        ("0004", "Two", 2, "1.2", "0002"),
        ("0005", "Three", 1, "2", "0001"),
    ]
    assert tree.get("0002").children == ["0003", "0004"]
    assert tree.model_dump() == tree.renumbered().model_dump()  # already canonical preorder


def test_root_owns_preamble_and_tree_covers_every_line() -> None:
    parsed, tree = built(DOC)
    assert (tree.root.line_start, tree.root.line_end) == (1, 2)
    assert tree.root.content.startswith("Preamble.")
    assert line_coverage_errors(tree, parsed.line_count) == []


def test_lone_top_heading_is_the_root_not_a_duplicated_child() -> None:
    parsed, tree = built("# Only\n\ntext\n\n## A\n\na\n\n## B\n\nb\n")
    assert [(n.title, n.depth) for n in tree.nodes] == [("Only", 0), ("A", 1), ("B", 1)]
    assert tree.root.content == "\ntext\n" and (tree.root.line_start, tree.root.line_end) == (1, 4)
    assert [n.structure for n in tree.nodes] == ["", "1", "2"]
    assert line_coverage_errors(tree, parsed.line_count) == []


def test_lone_top_heading_after_front_matter_and_markup_is_the_root() -> None:
    # front matter and invisible markup (comments, anchors) before the heading are no text:
    # the heading is the root, which owns those lines; the front matter still names the document
    text = '---\ntitle: Handbook\n---\n<!-- old -->\n<a id="x"></a>\n\n## Guide\n\n### Step\n\ns\n'
    parsed, tree = built(text)
    assert parsed.title == "Handbook"
    assert [n.title for n in tree.nodes] == ["Guide", "Step"]
    assert tree.root.line_start == 1
    assert line_coverage_errors(tree, parsed.line_count) == []


def test_visible_preamble_or_several_top_headings_keep_the_document_root() -> None:
    # text before the heading is the root's own text, so the heading stays a section
    parsed, tree = built("Read me first.\n\n# Only\n\n## A\n\na\n")
    assert [n.title for n in tree.nodes] == ["Only", "Only", "A"]  # root titled by the sole h1
    assert tree.root.content.startswith("Read me first.")
    assert line_coverage_errors(tree, parsed.line_count) == []
    # two top headings: the root is the document (title from the parse pass), both are sections
    _, tree = built("# One\n\n1\n\n# Two\n\n2\n")
    assert [(n.title, n.depth) for n in tree.nodes] == [("doc", 0), ("One", 1), ("Two", 1)]
    # a heading above the first one's level also keeps the document root
    _, tree = built("## Low\n\nx\n\n# High\n\ny\n")
    assert [n.title for n in tree.nodes] == ["doc", "Low", "High"]


def test_heading_only_document_is_one_root_node() -> None:
    parsed, tree = built("# Only\n\ntext\n")
    assert [n.title for n in tree.nodes] == ["Only"] and tree.root.content == "\ntext"
    assert line_coverage_errors(tree, parsed.line_count) == []


def test_total_tokens_are_subtree_sums() -> None:
    _, tree = built(DOC)
    for node in tree.nodes:
        below = sum(d.token_count for d in list(tree.preorder(node.node_id))[1:])
        assert node.total_tokens == node.token_count + below
    assert tree.root.total_tokens > tree.get("0002").total_tokens > 0


def test_build_does_not_mutate_its_input() -> None:
    parsed = parse_markdown(DOC.encode())
    before = parsed.model_dump()
    build.run(parsed=parsed, ctx=PassContext())
    assert parsed.model_dump() == before


def test_thinning_folds_small_subtrees_and_keeps_line_coverage() -> None:
    big = " ".join(["word"] * 800)
    text = f"# Small\n\nshort\n\n## Tiny child\n\ntiny\n\n# Big\n\n{big}\n\n## Big child\n\n{big}\n"
    parsed, tree = built(text, thinning=True, thinning_threshold=500)
    titles = [n.title for n in tree.nodes]
    assert "Tiny child" not in titles and "Big child" in titles
    small = next(n for n in tree.nodes if n.title == "Small")
    assert small.children == [] and "tiny" in small.content and "Tiny child" in small.content
    assert (small.line_start, small.line_end) == (1, 8)
    assert line_coverage_errors(tree, parsed.line_count) == []
    assert tree.root.total_tokens == sum(n.token_count for n in tree.nodes)


def test_thinning_off_by_default_keeps_every_section() -> None:
    _, tree = built(DOC)
    assert len(tree.nodes) == 5


def test_many_nodes_get_wider_ids() -> None:
    raw = [
        RawNode(title=f"S{i}", level=1, content="x", line_start=i, line_end=i)
        for i in range(1, 10001)
    ]
    tree = build.run(
        parsed=ParsedDocument(format="markdown", raw_nodes=raw, line_count=10000), ctx=PassContext()
    )
    assert tree.nodes[0].node_id == "00001" and tree.nodes[-1].node_id == "10001"
    assert line_coverage_errors(tree, 10000) == []
