"""What the ranking asks of domain knowledge: the `Lexicon` interface, and `Lexicons`, several
lexicons asked as one.

The ranking (`navigator.ranking`) knows no domain. It asks a lexicon three things:

* `read(question)`: what the question's domain words say (a `Reading`): the metrics it
  names and the line items they are made of (`Need`), the kinds of section it names ("the
  balance sheet"), the years it asks about and the terms that only spell a period, and the
  terms documents use for its words ("lawsuits" -> "litigation", "legal proceedings");
* `section_kinds(title, content)`: which of those kinds of section a node is;
* `shown_years(content)`: the years a node's opening text (column headers) shows.

Everything else (weights, how a share of line items is scored) is the ranking's. A lexicon
that knows no kinds of section or periods answers those with empty sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

#: A name as retrieval terms (`text.terms.terms`).
Phrase = tuple[str, ...]
#: A line item: its alternative names.
Component = tuple[Phrase, ...]


@dataclass(frozen=True)
class Need:
    """What a question's metrics need: per metric named, its line items (of each, only the
    names the question does not already use); the kinds of section those items are shown
    in; and every name of those items (the question's own words included), by which a
    document shows it holds them."""

    entries: tuple[tuple[Component, ...], ...] = ()
    statements: frozenset[str] = frozenset()
    labels: tuple[Phrase, ...] = ()


NO_NEED = Need()


@dataclass(frozen=True)
class Reading:
    """What lexicons read in a question (see the module docstring)."""

    need: Need = NO_NEED
    named: frozenset[str] = frozenset()  # kinds of section the question names
    years: frozenset[int] = frozenset()
    period_terms: frozenset[str] = frozenset()  # retrieval terms that only spell a period
    also: tuple[str, ...] = ()  # terms documents use for the question's words (synonyms)


@runtime_checkable
class Lexicon(Protocol):
    """Domain knowledge the ranking asks for (see the module docstring)."""

    name: str

    def read(self, text: str) -> Reading:
        """What the question `text` names in this lexicon's domain."""
        ...

    def section_kinds(self, title: str, content: str) -> frozenset[str]:
        """The kinds of section (as `Reading.named` names them) a node is."""
        ...

    def shown_years(self, content: str) -> frozenset[int]:
        """The years a node's opening text shows."""
        ...


@dataclass(frozen=True)
class Lexicons:
    """Several lexicons asked as one (none: the ranking uses no domain knowledge): their
    readings, kinds and years together, in the lexicons' order."""

    members: tuple[Lexicon, ...] = ()
    name: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", ",".join(m.name for m in self.members) or "none")

    def read(self, text: str) -> Reading:
        if len(self.members) == 1:
            return self.members[0].read(text)
        readings = [m.read(text) for m in self.members]
        return Reading(
            need=Need(
                entries=tuple(e for r in readings for e in r.need.entries),
                statements=frozenset().union(*(r.need.statements for r in readings)),
                labels=tuple(p for r in readings for p in r.need.labels),
            ),
            named=frozenset().union(*(r.named for r in readings)),
            years=frozenset().union(*(r.years for r in readings)),
            period_terms=frozenset().union(*(r.period_terms for r in readings)),
            also=tuple(dict.fromkeys(t for r in readings for t in r.also)),
        )

    def section_kinds(self, title: str, content: str) -> frozenset[str]:
        return frozenset().union(*(m.section_kinds(title, content) for m in self.members))

    def shown_years(self, content: str) -> frozenset[int]:
        return frozenset().union(*(m.shown_years(content) for m in self.members))
