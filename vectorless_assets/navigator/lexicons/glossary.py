"""A glossary as a lexicon: metric names, the line items each is made of, and the kinds of
section those items are shown in, all data.

A question names a metric ("capex", "quick ratio"); a document shows the line items it is
computed from under other names ("Purchases of property, plant and equipment"). Each entry
of a glossary is ``(triggers, labels, kinds)``:

* **triggers**: the metric's usual names and abbreviations;
* **labels**: its line items, one string per item, alternative names separated by ``|``;
* **kinds**: the kinds of section those items are in (as the lexicon's
  `section_kinds` names them; none for a glossary alone).

Matching is on retrieval terms (`text.terms.terms`), so plurals and case do not matter, and
a trigger also stands in a question that writes two of its words as one ("free cashflow":
`synonyms.contains`).
`GlossaryLexicon(name, entries)` is a whole lexicon made of a glossary alone: the way to add
one's own domain words (see `navigator.lexicons`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from vectorless_assets.navigator.lexicons.interface import Component, Need, Phrase, Reading
from vectorless_assets.navigator.lexicons.synonyms import contains
from vectorless_assets.text.terms import terms

#: (triggers, labels, kinds): see the module docstring.
Entry = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class CompiledEntry:
    triggers: list[Phrase]
    components: tuple[Component, ...]
    kinds: frozenset[str]


def compile_entry(entry: Entry) -> CompiledEntry:
    """An entry's names as term lists (names without a term dropped)."""
    triggers, labels, kinds = entry
    components = tuple(
        tuple(tuple(terms(alt)) for alt in label.split("|") if terms(alt)) for label in labels
    )
    return CompiledEntry(
        [tuple(terms(t)) for t in triggers if terms(t)], components, frozenset(kinds)
    )


@dataclass(frozen=True)
class Glossary:
    """Glossary entries, compiled on first use."""

    entries: tuple[Entry, ...]

    @cached_property
    def compiled(self) -> list[CompiledEntry]:
        return [compile_entry(e) for e in self.entries]

    def need(self, question_terms: list[str]) -> Need:
        """The line items and kinds of every entry a question's terms (in order) trigger; of
        each item, only the names the question does not already use (a label in the
        question's own words is the text signal's business)."""
        entries: list[tuple[Component, ...]] = []
        kinds: set[str] = set()
        labels: list[Phrase] = []
        asked = set(question_terms)
        for entry in self.compiled:
            if not any(contains(question_terms, t) for t in entry.triggers):
                continue
            kinds |= entry.kinds
            labels += [alt for comp in entry.components for alt in comp]
            entries.append(
                tuple(
                    comp
                    for comp in (
                        tuple(a for a in c if not set(a) <= asked) for c in entry.components
                    )
                    if comp
                )
            )
        return Need(entries=tuple(entries), statements=frozenset(kinds), labels=tuple(labels))


@dataclass(frozen=True)
class GlossaryLexicon:
    """A lexicon that is a glossary alone: metrics and their line items; no kinds of
    section, no periods."""

    name: str
    entries: tuple[Entry, ...]
    glossary: Glossary = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "glossary", Glossary(tuple(self.entries)))

    def read(self, text: str) -> Reading:
        return Reading(need=self.glossary.need(terms(text)))

    def section_kinds(self, title: str, content: str) -> frozenset[str]:
        return frozenset()

    def shown_years(self, content: str) -> frozenset[int]:
        return frozenset()
