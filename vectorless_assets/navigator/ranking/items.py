"""The signals of what the lexicons read in a question (`navigator.lexicons`): the share of a
metric's line items a node names (**items**), and of the asked years it shows (**period**).
"""

from __future__ import annotations

from collections.abc import Callable

from vectorless_assets.navigator.lexicons.interface import Need, Phrase


def phrase_match(phrase: Phrase, node_terms: set[str], node_pairs: set[tuple[str, str]]) -> float:
    """How much of `phrase` a node holds: its share of the phrase's adjacent term pairs (a
    one-term phrase: whether the node has the term)."""
    if len(phrase) == 1:
        return float(phrase[0] in node_terms)
    pairs = list(zip(phrase, phrase[1:], strict=False))
    return sum(p in node_pairs for p in pairs) / len(pairs)


def label_share(
    need: Need,
    node_terms: set[str],
    node_pairs: set[tuple[str, str]],
    distinctive: Callable[[Phrase], bool],
) -> float:
    """The best triggered entry's share of line items the node names (each item by its best
    alternative), 0..1: a statement holding every component of a ratio scores 1. Only
    `distinctive` labels count (a label found in most sections says nothing about where
    the figure is); a component without one is left out, an entry without any ignored."""
    best = 0.0
    for components in need.entries:
        kept = [[alt for alt in comp if distinctive(alt)] for comp in components]
        kept = [comp for comp in kept if comp]
        if not kept:
            continue
        got = sum(max(phrase_match(alt, node_terms, node_pairs) for alt in comp) for comp in kept)
        best = max(best, got / len(kept))
    return best


def period_share(asked: set[int], shown: set[int]) -> float:
    """The share of the asked years a node shows (0 when the question names none)."""
    return len(asked & shown) / len(asked) if asked else 0.0
