"""Numbering schemes of heading titles, and the levels they imply.

A title's number says where it sits, whatever the font or the outline says: a part label
("Part II", "PART 2", or a bare capital roman numeral before a capitalised title,
"II Implementation") is above everything; a chapter label ("Chapter 3", "Appendix B") and a
one-part decimal number ("3 Syntax") are chapters; "3.4" is one level below, "3.4.1" two.
`depth` reads one title; `part_titles` decides at document level whether bare roman
numerals are part labels (at least two distinct ones, "I ..." among them: a lone "I Wish"
is a sentence); `nest_by_number` puts "3.1" one level below the "3" before it, whatever
level a source gave it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PART_DEPTH = 0
_PART_WORD = re.compile(r"^(?:part|teil|partie)\s+([ivxlc]{1,6}|\d{1,2})\b", re.I)
_BARE_ROMAN = re.compile(r"^([IVX]{1,5})\.?\s+(?=[A-Z\u00c0-\u00de])")
_CHAPTER = re.compile(
    r"^(?:chapter|kapitel|chapitre|appendix|anhang|annex)\s+([\dA-Z]{1,3}|[ivxlc]{1,6})\b", re.I
)
# a lower-case enumeration label before a capitalised title: "a) Scope", "aa) Scope", "(iv) Scope"
_LOWER_LABEL = re.compile(r"^\(?[a-z]{1,4}\)\s+[A-Z\u00c0-\u00de]")
_DECIMAL = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5}|[A-Z](?:\.\d{1,2}){1,5})\.?\s+(?=[^\d\s.,%)])")


def depth(title: str, parts: bool = False) -> int | None:
    """Level implied by the title's number: 0 for a part label, 1 for a chapter ("Chapter 3",
    "3 Title"), n for an n-part decimal number; None when unnumbered. A bare roman numeral
    ("II Implementation") counts as a part label only when `parts` (see `part_titles`)."""
    text = title.strip()
    if _PART_WORD.match(text) or (parts and _BARE_ROMAN.match(text)):
        return PART_DEPTH
    if _CHAPTER.match(text):
        return 1
    m = _DECIMAL.match(text)
    return m.group(1).count(".") + 1 if m else None


def lower_label(title: str) -> bool:
    """True when `title` opens with a lower-case enumeration label and a capitalised word
    ("a) Scope", "aa) Scope", "(iv) Scope": legal and continental numbering's deep levels),
    which counts as a number where a heading must open with a capital or a digit."""
    return bool(_LOWER_LABEL.match(title.strip()))


def numbered(title: str) -> bool:
    """True when `title` carries a number or label of any scheme ("Part II", "Chapter 3",
    "3.4", "§ 2", "B.", "iv)")."""
    return depth(title, parts=True) is not None or label_form(title) is not None


def without_number(title: str) -> str:
    """`title` without the number or label it opens with ("3.4 Scope", "§ 2 Scope", "B. Scope",
    "aa) Scope" -> "Scope"); `title` itself when it has none. A heading whose number is drawn
    apart from it (a hanging number set after the page body) is found on its page by this."""
    text = title.strip()
    m = _DECIMAL.match(text) or _LABEL.match(text)
    return text[m.end() :].strip() if m else text


def part_titles(titles: Sequence[str]) -> bool:
    """True when bare roman numerals label parts: two or more distinct ones, "I" among them."""
    numerals = {m.group(1) for t in titles if (m := _BARE_ROMAN.match(t.strip()))}
    return len(numerals) >= 2 and "I" in numerals


def number(title: str) -> str:
    """The decimal number a title starts with ("3.4" for "3.4 Scope"), '' when none."""
    m = _DECIMAL.match(title.strip())
    return m.group(1) if m else ""


def nest_by_number(titles: Sequence[str], levels: Sequence[int]) -> tuple[list[int], list[int]]:
    """Levels with every "N.M" heading one below the nearest earlier "N" heading (recursively,
    "3.4.1" below "3.4"), and the indexes whose level changed.

    The number is trusted over the level a source gave: an outline that files "3.1" beside
    "3" (pari's users' guide), a contents page whose indentation was misread. A heading whose
    parent number does not occur (a filing's notes "1.", "2." under "Notes") keeps its level.
    """
    out = list(levels)
    last: dict[str, int] = {}  # number -> index of its latest heading
    changed: list[int] = []
    for i, t in enumerate(titles):
        num = number(t)
        if not num:
            continue
        parent = num.rsplit(".", 1)[0] if "." in num else ""
        if parent in last and out[i] != out[last[parent]] + 1:
            out[i] = out[last[parent]] + 1
            changed.append(i)
        last[num] = i
        for k in [k for k in last if k.startswith(num + ".")]:
            del last[k]  # "3.1" of an earlier chapter 3 is no parent for this one's children
    return out, changed


# One label of a numbering scheme, its text without the number's value: "A." -> "A.",
# "IV." -> "I.", "3)" -> "1)", "(b)" -> "(a)", "bb)" -> "aa)", "§ 4" -> "§". Decimal numbers
# ("3.4") are `nest_by_number`'s; part and chapter words are `depth`'s.
_LABEL = re.compile(
    r"^(?:(?P<sect>§+)\s*\d+[a-z]?"
    r"|(?P<open>\()?(?P<body>[IVXLC]{1,6}|[A-Z]|[ivxlc]{1,6}|[a-z]{1,2}|\d{1,3})"
    r"(?P<close>(?(open)\)|[.)]))"
    r")\s+(?=[A-Z\u00c0-\u00de])"
)
_ROMAN = re.compile(r"^[ivxlc]+$", re.I)
_SAME_LETTER = re.compile(r"^([a-z])\1$", re.I)
_NUMERALS = {"i", "v", "x", "ii"}  # letter labels read as numerals unless a letter precedes
SCHEME_AGREE = 0.9  # share of a scheme's labels that must nest as their forms' first uses did


def _letters(body: str) -> bool:
    """True for a letter label ("C", "cc") that may also read as a roman numeral."""
    return len(body) == 1 or bool(_SAME_LETTER.match(body))


def label_form(title: str, roman: bool = True) -> str | None:
    """The form of the label `title` opens with ("II. Scope" -> "I."), None without one.
    A letter label that is also a common roman numeral ("I.", "v)", "ii)") is read as one
    when `roman` (the labels before it decide: `_forms`); "C." or "cc)" is a letter."""
    m = _LABEL.match(title.strip())
    if not m:
        return None
    if m.group("sect"):
        return "§"
    body, wrap = m.group("body"), (m.group("open") or "", m.group("close"))
    if body.isdigit():
        kind = "1"
    elif _ROMAN.match(body) and (not _letters(body) or (roman and body.lower() in _NUMERALS)):
        kind = "I" if body.isupper() else "i"
    elif len(body) == 1:
        kind = "A" if body.isupper() else "a"
    elif _SAME_LETTER.match(body):
        kind = "AA" if body.isupper() else "aa"
    else:
        return None  # "ab)": not a label
    return f"{wrap[0]}{kind}{wrap[1]}"


def _forms(titles: Sequence[str]) -> list[str | None]:
    """Each title's label form; a letter label that reads as a roman numeral is a letter
    when the letter label before it was used ("H." before "I.", "bb)" before "cc)"), else a
    roman numeral."""
    out: list[str | None] = []
    seen: set[str] = set()  # labels used so far ("H.", "b)")
    for t in titles:
        form = label_form(t)
        m = _LABEL.match(t.strip())
        body = m.group("body") if m else None
        if form and body and _letters(body) and _ROMAN.match(body):
            before = chr(ord(body[0]) - 1) * len(body)
            if t.strip().replace(body, before, 1).split()[0] in seen:
                form = label_form(t, roman=False)
        if m:
            seen.add(t.strip().split()[0])
        out.append(form)
    return out


def nest_by_scheme(titles: Sequence[str], levels: Sequence[int]) -> tuple[list[int], list[int]]:
    """Levels with each labelled heading one below the open heading of the form its form
    first appeared under ("§ 1 / A. / I. / 1. / a) / aa)": legal numbering), and the indexes
    whose level changed.

    The document's scheme is read from its own order: a form's parent is the form of the
    open labelled heading where it first appears. It is applied only when at least
    `SCHEME_AGREE` of the labels found under an open labelled heading nest so (a label with
    none open above it, its parent's heading missed or closed, says nothing), and three forms
    nest: two forms are as often a list inside a section as levels of headings. An unlabelled
    heading closes the labelled ones at or below its level.
    """
    forms = _forms(titles)
    parent: dict[str, str | None] = {}
    stack: list[int] = []  # open labelled headings, outermost first
    placed: list[tuple[int, int | None]] = []  # (heading, its open parent heading)
    agree = total = 0
    for i, form in enumerate(forms):
        if form is None:
            stack = [k for k in stack if levels[k] < levels[i]]
            continue
        same = next((p for p, k in enumerate(stack) if forms[k] == form), None)
        if same is not None:
            del stack[same:]
        top = forms[stack[-1]] if stack else None
        if form not in parent:
            parent[form] = top
        elif parent[form] is not None and top is not None:
            total += 1
            agree += parent[form] == top
        placed.append((i, stack[-1] if stack and top == parent[form] else None))
        stack.append(i)
    depth = {f: 0 for f in parent}
    for f in parent:
        g, seen = parent[f], {f}
        while g is not None and g not in seen:
            depth[f] += 1
            seen.add(g)
            g = parent.get(g)
    out = list(levels)
    if not total or agree < SCHEME_AGREE * total or max(depth.values(), default=0) < 2:
        return out, []
    changed: list[int] = []
    for i, up in placed:
        if up is not None and out[i] != out[up] + 1:
            out[i] = out[up] + 1
            changed.append(i)
    return out, changed
