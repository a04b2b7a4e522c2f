"""CompileOptions rejects values outside what each option means, with a clear error.

Each bound: the edge is accepted and the value just outside it rejected; NaN and ±inf never
pass; the defaults (the reference constants) and so their logic fingerprint are unchanged;
every accepted edge still compiles; a bad mode through `compile_document` or the CLI is one
line.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import pytest
from pydantic import ValidationError

from tests.support.pdfs import Block, Spec, make_pdf
from vectorless_assets.cli import main
from vectorless_assets.ir.canonical import canonical_json
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document
from vectorless_assets.version import PROCESSING_VERSION

#: The defaults, written out: the reference constants (spec/reference-notes.md) and the
#: project's own limits. A changed default changes every stored IR's logic fingerprint.
REFERENCE: dict[str, Any] = {
    "mode": "fast",
    "processing_version": PROCESSING_VERSION,  # the project's own, not a reference constant
    "use_pdf_outline": True,
    "use_printed_toc": True,
    "max_pages": 5000,
    "pdf_timeout_seconds": 600.0,
    "max_source_bytes": 200 * 1024 * 1024,
    "structure_llm_calls": 4,
    "thinning": False,
    "thinning_threshold": 500,
    "split_max_tokens": 4000,
    "summary_shortcut_tokens": 50,
    "summary_max_tokens": 200,
    "max_keywords": 5000,
    "postings_per_keyword": 20,
    "llm_synonyms": True,
    "max_concepts": 15,
    "overlap_threshold": 0.8,
    "overlap_min_chars": 50,
    "optimize_min_tokens": 50,
    "llm_model": None,
}

#: field -> (accepted edge, rejected value just outside it)
LOWER: dict[str, tuple[float, float]] = {
    "processing_version": (1, 0),
    "max_pages": (1, 0),
    "pdf_timeout_seconds": (5e-324, 0.0),
    "max_source_bytes": (1, 0),
    "structure_llm_calls": (0, -1),  # 0 = never ask
    "thinning_threshold": (1, 0),
    "split_max_tokens": (1, 0),
    "summary_shortcut_tokens": (0, -1),  # 0 = no own-text shortcut
    "summary_max_tokens": (1, 0),
    "max_keywords": (1, 0),
    "postings_per_keyword": (1, 0),
    "max_concepts": (1, 0),
    "overlap_threshold": (0.5, math.nextafter(0.5, 0.0)),
    "overlap_min_chars": (0, -1),  # 0 = every leaf with a word
    "optimize_min_tokens": (0, -1),  # 0 = nothing merged
}
UPPER: dict[str, tuple[float, float]] = {"overlap_threshold": (1.0, math.nextafter(1.0, 2.0))}


def _numeric_fields() -> list[str]:
    return [
        name
        for name, f in CompileOptions.model_fields.items()
        if int in _types(f.annotation) or float in _types(f.annotation)
    ]


def _types(annotation: object) -> set[object]:
    args = getattr(annotation, "__args__", None)
    return set(args) if args else {annotation}


def test_defaults_are_the_reference_constants_and_their_fingerprint() -> None:
    options = CompileOptions()
    assert options.model_dump(mode="json") == REFERENCE
    expected = hashlib.sha256(canonical_json(REFERENCE).encode()).hexdigest()[:32]
    assert options.logic_fingerprint() == expected
    assert CompileOptions(**REFERENCE) == options  # every default passes its own bound


def test_every_numeric_option_has_a_tested_lower_bound() -> None:
    assert sorted(_numeric_fields()) == sorted(LOWER)
    for name in LOWER:
        bounds = [
            m
            for m in CompileOptions.model_fields[name].metadata
            if hasattr(m, "ge") or hasattr(m, "gt")
        ]
        assert bounds, name


@pytest.mark.parametrize("name", sorted(LOWER))
def test_lower_edge_is_accepted_and_the_value_below_rejected(name: str) -> None:
    edge, outside = LOWER[name]
    assert getattr(CompileOptions(**{name: edge}), name) == edge
    with pytest.raises(ValidationError) as info:
        CompileOptions(**{name: outside})
    assert [e["loc"] for e in info.value.errors()] == [(name,)]
    with pytest.raises(ValidationError):
        CompileOptions(**{name: -(10**12)})


@pytest.mark.parametrize("name", sorted(UPPER))
def test_upper_edge_is_accepted_and_the_value_above_rejected(name: str) -> None:
    edge, outside = UPPER[name]
    assert getattr(CompileOptions(**{name: edge}), name) == edge
    with pytest.raises(ValidationError):
        CompileOptions(**{name: outside})


@pytest.mark.parametrize("name", sorted(LOWER))
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_nan_and_infinities_are_rejected(name: str, value: float) -> None:
    with pytest.raises(ValidationError):
        CompileOptions(**{name: value})


def test_none_still_means_no_limit() -> None:
    options = CompileOptions(max_pages=None, pdf_timeout_seconds=None)
    assert options.max_pages is None and options.pdf_timeout_seconds is None


def test_huge_counts_are_accepted() -> None:
    # the upper side of a count is "no limit in practice", not an error
    options = CompileOptions(max_pages=10**15, max_keywords=10**15, split_max_tokens=10**15)
    assert options.split_max_tokens == 10**15


def test_the_error_names_the_option_and_its_bound() -> None:
    with pytest.raises(ValidationError) as info:
        CompileOptions(overlap_threshold=0.3)
    text = str(info.value)
    assert "overlap_threshold" in text and "greater than or equal to 0.5" in text


def test_with_mode_rejects_an_unknown_mode_in_one_line() -> None:
    with pytest.raises(ValueError, match="mode must be one of fast, standard, deep") as info:
        CompileOptions().with_mode("quick")  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert CompileOptions().with_mode("deep").mode == "deep"


def test_compile_document_rejects_an_unknown_mode_in_one_line() -> None:
    # before: the bad mode went through model_copy unchecked and the compile failed later
    # with an AttributeError in assembly
    with pytest.raises(ValueError, match="not 'quick'") as info:
        compile_document(b"# A\n\ntext\n", name="a.md", mode="quick")  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_cli_rejects_an_unknown_mode_in_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    with pytest.raises(SystemExit) as info:
        main(["compile", str(tmp_path / "a.md"), "--in-process", "--mode", "quick"])
    assert info.value.code == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(errors) == 1 and "quick" in errors[0]


def _edge_options(**extra: Any) -> CompileOptions:
    edges = {
        name: edge
        for name, (edge, _) in LOWER.items()
        if name
        not in ("pdf_timeout_seconds", "max_source_bytes", "max_pages", "processing_version")
    }
    return CompileOptions(mode="deep", thinning=True, **{**edges, **extra})


def test_every_accepted_edge_compiles_markdown_and_pdf() -> None:
    md = b"# Guide\n\n" + b"".join(
        f"## Part {i}\n\nThe river stone {i} holds cloud field words.\n\n".encode()
        for i in range(6)
    )
    pages = [
        [Block(f"Chapter {p}", 1), Block(f"Body text of chapter {p} with a few words.")]
        for p in range(3)
    ]
    pdf = make_pdf(Spec(pages=pages))
    for options in (_edge_options(), _edge_options(overlap_threshold=1.0)):
        for data, name in ((md, "g.md"), (pdf, "g.pdf")):
            doc = compile_document(data, name=name, options=options)
            assert doc.tree.nodes and doc.content_overlap is not None
            # postings_per_keyword=1
            assert all(len(ps) == 1 for ps in doc.reasoning_index.keywords.values())
            assert len(doc.reasoning_index.keywords) <= 1 and len(doc.concepts) <= 1
    pdf_doc = compile_document(
        pdf,
        name="g.pdf",
        options=CompileOptions(mode="deep", max_pages=1, pdf_timeout_seconds=5e-324),
    )
    assert {"pdf_page_limit", "pdf_timeout"} <= {d.code for d in pdf_doc.diagnostics}
