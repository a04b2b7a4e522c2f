"""The per-compile constants are memoised without changing them, and the collector is restored."""

from __future__ import annotations

import gc
import hashlib
import weakref
from dataclasses import replace

from vectorless_assets import compile_document
from vectorless_assets.ir.canonical import canonical_json
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.assemble import logic_fingerprint
from vectorless_assets.pipeline.table import TABLE


def _fresh(name: str, options: CompileOptions) -> str:
    """A pass's code version computed from scratch, as the docstring of `code_version` defines
    it."""
    p = TABLE.by_name[name]
    asks = p.may_ask(options.mode) and options.llm_model is not None
    facts = {
        "runs": p.runs_in(options.mode),
        "processing_version": options.processing_version,
        "options": {o: getattr(options, o) for o in (*p.options, *(p.llm_options if asks else ()))},
        "llm_model": options.llm_model if p.may_ask(options.mode) else None,
    }
    return f"{p.version}:{hashlib.sha256(canonical_json(facts).encode()).hexdigest()[:16]}"


def test_memoised_code_versions_equal_fresh_ones_for_every_options() -> None:
    cases = [CompileOptions(mode=m) for m in ("fast", "standard", "deep")] + [
        CompileOptions(mode="deep", overlap_threshold=0.5, llm_model="m")
    ]
    for _ in range(2):  # the second round is served by the memo
        for options in cases:
            versions = TABLE.code_versions(options)
            assert versions == {p.name: _fresh(p.name, options) for p in TABLE.passes}
            assert all(TABLE.code_version(p, options) == versions[p.name] for p in TABLE.passes)


def test_memo_tells_equal_values_of_another_type_apart() -> None:
    # model_copy(update=) does not validate: 1 (int) and 1.0 are equal but print apart
    as_float = CompileOptions(mode="deep", overlap_threshold=1.0)
    as_int = as_float.model_copy(update={"overlap_threshold": 1})
    assert TABLE.code_versions(as_float)["overlap"] == _fresh("overlap", as_float)
    assert (
        TABLE.code_versions(as_int)["overlap"]
        == _fresh("overlap", as_int)
        != _fresh("overlap", as_float)
    )
    assert logic_fingerprint(as_int) == as_int.logic_fingerprint()
    assert logic_fingerprint(as_float) == as_float.logic_fingerprint()


def test_a_changed_row_is_not_served_from_the_table_memo() -> None:
    options = CompileOptions(mode="deep")
    row = replace(TABLE.by_name["score"], version="2")
    assert TABLE.code_version(row, options).startswith("2:")
    assert TABLE.replaced("score", version="2").code_versions(options)["score"].startswith("2:")


def test_returned_versions_are_a_copy() -> None:
    options = CompileOptions(mode="fast")
    TABLE.code_versions(options)["parse"] = "changed"
    assert TABLE.code_versions(options)["parse"] == _fresh("parse", options)


def test_compile_restores_the_collector() -> None:
    assert gc.isenabled()
    compile_document(b"# A\n\ntext\n", name="a.md", mode="deep")
    assert gc.isenabled()
    gc.disable()
    try:
        compile_document(b"# A\n\ntext\n", name="a.md", mode="deep")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_source_is_hashed_once_and_the_ir_carries_its_fingerprint() -> None:
    from vectorless_assets.ir.identity import content_fingerprint
    from vectorless_assets.passes.context import PassContext
    from vectorless_assets.pipeline.assemble import assemble_document
    from vectorless_assets.pipeline.compile import source_from
    from vectorless_assets.pipeline.runner import run_passes

    data = b"# A\n\ntext\n"
    assert compile_document(
        data, name="a.md", mode="deep"
    ).meta.content_fingerprint == content_fingerprint(data)
    ctx = PassContext(options=CompileOptions(mode="fast"))
    state = {"source": source_from(data, "a.md", None)}
    for _ in run_passes(state, ctx, key="a.md"):
        pass
    # hashed there
    assert assemble_document(state, ctx).meta.content_fingerprint == content_fingerprint(data)
    assert assemble_document(state, ctx, fingerprint="given").meta.content_fingerprint == "given"


def test_the_last_options_object_is_answered_as_its_key_would_be() -> None:
    from vectorless_assets.pipeline.optionsmemo import OptionsMemo

    memo: OptionsMemo[str] = OptionsMemo()
    calls: list[str] = []

    def compute(options: CompileOptions) -> str:
        calls.append(options.mode)
        return options.logic_fingerprint()

    deep, fast = CompileOptions(mode="deep"), CompileOptions(mode="fast")
    for options in (deep, deep, fast, deep, CompileOptions(mode="deep"), fast):
        assert memo.get(options, lambda o=options: compute(o)) == options.logic_fingerprint()
    assert calls == ["deep", "fast"]  # equal options share one value, whichever object asks


def test_options_are_copied_only_when_the_mode_or_model_changes() -> None:
    deep = CompileOptions(mode="deep")
    same = compile_document(b"# A\n\ntext\n", name="a.md", options=deep, mode="deep")
    assert same.meta.logic_fingerprint == deep.logic_fingerprint()
    stale = CompileOptions(mode="fast", llm_model="old-model")  # no LLM now: the model is cleared
    ir = compile_document(b"# A\n\ntext\n", name="a.md", options=stale, mode="deep")
    assert ir.meta.mode == "deep"
    assert ir.meta.logic_fingerprint == CompileOptions(mode="deep").logic_fingerprint()


def test_default_options_are_one_object_per_mode_equal_to_fresh_ones() -> None:
    from vectorless_assets.pipeline.compile import default_options

    assert default_options(None) == CompileOptions()
    for mode in ("fast", "standard", "deep"):
        # what compile_document built before: the default, copied when another mode is asked
        fresh = CompileOptions()
        fresh = fresh if mode == fresh.mode else fresh.with_mode(mode)
        assert default_options(mode) == fresh
        assert default_options(mode).model_fields_set == fresh.model_fields_set
        assert default_options(mode) is default_options(mode)
        ir = compile_document(b"# A\n\ntext\n", name="a.md", mode=mode)
        assert ir.meta.mode == mode
        assert ir.meta.logic_fingerprint == fresh.logic_fingerprint()
        assert ir.meta.pass_versions == TABLE.code_versions(fresh)


class _Cycle:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_cyclic_garbage_is_left_to_young_collections() -> None:
    """Garbage cycles made before (or during) a compile are freed by the next young
    collections: moving every tracked object to the oldest generation after a compile
    (gc.freeze + gc.unfreeze) left them to full collections, which a loop of compiles never
    triggers (the CLI compiling 20 corpus PDFs peaked at 465 MB instead of 167 MB)."""
    cycle = _Cycle()
    ref = weakref.ref(cycle)
    del cycle
    compile_document(b"# A\n\ntext\n", name="a.md", mode="deep")
    gc.collect(1)  # generations 0 and 1 only
    assert ref() is None


def test_frozen_objects_stay_frozen() -> None:
    """A process that froze its heap (a pre-fork server) keeps it frozen across a compile."""
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0
        compile_document(b"# A\n\ntext\n", name="a.md", mode="deep")
        assert gc.get_freeze_count() >= frozen  # (unfreezing would have thawed them: 0)
    finally:
        gc.unfreeze()
