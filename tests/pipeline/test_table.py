"""The pass table is consistent, every mode is closed under its reads, and passes are pure."""

from __future__ import annotations

import copy
import importlib
import pkgutil
from typing import Any

import pytest

from vectorless_assets import compile_document, passes
from vectorless_assets.ir.document import dangling_node_ids
from vectorless_assets.ir.persist import envelope_bytes
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.options import MODES, CompileOptions
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.docs import modes_markdown, passes_markdown
from vectorless_assets.pipeline.fields import ALIASES, FIELDS
from vectorless_assets.pipeline.runner import execute_pass
from vectorless_assets.pipeline.table import TABLE

PASSES = TABLE.passes


def test_one_row_per_pass_module_with_unique_names_and_single_producers() -> None:
    # every module (or package) of passes/ with a `run` is one row
    modules = {
        m.name
        for m in pkgutil.iter_modules(passes.__path__)
        if callable(getattr(importlib.import_module(f"{passes.__name__}.{m.name}"), "run", None))
    }
    in_table = [p.run.__module__.removeprefix(passes.__name__ + ".").split(".")[0] for p in PASSES]
    assert sorted(in_table) == sorted(modules)
    assert len({p.name for p in PASSES}) == len(PASSES)
    writes = [w for p in PASSES for w in p.writes]
    assert len(writes) == len(set(writes)), "a field has two producers"
    assert set(writes) | {"source"} == set(FIELDS) == set(TABLE.fields)


def test_every_ir_field_is_produced_and_aliases_resolve() -> None:
    for name, spec in FIELDS.items():
        if spec.in_ir:
            assert name in TABLE.producer
    assert ALIASES == {"navigation_index": "nav_index", "concept_extraction": "concepts"}
    for target in ALIASES.values():
        assert FIELDS[target].in_ir


def test_table_order_is_topological() -> None:
    available = {"source"}
    for p in PASSES:
        missing = set(p.all_reads) - available
        assert not missing, f"{p.name} reads {missing} before they are written"
        available.update(p.writes)


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_is_closed_under_required_reads(mode: str) -> None:
    available = {"source"}
    for p in PASSES:
        if p.runs_in(mode):
            assert set(p.reads) <= available, f"{mode}: {p.name} needs {set(p.reads) - available}"
            available.update(p.writes)
        else:  # a skipped tree rewrite passes its input through unchanged
            available.update(
                w
                for w in p.writes
                if TABLE.tree_input(p) in available and FIELDS[w].type is TABLE.fields["tree"].type
            )
    required = {p.name for p in PASSES if p.required}
    assert required <= {p.name for p in TABLE.for_mode(mode)}


def test_modes_are_nested_and_deep_runs_everything() -> None:
    fast, std, deep = ({p.name for p in TABLE.for_mode(m)} for m in MODES)
    assert fast < std < deep and deep == {p.name for p in PASSES}
    assert fast == {"parse", "build", "validate", "split", "enrich", "navigation", "verify"}
    assert std - fast == {"enhance", "reasoning", "route", "score"}


def test_every_pass_has_a_description_and_version() -> None:
    for p in PASSES:
        assert p.description and "STUB" not in p.description
        assert p.version
    assert "| parse |" in TABLE.markdown()


def test_the_mode_table_is_generated_from_the_table() -> None:
    rows = dict(line.strip("| ").split(" | ") for line in modes_markdown().splitlines()[2:])
    fast, std = ([p.name for p in TABLE.for_mode(m)] for m in ("fast", "standard"))
    assert rows["fast"] == ", ".join(fast)
    assert rows["standard"] == "fast + " + ", ".join(n for n in std if n not in fast)
    assert rows["deep"].startswith(f"all {len(PASSES)} (+ optimize, concept, ")
    assert f"one table of {len(PASSES)} passes" in passes_markdown()


