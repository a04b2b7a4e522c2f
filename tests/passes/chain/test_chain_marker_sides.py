"""ChainPass: which side of a marker a reference is on, markers split by Markdown, what was
said before, and links named by position (the rules tuned on the labelled set's tune half,
issue 38 item 5)."""

from __future__ import annotations

import pytest

from tests.support.chains import typed


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a preposition or subordinator relates what follows it, not a reference before it
        ("Section 2 is similar to the old design.", "elaboration"),
        ("Similar to Section 2, the valve holds.", "supporting"),
        ("Section 2 is optional, though the pump needs it.", "elaboration"),
        ("Though Section 2 allows it, the pump stops.", "contradicting"),
        ("Section 2 holds because the pump is new.", "elaboration"),
        # an effect marker makes the reference before it the reason, one after it the effect
        ("It results in fewer cases where Section 2 applies.", "elaboration"),
        ("The valve fails, thus Section 2 applies.", "elaboration"),
        ("Section 2 leaks, which results in a stall.", "causal"),
    ],
)
def test_a_marker_relates_the_reference_on_its_governing_side(text: str, kind: str) -> None:
    assert typed(text) == kind


def test_a_marker_split_by_markdown_markup_is_still_found() -> None:
    assert typed("As *discussed* in Section 2, the pump stops.") == "supporting"
    ref = "[discussed earlier](#basis)"
    assert typed(f"As {ref} we relax the rule.", ref=ref) == "supporting"


@pytest.mark.parametrize(
    ("text", "ref", "kind"),
    [
        # what was said before is invoked as established basis
        (
            "The benefits described in the previous section apply.",
            "the previous section",
            "supporting",
        ),
        ("We use the syntax already suggested in Section 2.", "Section 2", "supporting"),
        ("This is the rule noted above in Section 2.", "Section 2", "supporting"),
        # ... a forward pointer or a plain "described in" tells more
        ("One syntax is described in Section 2.", "Section 2", "elaboration"),
        ("The rule is described below in Section 2.", "Section 2", "elaboration"),
        # "for reasons discussed above" gives reasons, it does not merely recall
        ("It is risky (for reasons discussed [above](#b)).", "[above](#b)", "causal"),
    ],
)
def test_what_was_said_before_supports(text: str, ref: str, kind: str) -> None:
    assert typed(text, ref=ref) == kind


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("See the [previous section](#basis) for more on it.", "[previous section](#basis)"),
        ("See [the next section][basis] for details.", "[the next section][basis]"),
        ("We discuss it in a later [section on pumps](#basis).", "[section on pumps](#basis)"),
    ],
)
def test_a_link_named_by_its_position_is_a_sequence(text: str, ref: str) -> None:
    assert typed(text, ref=ref) == "sequence"


def test_a_sentence_naming_the_next_section_as_the_link_is_a_sequence() -> None:
    text = "The next section covers the syntax of these lines (see [Lines](#basis))."
    assert typed(text, ref="[Lines](#basis)") == "sequence"
    # ... but as the reference's own form, a recalling verb before it still supports
    text = "The legal arrangement ends later, as described in the next section."
    assert typed(text, ref="the next section") == "supporting"


def test_a_link_merely_holding_a_position_word_is_not() -> None:
    ref = "[next section headers](#basis)"
    assert typed(f"See the {ref} for details.", ref=ref) == "elaboration"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a marker inside a code identifier is no marker ("next_after" holds "after")
        ("The function `next_after` was deprecated (see Section 2).", "elaboration"),
        ("Read `duration_since` with Section 2.", "elaboration"),
        # "instead of" / "rather than" set the sentence against what follows them only
        ("We use Section 2 instead of the old table.", "elaboration"),
        ("We keep the old table instead of Section 2.", "contradicting"),
        ("Investigate Section 2, rather than stabilize the hack.", "elaboration"),
    ],
)
def test_identifiers_and_preferences_are_not_relations(text: str, kind: str) -> None:
    assert typed(text) == kind


@pytest.mark.parametrize(
    ("text", "ref", "kind"),
    [
        # a concession or a case where the target does not hold
        (
            "It gives the same semantics, albeit [in a different way](#b).",
            "[in a different way](#b)",
            "contradicting",
        ),
        (
            "There are variants for which this is not the case; see Section 2.",
            "Section 2",
            "contradicting",
        ),
        (
            "We believe these benefits outweigh its [drawbacks](#b).",
            "[drawbacks](#b)",
            "contradicting",
        ),
        # the target as the stated rationale
        ('See "Basis" for the rationale.', '"Basis"', "causal"),
        # the target as ground built on, restated, or borne out
        ("Assumes the same definitions [as above](#b).", "[as above](#b)", "supporting"),
        ("This section builds on the syntax covered in Section 2.", "Section 2", "supporting"),
        ("This substantiates the claim made in Section 2.", "Section 2", "supporting"),
        # ... but what builds on the target's content is not supported by it
        ("Section 2 builds on the old syntax.", "Section 2", "elaboration"),
    ],
)
def test_concessions_rationales_and_ground_built_on(text: str, ref: str, kind: str) -> None:
    assert typed(text, ref=ref) == kind
