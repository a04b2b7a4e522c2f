"""In-document Markdown links: the cross-references of documents that link instead of
numbering ("see the [accountability section][accountability]", "[CAP theorem](#cap-theorem)").

Two forms, both pointing at an anchor (`#slug`) of a heading in the same document:

* inline: `[text](#anchor)`;
* reference-style: `[text][label]` (or `[label][]`) with a definition line
  `[label]: #anchor` anywhere in the document (`definitions` reads them from every node).

An anchor resolves to the node whose title has the same letters and digits (`anchor_key`:
lowercased, everything else dropped), so the slug rules of GitHub, mdBook or pandoc
("the-council-s-..." or "the-councils-...", "#cap-理論") all meet the same key; a trailing
"-1", "-2" (the slug of a repeated title) is tried off when the whole key misses. A link
to another file or a web page ("[node exporter](https://...)", "(/docs/naming)") is not
an in-document reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: `[text](#anchor)`: the text has no brackets or newline pairs, the anchor no spaces.
INLINE = re.compile(r"\[(?P<text>[^\[\]\n]{1,200})\]\(#(?P<anchor>[^()\s]{1,200})\)")
#: `[text][label]` and `[label][]`.
REFERENCE = re.compile(r"\[(?P<text>[^\[\]\n]{1,200})\]\[(?P<label>[^\[\]\n]{0,200})\]")
#: `[label]: #anchor` at the start of a line (a link definition).
DEFINITION = re.compile(r"^ {0,3}\[(?P<label>[^\[\]\n]{1,200})\]:\s*#(?P<anchor>\S{1,200})", re.M)
_REPEAT = re.compile(r"-\d+$")
_NOT_ALNUM = re.compile(r"[\W_]+")


def anchor_key(text: str) -> str:
    """The letters and digits of `text`, lowercased: what a title and its slug share."""
    return _NOT_ALNUM.sub("", text.lower())


def anchor_keys(anchor: str) -> list[str]:
    """The keys to try for `anchor`: itself, then without a repeat suffix ("-1")."""
    keys = [anchor_key(anchor)]
    if _REPEAT.search(anchor):
        keys.append(anchor_key(_REPEAT.sub("", anchor)))
    return [k for k in keys if k]


def definitions(texts: Iterable[str]) -> dict[str, str]:
    """Link label (lowercased) -> anchor, from the definition lines of `texts` (first wins)."""
    found: dict[str, str] = {}
    for text in texts:
        if "]:" in text:
            for m in DEFINITION.finditer(text):
                found.setdefault(m.group("label").strip().lower(), m.group("anchor"))
    return found


def links(text: str, defined: dict[str, str]) -> list[tuple[str, str]]:
    """(link text as written, `#anchor`) of each in-document link of `text`, in order."""
    found: list[tuple[int, str, str]] = []
    if "](#" in text:
        found += [(m.start(), m.group(0), "#" + m.group("anchor")) for m in INLINE.finditer(text)]
    if defined and "][" in text:
        for m in REFERENCE.finditer(text):
            label = (m.group("label") or m.group("text")).strip().lower()
            if label in defined:
                found.append((m.start(), m.group(0), "#" + defined[label]))
    return [(written, anchor) for _, written, anchor in sorted(found)]