MODE_FIELDS = {
    "fast": {
        "query_routes": None,
        "chain_index": None,
        "content_overlap": None,
        "evidence_scores": None,
    },
    "standard": {"chain_index": None, "content_overlap": None},
    "deep": {},
}


@pytest.mark.parametrize("mode", MODES)
def test_absent_fields_follow_the_mode(mode: str, guide_bytes: bytes) -> None:
    doc = compile_document(guide_bytes, name="guide.md", mode=mode)
    for name in ("query_routes", "chain_index", "content_overlap", "evidence_scores"):
        if name in MODE_FIELDS[mode]:
            assert getattr(doc, name) is None, f"{mode} must not build {name}"
        else:
            assert getattr(doc, name) is not None, f"{mode} must build {name}"
    assert not dangling_node_ids(doc)


def _run_all(mode: str, data: bytes) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    env = PassContext(options=CompileOptions(mode=mode))
    state: dict[str, Any] = {"source": SourceDocument(key="guide.md", data=data)}
    log = []
    for spec in PASSES:
        before = {k: copy.deepcopy(v) for k, v in state.items()}
        state.update(execute_pass(spec, state, env))
        log.append((spec.name, before, {k: state[k] for k in before}))
    return log


def _dump(v: Any) -> Any:
    if hasattr(v, "model_dump"):
        return v.model_dump(mode="json")
    if isinstance(v, list):
        return [_dump(x) for x in v]
    return v


@pytest.mark.parametrize("mode", MODES)
def test_passes_never_mutate_their_inputs(mode: str, guide_bytes: bytes) -> None:
    for name, before, after in _run_all(mode, guide_bytes):
        for key in before:
            assert _dump(before[key]) == _dump(after[key]), f"pass {name} mutated {key}"


@pytest.mark.parametrize("mode", MODES)
def test_compiling_twice_is_byte_identical_apart_from_meta(mode: str, guide_bytes: bytes) -> None:
    one = compile_document(guide_bytes, name="guide.md", mode=mode)
    two = compile_document(guide_bytes, name="guide.md", mode=mode)
    assert envelope_bytes(one.model_copy(update={"meta": None})) == envelope_bytes(
        two.model_copy(update={"meta": None})
    )


def test_every_option_is_read_by_a_declared_pass() -> None:
    """An option no row declares would change outputs without changing any code version."""
    claimed = {name for p in TABLE.passes for name in (*p.options, *p.llm_options)}
    assert set(CompileOptions.model_fields) - claimed == {"processing_version", "llm_model"}
    assert claimed <= set(CompileOptions.model_fields)


def test_code_versions_cover_only_what_a_pass_reads() -> None:
    base, other = (
        TABLE.code_versions(CompileOptions(mode="deep")),
        TABLE.code_versions(CompileOptions(mode="deep", overlap_threshold=0.5)),
    )
    assert {name for name in base if base[name] != other[name]} == {"overlap"}
    model = TABLE.code_versions(CompileOptions(mode="deep", llm_model="m"))
    assert {name for name in base if base[name] != model[name]} == {
        p.name for p in TABLE.passes if p.llm
    }


def test_parse_version_counts_the_model_only_where_it_asks_it() -> None:
    """Parse asks the model only in standard and deep mode: a mode switch without an LLM, or
    a model or budget change in fast mode, must not re-parse every document."""

    def parse(**kw: object) -> str:
        return TABLE.code_versions(CompileOptions(**kw))["parse"]

    assert parse(mode="fast") == parse(mode="standard") == parse(mode="deep")
    assert parse(mode="fast", llm_model="m", structure_llm_calls=9) == parse(mode="fast")
    assert parse(mode="deep", llm_model="m") != parse(mode="deep")
    assert parse(mode="deep", llm_model="m", structure_llm_calls=9) != parse(
        mode="deep", llm_model="m"
    )
    assert parse(mode="deep", structure_llm_calls=9) == parse(mode="deep")  # no model: never asks
