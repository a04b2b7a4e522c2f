"""ScorePass: per-leaf evidence scores (density, data richness, specificity).

Formulas (reference constants):

* density = unique words / words (`text.words.split_words`, CJK bigrams);
* data richness = 0.3 · min(digit share, 0.1) / 0.1 (digits among non-space characters)
  + 0.3 if the text has more than 3 table pipes or tabs
  + 0.2 if it has code (a fenced block or an inline code span)
  + 0.2 · min(list lines, 5) / 5, capped at 1;
* specificity = 1 − min(filler share, 0.8), filler share = share of words in `FILLER`;
* composite = 0.4 · density + 0.3 · richness + 0.3 · specificity.

Every leaf whose content is not blank gets a score; floats are rounded to 6 decimals.
"""

from __future__ import annotations

import re

from vectorless_assets.ir.indexes import EvidenceScore, EvidenceScoreMap
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.common.nodetext import rounded
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.word_cache import Counts, WordCache

#: Words that carry no evidence (29): hedges, intensifiers, vague nouns.
# fmt: off
FILLER: frozenset[str] = frozenset(
    [
        "actually", "basically", "certainly", "clearly", "definitely", "essentially", "generally",
        "honestly", "just", "kind", "literally", "lot", "lots", "maybe", "obviously", "often",
        "perhaps", "probably", "quite", "rather", "really", "simply", "somewhat", "sort", "stuff",
        "thing", "things", "usually", "various",
    ]
)
# fmt: on

_CODE_RE = re.compile(r"^\s*(```|~~~)|`[^`\n]+`", re.MULTILINE)
# `_CODE_RE` split into patterns that open with a literal (searched for it, where `^` is
# tried at every position): a fence is found by `^\s*` at a line start iff the whitespace
# before it starts the text or holds a newline (then the last one is followed by `\s*`).
_INLINE_CODE = re.compile(r"`[^`\n]+`")
_FENCE_AFTER_NEWLINE = re.compile(r"\n\s*(?:```|~~~)")
_FENCE_AT_START = re.compile(r"\s*(?:```|~~~)")
_LIST_RE = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S", re.MULTILINE)
# The same item after a newline: a pattern opening with a literal is searched for that
# literal (fast), where `^` is tried at every position. A match never ends on a newline
# (it ends on `\S`), so the newline before each next item is never inside the previous one.
_ITEM_AFTER_NEWLINE = re.compile(r"\n\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
_SPACES = " \t\n\r\f\v\u00a0\u3000"
_ASCII_SPACES = b" \t\n\r\f\v"  # the ASCII ones of `_SPACES`
_ASCII_DIGITS = b"0123456789"
_DIGIT_RE = re.compile(r"\d")
#: A decimal digit (`\d`: Unicode category Nd) outside ASCII.
_NON_ASCII_DIGIT_RE = re.compile(r"[^\x00-\x7f](?<=\d)")


def _non_space_and_digits(text: str) -> tuple[int, int]:
    """(characters not in `_SPACES`, decimal digits `\\d`) of `text`.

    Counted in its UTF-8 bytes, where a byte below 0x80 is always that ASCII character (the
    bytes of other characters are all 0x80 or above; lone surrogates pass as three such
    bytes): one deleting `bytes.translate` per class instead of a `str.count` per character.
    Outside ASCII, the two other spaces are counted in the text, and digits by the pattern
    only if the text has a non-ASCII one (rare; one search finds none).
    """
    data = text.encode("utf-8", "surrogatepass")
    spaces = len(data) - len(data.translate(None, _ASCII_SPACES))
    digits = len(data) - len(data.translate(None, _ASCII_DIGITS))
    if not text.isascii():
        spaces += text.count("\u00a0") + text.count("\u3000")
        if _NON_ASCII_DIGIT_RE.search(text):
            digits = len(_DIGIT_RE.findall(text))
    return len(text) - spaces, digits


def _has_code(text: str) -> bool:
    """Whether `_CODE_RE` finds a fence or an inline code span in `text`."""
    if "`" not in text and "~~~" not in text:  # both alternatives need one
        return False
    return bool(
        _INLINE_CODE.search(text)
        or _FENCE_AT_START.match(text)
        or _FENCE_AFTER_NEWLINE.search(text)
    )


def _list_lines(text: str, cap: int) -> int:
    """Number of list item lines in `text` (`_LIST_RE` matches), counted up to `cap`."""
    first = _LIST_RE.match(text)  # an item on the first line
    found, pos = (1, first.end()) if first else (0, 0)
    while found < cap:
        m = _ITEM_AFTER_NEWLINE.search(text, pos)
        if m is None:
            break
        found, pos = found + 1, m.end()
    return found


def score_text(text: str, counts: Counts | None = None) -> EvidenceScore:
    """Evidence score of one text (see the module docstring for the formulas).

    `counts` are the text's word-token counts (`WordCache.word_counts`), if already known.
    """
    return EvidenceScore.model_validate(score_fields(text, counts))


def score_fields(text: str, counts: Counts | None = None) -> dict[str, float]:
    """The `EvidenceScore` fields of one text (`score_text` without building the model)."""
    counts = counts if counts is not None else WordCache().word_counts(text)
    total = sum(counts.values())
    density = len(counts) / total if total else 0.0
    non_space, digits = _non_space_and_digits(text)
    digit_share = digits / non_space if non_space else 0.0
    richness = 0.3 * min(digit_share, 0.1) / 0.1
    if text.count("|") + text.count("\t") > 3:
        richness += 0.3
    if _has_code(text):
        richness += 0.2
    richness += 0.2 * _list_lines(text, 5) / 5
    richness = min(richness, 1.0)
    filler = sum(map(counts.__getitem__, counts.keys() & FILLER)) / total if total else 0.0
    specificity = 1.0 - min(filler, 0.8)
    composite = 0.4 * density + 0.3 * richness + 0.3 * specificity
    return {
        "density": rounded(density),
        "data_richness": rounded(richness),
        "specificity": rounded(specificity),
        "composite": rounded(composite),
    }


def run(*, tree: DocumentTree, ctx: PassContext) -> EvidenceScoreMap:
    """Per-leaf evidence scores: information density, data richness, specificity, composite.

    Every leaf with non-blank content is scored (density 0.4, richness 0.3, specificity 0.3);
    branches and empty leaves are not. No LLM. With a previous IR, a leaf whose content
    fingerprint is unchanged keeps its previous score.
    """
    texts = ctx.texts
    reuse = ctx.reuse  # unchanged leaves keep their scores (they depend on their own text only)
    prior = (
        reuse.by_fingerprint("score", reuse.previous.evidence_scores.scores)
        if reuse is not None and reuse.previous.evidence_scores
        else {}
    )
    scores = {}
    for n in tree.nodes:
        if n.children or not n.content.strip():
            continue
        hit = prior.get(n.fingerprint) if n.fingerprint else None
        scores[n.node_id] = (
            hit if hit is not None else score_text(n.content, texts.word_counts(n.content))
        )
    return EvidenceScoreMap(scores=scores)
