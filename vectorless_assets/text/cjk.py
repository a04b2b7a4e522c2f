"""CJK text (Chinese, Japanese, Korean) as `text.words` reads it: character classes and the
character bigrams that stand for its words.

CJK text has no spaces between words, so its words are cut from each run of CJK characters into
character bigrams (a lone character stays a unigram), and the LLM token estimate counts
every CJK letter as one token. Both used to walk such text a piece at a time in Python; the
forms here let them take the C-level paths ASCII text takes:

* `spell_bigrams` writes every CJK run as its bigrams, space separated (`"日本語"` ->
  `" 日本 本語 "`), so a plain whitespace split yields the same words, in the same order,
  as cutting each run while scanning; one Python call per run, not per word.
* `CJK_LETTER_RUN` matches runs of the CJK characters that are word characters (`\\w`): the
  LLM token estimate's pattern makes each of those one token and never joins them to a
  neighbour, so a run can be counted and replaced by one free separator. The other
  characters of the ranges (unassigned code points, `・`, `゠`, `゛`) are punctuation to it.
"""

from __future__ import annotations

import re

#: The CJK ranges: kana, CJK unified ideographs (and extension A), hangul syllables,
#: compatibility ideographs.
CJK = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3400-\u4dbf"  # CJK ext A
    "\u4e00-\u9fff"  # CJK unified
    "\uac00-\ud7af"  # hangul syllables
    "\uf900-\ufaff"  # compatibility ideographs
)
#: Everything outside the CJK ranges (their complement, as a character class body).
NOT_CJK = "\x00-\u303f\u3100-\u33ff\u4dc0-\u4dff\ua000-\uabff\ud7b0-\uf8ff\ufb00-\U0010ffff"

CJK_RE = re.compile(f"[{CJK}]")
#: The span holding every CJK range: a text without it has no CJK (one range is scanned 1.5x
#: faster than the five, so it is the cheaper test of texts without CJK).
CJK_SPAN = re.compile("[\u3040-\ufaff]")
CJK_RUN = re.compile(f"[{CJK}]+")
#: A run of CJK word characters: `\w` and inside the ranges (none is a digit or "_").
CJK_LETTER_RUN = re.compile(rf"[^\W{NOT_CJK}]+")


def _bigrams(m: re.Match[str]) -> str:
    run = m.group()
    if len(run) == 1:
        return f" {run} "
    return f" {' '.join(map(str.__add__, run[:-1], run[1:]))} "  # run[i] + run[i + 1]


def spell_bigrams(text: str) -> str:
    """`text` with every CJK run replaced by its character bigrams (a lone character by
    itself), each between spaces: no word of the result spans two bigrams or joins a
    bigram to a neighbouring word."""
    return CJK_RUN.sub(_bigrams, text)


def count_cjk_letters(text: str) -> tuple[str, int]:
    """(`text` with every run of CJK word characters replaced by one vertical tab, the number
    of characters replaced)."""
    out, runs = CJK_LETTER_RUN.subn("\v", text)
    return out, len(text) - len(out) + runs
