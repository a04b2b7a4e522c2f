"""Which document a question names, across a folder (`navigator.doc_identity`, `Catalog.covers`)."""

from __future__ import annotations

from pathlib import Path

from vectorless_assets.ir import save_ir
from vectorless_assets.navigator import Catalog
from vectorless_assets.navigator.ranking.doc_identity import (
    identity_scores,
    identity_terms,
    proper_terms,
)
from vectorless_assets.pipeline.compile import compile_document

CAPEX = (
    "## Capital expenditures\n\nCapital expenditures were {} million, "
    "spent on plants, equipment and capital projects.\n"
)


def filing(company: str, amount: int, repeats: int) -> bytes:
    """A small annual report: company name on top, then `repeats` capex sections."""
    body = "\n".join(CAPEX.format(amount + i) for i in range(repeats))
    return f"# {company} Annual Report\n\n{company} makes things.\n\n{body}".encode()


def test_identity_terms_split_file_names() -> None:
    words = identity_terms("0000764478-23-000012", "/data/3M_2018_10K.pdf", "")
    assert {"3m", "10k"} <= words  # bare years are not names


def test_proper_terms_are_the_capitalised_words() -> None:
    assert proper_terms("What is the FY2018 capital expenditure of 3M? Ask JPM's desk.") == [
        "fy2018",
        "3m",
        "ask",
        "jpm",
    ]
    assert proper_terms("what does acme do?") == []


def test_identity_scores_prefer_rare_naming_terms_and_abbreviations() -> None:
    ids = [{"jpmorgan", "chase"}, {"verizon"}, {"acme"}, {"report", "acme"}]
    assert identity_scores(["jpm"], ids) == [1.0, 0.0, 0.0, 0.0]
    assert identity_scores(["verizon", "report"], ids) == [0.0, 0.5, 0.0, 0.5]
    assert identity_scores(["acme"], ids) == [0.0] * 4  # in half the folder: names nothing


def test_covers_and_locate_reach_the_named_document(tmp_path: Path) -> None:
    # Globex talks about capital expenditures far more; the question names JPMorgan by its ticker
    docs = [
        compile_document(filing("Globex", 100, 6), name="globex_2020_annual.md", mode="fast"),
        compile_document(
            filing("JPMorgan Chase", 500, 1), name="jpmorgan_2021q1_10q.md", mode="fast"
        ),
        compile_document(
            b"# Gardening\n\nWeather and the garden.\n", name="garden.md", mode="fast"
        ),
    ]
    for d in docs:
        save_ir(d, tmp_path / f"{d.doc_id}.bin")
    catalog = Catalog(tmp_path)
    question = "What were JPM's capital expenditures?"
    assert catalog.covers(question, k=1)[0]["doc_id"] == docs[1].doc_id
    assert catalog.locate(question, k=1)[0]["doc_id"] == docs[1].doc_id
    # without a name, content decides
    assert catalog.covers("capital expenditures on plants", k=1)[0]["doc_id"] == docs[0].doc_id
