"""Connectives: the words that say how two passages relate, for the chain pass (no LLM).

The words are data (`passes.chain.markers`: per language and chain type); this module finds
them:

* `around(text, start, end)`: the type of the marker nearest to the span `text[start:end]`
  (a reference), within `WINDOW` characters of it and inside its sentence (`sentence`:
  Markdown line wraps do not end one), ties going to the earlier type of `ORDER`. Markers
  inside the reference itself (a link's text, "[Rationale and alternatives]") name the
  target, not the relation, and a sentence's opening adverbial ("However, as noted in
  [X] ...") relates it to the sentence before, so both are passed over; a supporting word
  negated at most four words before it ("is *not* consistent with", "shall *not* receive
  the benefits provided for in") or in an exception's scope ("unless previously purchased
  in accordance with [X]") is a contradiction; a count annotated "(48, see [X])" is
  evidence, supporting; a place in reading order ("the next section covers ...") counts
  outside the reference only (inside, it is the reference's form); a marker that relates
  only the words on one side of it (`markers.ONLY_BEFORE`, `markers.ONLY_AFTER`: "similar
  to [X]", "[X] ..., thus Y") is passed over on the other side, and one of
  `markers.ADJACENT` ("per", "under") counts only right before the reference ("under"
  only before a numbered provision: "under Section 4.6");
* `gives_reasons(title)`: whether a section so titled gives reasons ("Why ...");
* `leading(text)`: the marker a text opens with when it is one that refers back
  (`markers.LEADING`: "However, ...", "Therefore, ...", not "Although ..."), relating the
  text to the passage before it.

A phrase of `markers.NOT_MARKERS` hides every marker it overlaps ("yet another", "冷却").
"""

from __future__ import annotations

import re

from vectorless_assets.passes.chain.markers import (
    ADJACENT,
    EXCEPTIONS,
    LEADING,
    NEAR,
    NOT_MARKERS,
    ONLY_AFTER,
    ONLY_BEFORE,
    ORDER,
    PLACES,
    PROVISION_ONLY,
    PROVISIONS,
    REASON_TITLES,
    Kind,
)

__all__ = ["ORDER", "Kind", "around", "gives_reasons", "leading", "sentence"]

#: At most this many characters each side of a reference are its sentence (cost bound).
SENTENCE_CHARS = 400
#: A marker relates a reference when it is at most this many characters from it; one after
#: it counts `AFTER` times its distance (a marker before the reference governs it: "as
#: discussed in [X]", "unlike [X]"; one after it more often belongs to the next clause).
WINDOW = 50
AFTER = 2
#: "(see " (or "(cf. ") up to the reference: a parenthesis annotating the clause before it.
_ASIDE = re.compile(r"\(\s*(?:see|cf\.)\s[^()]*$", re.IGNORECASE)
#: "(48, see [X])": a count the target substantiates (a survey's answers), evidence.
_COUNT_ASIDE = re.compile(r"\(\s*\d[\d.,%]*\s*[,;:]\s*(?:see|cf\.)\s[^()]*$", re.IGNORECASE)
#: A sentence ends at ". ", "! ", "? " (not the dot of "2.1" or "e.g."), a CJK stop, a
#: blank line, a list item, heading or table row starting, or a table cell border; a line
#: break alone does not (Markdown wraps sentences). (A semicolon joins clauses.)
_SENTENCE_END = re.compile(
    r"(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)|[。！？]|\|"
    r"|\n[ \t]*(?=\n|[-*+>#] |\d+[.)] )"
)
_EXCEPT = "|".join(re.escape(w) for rows in EXCEPTIONS.values() for w in rows)
#: A negation or an exception ("unless") at most four words before a marker.
_NEGATION = re.compile(
    rf"(?:\b(?:not|no|never|cannot|{_EXCEPT})\b|n't|ない|不|没有|않)\W*(?:\w+\W+){{0,4}}$",
    re.IGNORECASE,
)
_LEAD_NOISE = re.compile(r"^[\s>*\-+#_`(\[]*")
_WORD = re.compile(r"[A-Za-z]+")
#: Between two words of a marker: whitespace, and Markdown's "[", "*", "_" beside it.
_GAP = r"[\[*_]*\s+[\[*_]*"
_MARKUP = re.compile(r"[\[*_]")


