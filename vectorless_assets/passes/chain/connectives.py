"""Connectives: the words that say how two passages relate, for the chain pass (no LLM).

Markers in English, Chinese, Japanese and Korean (the languages `text.words` splits into
words), by the chain type they signal:

* **contradicting**: contrast ("however", "but", "in contrast", "unlike", "しかし", "但是",
  "그러나") and contradiction ("contradicts", "inconsistent with", "矛盾"); a supporting
  word negated just before it ("does *not* support", "is *not* consistent with") too;
* **causal**: cause and consequence ("because", "therefore", "as a result", "due to",
  "leads to", "ため", "因此", "때문에");
* **sequence**: order ("next", "then", "following", "finally", "次に", "然后", "다음");
* **elaboration**: detail ("for example", "in detail", "specifically", "例えば", "详见");
* **supporting**: evidence ("as shown in", "according to", "confirms", "consistent with").

`around(text, start, end)`: the marker nearest to the span `text[start:end]` (a reference)
inside its sentence (at most `SENTENCE_CHARS` each side), ties going to the earlier type in
the list above. `leading(text)`: the marker a text opens with when it is one that refers
back (`LEADING`: "However, ...", "Therefore, ...", not "Although ..."), relating the text
to the passage before it.
"""

from __future__ import annotations

import re
from typing import Literal

Kind = Literal["contradicting", "causal", "sequence", "elaboration", "supporting"]
ORDER: tuple[Kind, ...] = ("contradicting", "causal", "sequence", "elaboration", "supporting")

# fmt: off
MARKERS: dict[Kind, tuple[str, ...]] = {
    "contradicting": (
        "however", "but", "yet", "although", "though", "whereas", "despite", "in contrast",
        "on the contrary", "on the other hand", "unlike", "contrary to", "nevertheless",
        "nonetheless", "contradicts", "contradict", "contradicted", "conflicts with",
        "inconsistent with", "disagrees with", "refutes", "instead", "しかし", "ただし", "一方で",
        "に反して",
        "矛盾", "だが", "ところが", "但是", "然而", "相反", "不过", "与此相反", "却", "그러나",
        "하지만", "반면", "모순",
    ),
    "causal": (
        "because", "therefore", "thus", "hence", "consequently", "as a result", "due to",
        "caused by", "causes", "leads to", "led to", "results in", "resulted in", "so that",
        "owing to", "for this reason", "ため", "なので", "したがって", "その結果", "によって",
        "因为", "所以", "因此",
        "导致", "由于", "因而", "때문에", "따라서", "그 결과", "그래서",
    ),
    "sequence": (
        "next", "then", "following", "afterwards", "subsequently", "finally", "after that",
        "previous", "previously", "次に", "その後", "続いて", "最後に", "然后", "接下来", "随后",
        "最后", "다음", "그 후",
        "이어서", "마지막으로",
    ),
    "elaboration": (
        "for example", "for instance", "in detail", "for details", "specifically",
        "in particular", "more precisely", "that is", "namely", "例えば", "具体的に", "詳細",
        "詳しく", "例如",
        "具体", "详见", "详细", "예를 들어", "자세한", "구체적으로",
    ),
    "supporting": (
        "as shown in", "as described in", "according to", "confirms", "supports",
        "consistent with", "in line with", "agrees with", "evidence", "demonstrates", "に示す",
        "によれば", "根据", "证实", "支持", "에 따르면", "뒷받침",
    ),
}
#: The markers that open a passage to relate it to the one before (discourse adverbials:
#: "However, ...", "Therefore, ..."); subordinators ("Although X, Y", "Because X, Y") relate
#: two clauses of one sentence and are left out.
LEADING = frozenset({
    "however", "but", "yet", "in contrast", "on the contrary", "on the other hand",
    "nevertheless", "nonetheless", "instead", "しかし", "ただし", "一方で", "だが", "ところが",
    "但是", "然而", "相反",
    "不过", "与此相反", "그러나", "하지만", "반면", "therefore", "thus", "hence", "consequently",
    "as a result",
    "for this reason", "したがって", "その結果", "所以", "因此", "因而", "따라서", "그 결과",
    "그래서", "next", "then",
    "afterwards", "subsequently", "finally", "after that", "次に", "その後", "続いて", "最後に",
    "然后", "接下来",
    "随后", "最后", "다음", "그 후", "이어서", "마지막으로", "for example", "for instance",
    "specifically",
    "in particular", "more precisely", "namely", "例えば", "具体的に", "例如", "具体", "예를 들어",
    "구체적으로",
})
# fmt: on
#: Negation in the few words before a supporting marker turns it into a contradiction.
_NEGATION = re.compile(
    r"(?:\b(?:not|no|never|cannot)\b|n't|ない|不|没有|않)\W*(?:\w+\W+){0,2}$", re.IGNORECASE
)
_KIND = {m: k for k in ORDER for m in MARKERS[k]}


def _pattern(marker: str) -> str:
    """`marker` as a regex: ASCII words only at word boundaries, CJK anywhere."""
    escaped = re.escape(marker)
    return rf"(?<![A-Za-z]){escaped}(?![A-Za-z])" if marker.isascii() else escaped


_MARKER_RE = re.compile(
    "|".join(_pattern(m) for m in sorted(_KIND, key=len, reverse=True)), re.IGNORECASE
)
#: At most this many characters each side of a reference are its sentence (cost bound).
SENTENCE_CHARS = 400
_SENTENCE_END = re.compile(r"[.!?。！？\n]")  # (a semicolon joins clauses: "...; therefore ...")
_LEAD_NOISE = re.compile(r"^[\s>*\-+#_`]*")
_WORD = re.compile(r"[A-Za-z]+")
#: The first word of every ASCII marker and the first character of every other one.
_OPENERS = {m.split()[0] if m.isascii() else m[0] for m in LEADING}


def _kind(text: str, match: re.Match[str]) -> Kind:
    kind = _KIND[match.group(0).lower()]
    if kind == "supporting" and _NEGATION.search(text[max(0, match.start() - 30) : match.start()]):
        return "contradicting"
    return kind


def around(text: str, start: int, end: int) -> tuple[Kind, str] | None:
    """The type and marker nearest to `text[start:end]` in its sentence, or None."""
    lo = max(0, start - SENTENCE_CHARS)
    left = max((m.end() for m in _SENTENCE_END.finditer(text, lo, start)), default=lo)
    stop = _SENTENCE_END.search(text, end, end + SENTENCE_CHARS)
    right = stop.start() if stop else min(len(text), end + SENTENCE_CHARS)
    best: tuple[int, int, Kind, str] | None = None
    for match in _MARKER_RE.finditer(text, left, right):
        distance = max(0, start - match.end(), match.start() - end)
        kind = _kind(text, match)
        key = (distance, ORDER.index(kind), kind, match.group(0))
        if best is None or key[:2] < best[:2]:
            best = key
    return (best[2], best[3]) if best else None


def leading(text: str) -> tuple[Kind, str] | None:
    """The type and marker `text` opens with (followed by a comma or a space), or None."""
    body = text[:200]
    at = _LEAD_NOISE.match(body).end()  # type: ignore[union-attr]  # (always matches)
    word = _WORD.match(body, at)
    if (word.group(0).lower() if word else body[at : at + 1]) not in _OPENERS:
        return None  # (most texts: no marker starts with their first word or character)
    match = _MARKER_RE.match(body, at)
    if match is None or match.group(0).lower() not in LEADING:
        return None
    after = body[match.end() : match.end() + 1]
    if match.group(0).isascii() and after not in (",", " ", ":"):
        return None
    return _kind(body, match), match.group(0)
