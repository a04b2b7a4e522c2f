"""Connective markers: the nearest one in a reference's sentence, and a text's opening one."""

from __future__ import annotations

from vectorless_assets.passes.chain.connectives import SENTENCE_CHARS, around, leading


def span(text: str, part: str) -> tuple[str, int, int]:
    at = text.index(part)
    return text, at, at + len(part)


def test_around_takes_the_nearest_marker_of_the_sentence() -> None:
    assert around(*span("However, the fall is due to Table 4.", "Table 4")) == ("causal", "due to")
    # "fails." ends the sentence
    assert around(*span("It fails. Table 4 lists it.", "Table 4")) is None
    assert around(*span("This is not consistent with Table 4.", "Table 4")) == (
        "contradicting",
        "consistent with",
    )
    assert around(*span("This is consistent with Table 4.", "Table 4")) == (
        "supporting",
        "consistent with",
    )
    assert around(*span("Butterflies see Table 4.", "Table 4")) is None  # words, not prefixes


def test_around_reads_a_bounded_window() -> None:
    far = "because " + "x" * (SENTENCE_CHARS + 10) + " Table 4"
    assert around(*span(far, "Table 4")) is None


def test_leading_only_takes_back_referring_openers() -> None:
    assert leading("> However, it leaks.") == ("contradicting", "However")
    assert leading("因此，结论成立。") == ("causal", "因此")
    assert leading("Although it leaks, it works.") is None  # a subordinator
    assert leading("Nextcloud is a server.") is None