def _spaced(phrase: str) -> str:
    """`phrase` as a regex whose spaces match any run of whitespace (a wrapped line), with
    Markdown's link or emphasis openers beside it ("As [discussed above](#x)")."""
    return _GAP.join(re.escape(word) for word in phrase.split(" "))


def _key(match: re.Match[str]) -> str:
    """The table key of a marker match: lowercased, its whitespace runs (and the markup
    in them) one space."""
    return " ".join(_MARKUP.sub(" ", match.group(0)).lower().split())


def _regex(phrases: list[str]) -> re.Pattern[str]:
    """One pattern for `phrases`, the longest first: ASCII ones only as whole words (not
    inside an identifier either: "next_after", "thus2")."""
    parts = [
        rf"(?<![A-Za-z0-9_]){_spaced(p)}(?![A-Za-z0-9_])" if p.isascii() else _spaced(p)
        for p in sorted(set(phrases), key=len, reverse=True)
    ]
    return re.compile("|".join(parts), re.IGNORECASE)


def _kinds(table: dict[str, dict[Kind, tuple[str, ...]]]) -> dict[str, Kind]:
    """Marker (lowercased) -> its type, over every language of `table`."""
    return {
        m.lower(): kind for rows in table.values() for kind in ORDER for m in rows.get(kind, ())
    }


_NEAR = _kinds(NEAR)
_LEADING = _kinds(LEADING)
_NEAR_RE = _regex(list(_NEAR))
_LEADING_RE = _regex(list(_LEADING))
_NOT_RE = _regex([p for rows in NOT_MARKERS.values() for p in rows])
_ONLY_BEFORE = {m.lower() for rows in ONLY_BEFORE.values() for m in rows}
_ONLY_AFTER = {m.lower() for rows in ONLY_AFTER.values() for m in rows}
_ADJACENT = {m.lower() for rows in ADJACENT.values() for m in rows}
_PROVISION_ONLY = {m.lower() for rows in PROVISION_ONLY.values() for m in rows}
_PLACES = {m.lower() for rows in PLACES.values() for m in rows}
#: A numbered provision opening a reference ("Section 4.6", "§ 2").
_PROVISION = re.compile(
    r"(?:" + "|".join(re.escape(w) for rows in PROVISIONS.values() for w in rows) + r")\s*\d",
    re.IGNORECASE,
)
#: What may stand between an `ADJACENT` marker and its reference: "the", quotes, markup.
_BETWEEN = re.compile(r"[\s\[*_\"“]*(?:the\s+)?[\[*_\"“]*")
_REASONS = tuple(p for rows in REASON_TITLES.values() for p in rows)
#: The first word of every ASCII opener and the first character of every other one.
_OPENERS = {m.split()[0] if m.isascii() else m[0] for m in _LEADING}


def sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence holding `text[start:end]` (at most `SENTENCE_CHARS` each
    side of it): after the last sentence end before it, up to the first one after it."""
    lo = max(0, start - SENTENCE_CHARS)
    left = max((m.end() for m in _SENTENCE_END.finditer(text, lo, start)), default=lo)
    stop = _SENTENCE_END.search(text, end, end + SENTENCE_CHARS)
    return left, (stop.start() if stop else min(len(text), end + SENTENCE_CHARS))


def gives_reasons(title: str) -> bool:
    """Whether a section so titled gives reasons ("Why ...", "理由"; `markers.REASON_TITLES`:
    English ones open the title, the others are anywhere in it)."""
    low = title.strip().lower()
    return any(low.startswith(p) if p.isascii() else p in low for p in _REASONS)


def _markers(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> list[re.Match[str]]:
    """The matches of `pattern` in `text[lo:hi]` that no `NOT_MARKERS` phrase overlaps."""
    found = list(pattern.finditer(text, lo, hi))
    if not found:
        return []
    hidden = [m.span() for m in _NOT_RE.finditer(text, max(0, lo - 10), min(len(text), hi + 10))]
    return [m for m in found if not any(a < m.end() and m.start() < b for a, b in hidden)]


def _negated(text: str, kind: Kind, at: int) -> Kind:
    if kind == "supporting" and _NEGATION.search(text[max(0, at - 50) : at]):
        return "contradicting"
    return kind


def around(text: str, start: int, end: int, name: str = "") -> tuple[Kind, str] | None:
    """The type and marker nearest to `text[start:end]` (see the module docstring), or None.

    `name`: the target's title; a marker inside the reference counts unless it is part of
    it ("[the diagnostics section for reasoning](#diagnostics)" says why, "[Rationale and
    alternatives]" names)."""
    left, right = sentence(text, start, end)
    opening = _opening(text[left:right])
    skip = left + opening.start() if opening is not None else -1
    count = _COUNT_ASIDE.search(text, left, start)
    if count is not None:
        return "supporting", count.group(0)  # ("(48, see [Appendix B.2])": evidence)
    aside = _ASIDE.search(text, left, start)
    # (a reference in "(see ...)" annotates the clause before the parenthesis)
    anchor = aside.start() if aside is not None else start
    best: tuple[int, int, Kind, str] | None = None
    for match in _markers(_NEAR_RE, text, left, right):
        inside = start <= match.start() < end
        marker = _key(match)
        if (inside and (not name or marker in name.lower())) or match.start() == skip:
            continue  # (the target's name, or the sentence's opening adverbial)
        if marker in _PLACES and match.start() < end and start < match.end():
            continue  # (the reference's own form: "the [next section](#x)")
        if (marker in _ONLY_BEFORE and match.start() >= end) or (
            marker in _ONLY_AFTER and match.end() <= start
        ):
            continue  # (it relates the words on its other side: "[X] is similar to Y")
        if marker in _ADJACENT and (
            match.end() > start or not _BETWEEN.fullmatch(text, match.end(), start)
        ):
            continue  # ("per [X]", not "ten per cent; see [X]")
        if marker in _PROVISION_ONLY and not _PROVISION.match(text, start):
            continue  # ("under Section 4.6", not "as covered under [Future possibilities]")
        kind = _negated(text, _NEAR[marker], match.start())
        if match.end() <= anchor and aside is not None:
            distance = max(0, anchor - match.end()) // WINDOW  # (the clause it annotates)
        else:
            distance = max(0, start - match.end(), AFTER * (match.start() - end))
        if distance > WINDOW:
            continue
        key = (distance, ORDER.index(kind), kind, match.group(0))
        if best is None or key[:2] < best[:2]:
            best = key
    return (best[2], best[3]) if best else None


def _opening(text: str) -> re.Match[str] | None:
    """The `LEADING` marker `text` opens with (followed by a comma or a space), or None."""
    body = text[:200]
    at = _LEAD_NOISE.match(body).end()  # type: ignore[union-attr]  # (always matches)
    word = _WORD.match(body, at)
    if (word.group(0).lower() if word else body[at : at + 1]) not in _OPENERS:
        return None  # (most texts: no marker starts with their first word or character)
    match = _LEADING_RE.match(body, at)
    if match is None or not _markers(_LEADING_RE, body, at, match.end()):
        return None  # (none, or one a longer phrase hides: "Yet another ...")
    after = body[match.end() : match.end() + 1]
    if match.group(0).isascii() and after not in (",", " ", ":"):
        return None
    return match


def leading(text: str) -> tuple[Kind, str] | None:
    """The type and marker `text` opens with (followed by a comma or a space), or None."""
    match = _opening(text)
    if match is None:
        return None
    return _LEADING[_key(match)], match.group(0)
