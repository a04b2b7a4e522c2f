"""Regressions found by a second read of incremental compilation: each case compiled
incrementally must equal a full compile of the same bytes (apart from build meta)."""

from __future__ import annotations

from tests.pipeline.test_incremental import without_build_meta
from tests.support import sections as S
from tests.support.fake_llm import CountingLLM
from vectorless_assets import compile_document
from vectorless_assets.llm.protocol import LLMError
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.incremental import ChangeDetector


def para(seed: int) -> str:
    return S.paragraph(seed, 90)


class FailsFor(CountingLLM):
    """Fails the prompts containing `needle`; answers the others like the fake server."""

    def __init__(self, needle: str) -> None:
        super().__init__()
        self.needle = needle

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        if self.needle in prompt:
            raise LLMError("down")
        return super().complete(prompt, system=system, max_tokens=max_tokens)


def test_standard_mode_does_not_reuse_a_node_moved_to_another_depth() -> None:
    def doc(level: int) -> bytes:
        return (
            f"# Doc\n{para(0)}\n\n## A\n{para(4)}\n\n{'#' * level} "
            f"Topic\n{para(1)}\n\n{'#' * (level + 1)} "
            f"Sub1\n{para(2)}\n\n{'#' * (level + 1)} Sub2\n{para(3)}\n"
        ).encode()

    prev = compile_document(doc(3), name="d.md", mode="standard", llm=CountingLLM())
    inc = compile_document(doc(2), name="d.md", mode="standard", llm=CountingLLM(), previous=prev)
    assert without_build_meta(inc) == without_build_meta(
        compile_document(doc(2), name="d.md", mode="standard", llm=CountingLLM())
    )


def test_the_ancestors_of_a_fallback_are_redone_with_it() -> None:
    src = (
        f"# Doc\n{para(0)}\n\n## Topic\n{para(1)}\n\n### Sub1\n{para(2)}\n\n### "
        f"Sub2\n{para(3)}\n\n## Other\n{para(6)}\n"
    ).encode()
    prev = compile_document(src, name="d.md", mode="deep", llm=FailsFor("Title: Sub1\n"))
    assert [n.title for n in prev.tree.nodes if n.llm_fallback] == ["Sub1"]
    inc = compile_document(src, name="d.md", mode="deep", llm=CountingLLM(), previous=prev)
    assert inc.meta.action == "incremental"
    assert without_build_meta(inc) == without_build_meta(
        compile_document(src, name="d.md", mode="deep", llm=CountingLLM())
    )


def test_a_failed_document_level_call_is_redone_and_never_carried_over() -> None:
    src = (
        f"# Doc\n{para(0)}\n\n## Topic\n{para(1)}\n\n### Sub1\n{para(2)}\n\n## Other\n{para(6)}\n"
    ).encode()
    prev = compile_document(src, name="d.md", mode="deep", llm=FailsFor("concept"))
    assert prev.meta.llm_failures >= 1 and not any(n.llm_fallback for n in prev.tree.nodes)
    again = compile_document(src, name="d.md", mode="deep", llm=CountingLLM(), previous=prev)
    assert again.meta.action == "incremental", "not 'current': the concepts fell back"
    assert without_build_meta(again) == without_build_meta(
        compile_document(src, name="d.md", mode="deep", llm=CountingLLM())
    )
    other = CompileOptions(overlap_threshold=0.9)
    inc = compile_document(
        src, name="d.md", mode="deep", options=other, llm=CountingLLM(), previous=prev
    )
    assert "concept" not in inc.meta.reused_passes
    assert without_build_meta(inc) == without_build_meta(
        compile_document(src, name="d.md", mode="deep", options=other, llm=CountingLLM())
    )


def test_results_do_not_depend_on_concurrency_when_calls_fail() -> None:
    sections = "".join(f"## Good{i}\n{para(10 + i)}\n\n" for i in range(5)) + "".join(
        f"## Bad{i}\n{para(20 + i)}\n\n" for i in range(3)
    )
    src = f"# Doc\n{para(0)}\n\n{sections}".encode()
    one = compile_document(
        src, name="d.md", mode="deep", llm=FailsFor("Title: Bad"), llm_concurrency=1
    )
    four = compile_document(
        src, name="d.md", mode="deep", llm=FailsFor("Title: Bad"), llm_concurrency=4
    )
    assert [n.llm_fallback for n in one.tree.nodes] == [n.llm_fallback for n in four.tree.nodes]
    assert one.tree == four.tree and one.summary == four.summary


def test_children_of_an_edited_section_are_not_reported_restructured() -> None:
    def doc(text: str) -> bytes:
        return (
            f"# Doc\n{para(0)}\n\n## Topic\n{text}\n\n### Sub1\n{para(2)}\n\n### Sub2\n{para(3)}\n"
        ).encode()

    old = compile_document(doc(para(1)), name="d.md", mode="fast").tree
    new = compile_document(doc(para(1) + " Edited."), name="d.md", mode="fast").tree
    changes = ChangeDetector().detect(old, new)
    assert [c.title for c in changes.modified] == ["Topic"] and not changes.restructured
