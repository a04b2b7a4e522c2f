"""EnhancePass: extractive summaries/tags/hints without an LLM; the LLM path with a fake client."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.llm.protocol import LLMError
from vectorless_assets.passes import enhance
from vectorless_assets.passes.common.treeops import with_totals
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens

LONG = (
    "Ownership is the central idea of the language. "
    "Every value has exactly one owner at a time. "
    "When the owner goes out of scope the value is dropped. "
    "Borrowing lets code use a value without taking ownership. "
    "The borrow checker enforces these ownership rules at compile time. "
    "Unrelated remark about the weather in spring. "
) * 8
SHORT = "Install the tool with pip."


def sample_tree(long_text: str = LONG) -> DocumentTree:
    nodes = [
        TreeNode(
            node_id="r",
            children=["a", "b"],
            title="Rust Guide",
            content="A guide to the Rust language.",
        ),
        TreeNode(node_id="a", parent="r", children=["a1", "a2"], title="Ownership"),
        TreeNode(node_id="a1", parent="a", title="Rules", content=long_text),
        TreeNode(node_id="a2", parent="a", title="Borrowing", content=SHORT),
        TreeNode(node_id="b", parent="r", title="Installing", content=SHORT),
    ]
    nodes = [x.model_copy(update={"token_count": estimate_tokens(x.content)}) for x in nodes]
    return with_totals(DocumentTree(nodes=nodes).renumbered())


def by_title(tree: DocumentTree, title: str) -> TreeNode:
    return next(n for n in tree.nodes if n.title == title)


def test_llm_free_summaries_tags_and_hints() -> None:
    tree = sample_tree()
    before = tree.model_dump()
    out, summary = enhance.run(tree=tree, ctx=PassContext())
    assert tree.model_dump() == before, "enhance mutated its input"
    assert by_title(out, "Borrowing").summary == SHORT, "short nodes use their own text"
    rules = by_title(out, "Rules")
    assert 0 < estimate_tokens(rules.summary) <= 200
    assert rules.summary.count(".") <= 3 and "Ownership is the central idea" in rules.summary
    assert all(s.strip() + "." in LONG for s in rules.summary.split(".") if s.strip())
    assert "ownership" in rules.routing_keywords and 2 <= len(rules.routing_keywords) <= 4
    assert rules.question_hints == [], "leaves get no question hints"
    branch = by_title(out, "Ownership")
    assert 3 <= len(branch.question_hints) <= 5
    assert any("Borrowing" in h for h in branch.question_hints)
    assert 2 <= len(branch.routing_keywords) <= 4
    assert "Rules" in branch.summary and "Borrowing" in branch.summary
    assert "Rust Guide" in summary and "Ownership" in summary and "Installing" in summary
    assert [n.node_id for n in out.nodes] == [n.node_id for n in tree.nodes]


def test_llm_free_is_deterministic() -> None:
    a = enhance.run(tree=sample_tree(), ctx=PassContext())
    b = enhance.run(tree=sample_tree(), ctx=PassContext())
    assert a[0].model_dump() == b[0].model_dump() and a[1] == b[1]


def test_cjk_text_gives_keywords() -> None:
    text = "所有权是语言的核心概念。每个值在任意时刻只有一个所有者。所有权规则在编译时检查。" * 5
    out, _ = enhance.run(tree=sample_tree(text), ctx=PassContext())
    tags = by_title(out, "Rules").routing_keywords
    assert "所有" in tags or "有权" in tags
    assert by_title(out, "Rules").summary


class FakeLLM:
    """Answers by prompt kind; fails the first `fail` calls (or always, with fail=-1)."""

    model = "fake-1"

    def __init__(self, fail: int = 0) -> None:
        self.prompts: list[str] = []
        self.fail = fail

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        self.prompts.append(prompt)
        if self.fail < 0 or len(self.prompts) <= self.fail:
            raise LLMError("boom")
        if "OVERVIEW:" in prompt:
            return (
                "OVERVIEW: Model overview.\nQUESTIONS: Why own?, How to borrow?, What "
                "is dropped?\nTAGS: ownership, memory"
            )
        if prompt.startswith("Summarize this document"):
            return "Model document summary."
        return "Model leaf summary."


def test_llm_path_uses_prompts_shortcuts_and_counts_calls() -> None:
    llm = FakeLLM()
    env = PassContext(llm=llm)
    out, summary = enhance.run(tree=sample_tree(), ctx=env)
    assert by_title(out, "Rules").summary == "Model leaf summary."
    assert by_title(out, "Borrowing").summary == SHORT, "a node of <= 50 tokens makes no call"
    branch = by_title(out, "Ownership")
    assert branch.summary == "Model overview."
    assert branch.question_hints == ["Why own?", "How to borrow?", "What is dropped?"]
    assert branch.routing_keywords == ["ownership", "memory"]
    assert summary == "Model document summary."
    leaf_prompts = [p for p in llm.prompts if p.startswith("Summarize the following section")]
    assert len(leaf_prompts) == 1 and "Title: Rules" in leaf_prompts[0]
    branch_prompt = next(p for p in llm.prompts if "OVERVIEW:" in p)
    assert "- Rules: Model leaf summary." in branch_prompt, "branch prompts see child summaries"
    assert env.usage.calls == len(llm.prompts)
    assert env.usage.prompt_chars == sum(len(p) for p in llm.prompts)
    assert env.usage.failures == 0


def test_llm_memo_answers_identical_nodes_once() -> None:
    tree = sample_tree()
    dup = by_title(tree, "Installing").model_copy(
        update={"title": "Rules", "content": LONG, "token_count": estimate_tokens(LONG)}
    )
    tree = with_totals(
        DocumentTree(nodes=[dup if n.title == "Installing" else n for n in tree.nodes])
    )
    llm = FakeLLM()
    out, _ = enhance.run(tree=tree, ctx=PassContext(llm=llm))
    assert sum(p.startswith("Summarize the following section") for p in llm.prompts) == 1
    assert all(n.summary == "Model leaf summary." for n in out.nodes if n.title == "Rules")


def test_llm_error_is_not_retried_by_the_pass_and_falls_back_per_node() -> None:
    """One retry layer (issue 11, item 4): the client retries transient failures, the pass
    never asks again; a node whose call failed falls back and is marked."""
    llm = FakeLLM(fail=1)
    env = PassContext(llm=llm)
    out, _ = enhance.run(tree=sample_tree(), ctx=env)
    first = next(n for n in out.nodes if n.llm_fallback)
    assert [n for n in out.nodes if n.llm_fallback] == [first], "only the node whose call failed"
    assert env.usage.failures == 1 and env.usage.calls == len(llm.prompts)

    broken = FakeLLM(fail=-1)
    env = PassContext(llm=broken)
    out, summary = enhance.run(tree=sample_tree(), ctx=env)
    free, free_summary = enhance.run(tree=sample_tree(), ctx=PassContext())
    unflagged = [n.model_copy(update={"llm_fallback": False}) for n in out.nodes]
    assert [n.model_dump() for n in unflagged] == free.model_dump()["nodes"], (
        "a failing model falls back to the extractive path"
    )
    asked = [n for n in out.nodes if n.llm_fallback]
    assert asked and all(not n.llm_fallback for n in free.nodes), (
        "nodes whose call failed are marked as fallbacks"
    )
    assert summary == free_summary
    # one attempt per node; after 3 failed nodes in a row the pass stops asking
    assert env.usage.failures == env.usage.calls == len(broken.prompts) == 3


def test_root_front_matter_is_not_summarised_and_content_is_kept() -> None:
    tree = sample_tree()
    fm = "---\ntitle: Rust Guide\nauthor: someone\n---\n\nA guide to the Rust language."
    root = tree.root.model_copy(update={"content": fm, "token_count": estimate_tokens(fm)})
    tree = with_totals(DocumentTree(nodes=[root, *tree.nodes[1:]]))
    out, summary = enhance.run(tree=tree, ctx=PassContext())
    assert out.root.content == fm
    assert "author" not in out.root.summary and "author" not in summary
    assert "A guide to the Rust language." in out.root.summary
    assert "author" not in out.root.routing_keywords


def test_root_text_after_long_front_matter_is_told_short_by_itself() -> None:
    """The root's `token_count` covers its front matter, not the text summarised: a short
    intro of more sentences than a summary picks is kept whole, however long the front matter."""
    tree = sample_tree()
    intro = "Alpha one. Beta two. Gamma three. Delta four. Epsilon five."
    fm = (
        "---\n"
        + "".join(f"key{i}: value number {i} in several words\n" for i in range(30))
        + "---\n\n"
        + intro
    )
    root = tree.root.model_copy(update={"content": fm, "token_count": estimate_tokens(fm)})
    assert root.token_count > PassContext().options.summary_shortcut_tokens
    tree = with_totals(DocumentTree(nodes=[root, *tree.nodes[1:]]))
    out, _ = enhance.run(tree=tree, ctx=PassContext())
    assert out.root.summary.startswith(intro + " Covers:")


def test_hints_do_not_repeat_the_title_as_a_topic() -> None:
    out, _ = enhance.run(tree=sample_tree(), ctx=PassContext())
    for node in out.nodes:
        for hint in node.question_hints:
            assert f"say about {node.title.lower()}?" not in hint.lower()


def test_japanese_tags_skip_hiragana_bigrams() -> None:
    text = "これは日本語の文書です。検索のためのキーワードを抽出します。検索は重要です。" * 3
    out, _ = enhance.run(tree=sample_tree(text), ctx=PassContext())
    tags = by_title(out, "Rules").routing_keywords
    assert "検索" in tags
    assert not any(any("\u3040" <= ch <= "\u309f" for ch in t) for t in tags)


def test_compile_with_an_openai_compatible_fake_server(guide_bytes: bytes) -> None:
    from tests.support.fake_llm import FakeLLMServer
    from vectorless_assets import compile_document
    from vectorless_assets.llm.openai import OpenAICompatibleClient

    with FakeLLMServer() as srv:
        client = OpenAICompatibleClient(base_url=srv.base_url, model="fake-model", retries=0)
        doc = compile_document(guide_bytes, name="guide.md", mode="standard", llm=client)
        again = compile_document(guide_bytes, name="guide.md", mode="standard", llm=client)
    assert (
        doc.meta is not None
        and doc.meta.llm_calls > 0
        and doc.meta.processing_model == "fake-model"
    )
    branches = [n for n in doc.tree.nodes if n.children and n.total_tokens > 50]
    assert branches and all(n.summary.startswith("Section about") for n in branches)
    assert all(len(n.question_hints) == 3 for n in branches)
    assert doc.summary.startswith("Summary of")
    assert doc.model_dump(exclude={"meta"}) == again.model_dump(exclude={"meta"})


def _enhance_inputs(data: bytes, name: str, mode: str) -> list[TreeNode]:
    """The nodes the enhance pass receives when `data` is compiled (the real pass table)."""
    import dataclasses

    from vectorless_assets import compile_document
    from vectorless_assets.pipeline.table import TABLE, PassTable

    seen: list[TreeNode] = []

    def spy(**kwargs: object) -> object:
        seen.extend(kwargs["tree"].nodes)  # type: ignore[attr-defined]
        return enhance.run(**kwargs)  # type: ignore[arg-type]

    passes = tuple(
        dataclasses.replace(p, run=spy) if p.name == "enhance" else p for p in TABLE.passes
    )
    compile_document(data, name=name, mode=mode, table=PassTable(passes, TABLE.fields))
    return seen


def test_token_count_is_the_estimate_of_the_content_enhance_reads() -> None:
    """Enhance tells a node's short text by its `token_count` (`budget.is_short` with the
    text's estimate): every node it gets from the pipeline has `token_count ==
    estimate_tokens(content)`, through front matter, split (oversized), merged (tiny) and
    promoted nodes, Markdown and PDF."""
    from tests.support.pdfs import Block, Spec, make_pdf

    tiny = "".join(f"### T{i}\n\nTiny {i}.\n\n" for i in range(6))
    md = (
        "---\ntitle: X\n---\n# Guide\n\nIntro [link](http://a.b/c) text.\n\n## "
        f"Long\n\n{LONG * 40}\n\n## Small\n\n{tiny}## Last\n\n{SHORT}\n"
    ).encode()
    pdf = make_pdf(
        Spec(
            pages=[
                [Block("Guide", 1), Block(LONG[:600]), Block("Part", 2), Block(SHORT)],
                [Block("More", 2), Block(LONG[:900])],
            ]
        )
    )
    for data, name in ((md, "g.md"), (pdf, "g.pdf")):
        for mode in ("standard", "deep"):  # (fast mode has no enhance pass)
            nodes = _enhance_inputs(data, name, mode)
            assert len(nodes) > 3
            for node in nodes:
                assert node.token_count == estimate_tokens(node.content), (name, mode, node.title)
