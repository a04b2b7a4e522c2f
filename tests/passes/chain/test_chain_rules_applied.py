"""ChainPass: a rule applied supports, an exception contradicts (the plans, agreements and
filings of the labelled set's fourth round, tuned on its tune half, issue 38 item 5)."""

from __future__ import annotations

import pytest

from tests.support.chains import typed


@pytest.mark.parametrize(
    "text",
    [
        "Severance Pay means the payment made pursuant to Section 2 of the Plan.",
        "A Prorated TIP, if any, computed in accordance with Section 2.",
        "The payments for COBRA Premiums provided for in Section 2 begin at once.",
        "Each Participant shall receive assistance as provided for in Section 2.",
        "Any notice as set forth in Section 2 may be given by mail.",
        "Company Vehicle: Section 2 of the Plan shall apply to each Participant.",
    ],
)
def test_a_rule_applied_supports(text: str) -> None:
    assert typed(text) == "supporting"


def test_per_relates_only_the_reference_it_heads() -> None:
    assert typed('The metadata is exposed per the "Basis" section.', ref='"Basis"') == "supporting"
    assert typed("Ten per cent of the runs fail; Section 2 lists them.") == "elaboration"


def test_under_heads_a_rule_only_before_a_numbered_provision() -> None:
    # "under Section 4.6" of a plan is the rule applied; "under [Future possibilities]" only
    # places a text in the outline
    assert typed("A Claim means an application for benefits under Section 2.") == "supporting"
    ref = "[Future possibilities](#b)"
    assert typed(f"It may expand as covered under {ref}.", ref=ref) == "elaboration"


def test_unless_makes_a_rule_applied_in_its_scope_an_exception() -> None:
    text = "He must return all vehicles (unless purchased in accordance with Section 2)."
    assert typed(text) == "contradicting"
    assert typed("The Agent shall (unless a Default under Section 2 occurs) act.") == (
        "contradicting"
    )
    # an "unless" clause with no rule applied in its scope can state the rule to follow
    text = "The Council cannot decide unless it follows the process documented in Section 2."
    assert typed(text) != "contradicting"


def test_a_count_annotated_with_the_target_is_evidence() -> None:
    # a survey count, "(48, see [Appendix B.2])": the target substantiates it
    ref = "[Appendix B.2]"
    assert typed(f"Many people (48, see {ref}) liked it.", ref=ref) == "supporting"
    assert typed(f"Many people liked it (see {ref}).", ref=ref) == "elaboration"


@pytest.mark.parametrize(
    "text",
    [
        "Except as provided in Section 2, no Severance Pay will be paid.",
        "Subject to Section 2, the Award shall vest on the Vesting Date.",
        # a rule applied, negated: the sentence excludes what the target provides
        "He shall not receive the Severance Benefits provided for in Section 2.",
    ],
)
def test_an_exception_or_carve_out_contradicts(text: str) -> None:
    assert typed(text) == "contradicting"


def test_a_term_defined_by_what_the_target_describes_tells_more() -> None:
    assert typed("Default means any of the events specified in Section 2.") == "elaboration"
    assert typed("Prorated TIP means the payment described in Section 2.") == "elaboration"
