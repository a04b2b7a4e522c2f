"""Lexicons: finance on by default, switched off, a user's own loaded by "module:NAME", and a
spec that names nothing refused with a clear error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.navigator.ranking.test_finance_locate import CASH_FLOWS, PROSE_CAPITAL, filing, table
from tests.navigator.reading.test_navigator import guide_doc
from vectorless_assets.environment import Environment
from vectorless_assets.ir import Document, save_ir
from vectorless_assets.navigator import Catalog, DocumentNavigator, Locator
from vectorless_assets.navigator.lexicons import (
    LexiconError,
    Lexicons,
    default_lexicons,
    load_lexicons,
)
from vectorless_assets.navigator.lexicons.finance import FINANCE
from vectorless_assets.navigator.ranking.question import analyse
from vectorless_assets.pipeline.compile import compile_document

FINANCE_QUESTION = "What was Acme's capital expenditure amount?"
DOMAIN_SIGNALS = ("statement ", "items ", "period ")


def capital_filing() -> Document:
    return filing(
        ("Capital allocation", PROSE_CAPITAL),
        ("Acme Corp and Subsidiaries", CASH_FLOWS),
        ("Employees", "We employ 90,000 people in 70 countries."),
    )


def test_finance_is_the_default() -> None:
    assert default_lexicons().members == (FINANCE,)
    assert DocumentNavigator(guide_doc()).lexicons == default_lexicons()
    assert Environment.read({}).lexicons == default_lexicons()
    assert Environment.read({"VECTORLESS_LEXICONS": " "}).lexicons == default_lexicons()
    assert Environment.read({"VECTORLESS_LEXICONS": "none"}).lexicons.members == ()


def test_switched_off_a_finance_question_ranks_without_domain_signals() -> None:
    doc = capital_filing()
    on = DocumentNavigator(doc).locate(FINANCE_QUESTION, k=3)
    off = DocumentNavigator(doc, lexicons="none").locate(FINANCE_QUESTION, k=3)
    assert on[0]["title"] == "Acme Corp and Subsidiaries" and "items 1.00" in on[0]["reason"]
    assert off[0]["title"] == "Capital allocation"
    assert not any(s in h["reason"] for h in off for s in DOMAIN_SIGNALS)
    # without the finance lexicon's periods a fiscal year is a term like any other
    question = "operating income FY2019"
    assert "period 1.00" in Locator(doc).locate(question, k=1)[0]["reason"]
    assert "period" not in Locator(doc, lexicons=()).locate(question, k=1)[0]["reason"]
    assert "fy2019" in analyse(question, lambda t: True, Lexicons(())).terms
    assert "fy2019" not in analyse(question, lambda t: True).terms


@pytest.mark.parametrize(
    "question", ["How do I sharpen the blade?", "oil change interval", "Configuration"]
)
def test_switched_off_a_question_without_finance_words_ranks_the_same(question: str) -> None:
    doc = guide_doc()
    on = DocumentNavigator(doc).locate(question, k=5)
    assert on and on == DocumentNavigator(doc, lexicons="none").locate(question, k=5)


GARDEN_MODULE = """
from vectorless_assets.navigator.lexicons import GlossaryLexicon

GARDEN = GlossaryLexicon(
    "garden", ((("hydration", "thirst"), ("watering schedule|irrigation plan",), ()),)
)
NOT_A_LEXICON = {"hydration": "watering schedule"}
"""


@pytest.fixture
def garden_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    name = "garden_words_for_test"
    (tmp_path / f"{name}.py").write_text(GARDEN_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def garden_doc() -> Document:
    text = (
        "# Kitchen garden\n\n"
        "## Leaf care\n\nHydration keeps the leaves of tomatoes firm in July; mulch keeps the "
        "soil cool.\n\n"
        "## Beds\n\n"
        + table("Watering schedule | litres | days", "Tomatoes | 2 | 3", "Peppers | 1 | 2")
        + "\n"
    )
    return compile_document(text.encode(), name="garden.md", mode="fast")


def test_a_user_lexicon_by_module_name_ranks_as_its_glossary_says(garden_module: str) -> None:
    doc = garden_doc()
    question = "hydration for tomatoes"
    plain = DocumentNavigator(doc).locate(question, k=2)
    garden = DocumentNavigator(doc, lexicons=f"{garden_module}:GARDEN").locate(question, k=2)
    assert plain[0]["title"] == "Leaf care"
    assert garden[0]["title"] == "Beds" and "items 1.00" in garden[0]["reason"]
    both = load_lexicons(f"finance, {garden_module}:GARDEN")
    assert [m.name for m in both.members] == ["finance", "garden"] and both.name == "finance,garden"
    assert DocumentNavigator(doc, lexicons=both).locate(question, k=1)[0]["title"] == "Beds"
    # the lexicon object itself, or a list of lexicons, does the same
    garden_lexicon = both.members[1]
    for choice in (garden_lexicon, [FINANCE, garden_lexicon]):
        assert DocumentNavigator(doc, lexicons=choice).locate(question, k=2) == garden


def test_a_catalog_passes_its_lexicons_to_its_documents(garden_module: str, tmp_path: Path) -> None:
    folder = tmp_path / "irs"
    folder.mkdir()
    doc = garden_doc()
    save_ir(doc, folder / f"{doc.doc_id}.bin")
    catalog = Catalog(folder, lexicons=f"{garden_module}:GARDEN")
    assert catalog.get(doc.doc_id).lexicons.name == "garden"
    assert catalog.locate("hydration for tomatoes", k=1)[0]["title"] == "Beds"
    assert Catalog(folder).locate("hydration for tomatoes", k=1)[0]["title"] == "Leaf care"


def test_none_and_empty_specs_switch_domain_knowledge_off() -> None:
    for spec in ("none", "", "NONE", " none , "):
        assert load_lexicons(spec) == Lexicons(())
    assert load_lexicons("none").name == "none"


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("fnance", "unknown lexicon 'fnance': use finance, 'none', or 'package.module:NAME'"),
        ("finance,bogus", "unknown lexicon 'bogus'"),
        ("no_such_module_here:WORDS", "lexicon 'no_such_module_here:WORDS' cannot be loaded"),
        (":WORDS", "unknown lexicon ':WORDS'"),
    ],
)
def test_a_spec_naming_no_lexicon_is_a_clear_error(spec: str, says: str) -> None:
    with pytest.raises(LexiconError, match="^" + says.replace("(", r"\(").replace(".", r"\.")):
        load_lexicons(spec)
    with pytest.raises(LexiconError):
        _ = Environment.read({"VECTORLESS_LEXICONS": spec}).lexicons


def test_a_module_attribute_that_is_no_lexicon_is_refused(garden_module: str) -> None:
    with pytest.raises(LexiconError, match="is not a Lexicon"):
        load_lexicons(f"{garden_module}:NOT_A_LEXICON")
    with pytest.raises(LexiconError, match="cannot be loaded"):
        load_lexicons(f"{garden_module}:MISSING")
    with pytest.raises(LexiconError):
        DocumentNavigator(guide_doc(), lexicons="fnance")
