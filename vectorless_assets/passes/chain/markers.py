"""The connective markers of the chain pass, per language: data, read by `connectives`.

* `NEAR`: phrases that, close to a cross-reference, say how the sentence relates to the
  section it points at, by chain type ("as discussed in [X]", "similar to [X]",
  "unlike [X]", "for reasons discussed [above]", "[X] and then [Y]", "と対照的に").
  Bare conjunctions ("but", "yet", "so") are not among them: in a sentence with a
  reference they join its clauses ("... but only for Linux", "Yet another example appears
  in Section 5"), they do not relate it to the section referred to.
* `LEADING`: the discourse adverbials a section can open with to relate it to the one
  before ("However, ...", "Therefore, ...", "Next, ...", "For example, ...").
* `NOT_MARKERS`: longer phrases and words that hold a marker without being one ("yet
  another", "but only", "the following", Japanese "あらためて" or "ため息" for ため, Chinese
  "冷却" or "忘却" for 却). Matched like markers, the longest first, so they hide it.
* `ONLY_BEFORE` / `ONLY_AFTER`: the markers of `NEAR` that relate a reference on one side
  of them only. Prepositions and subordinating conjunctions govern what follows them
  ("similar to [X]", "because [X] ..."; in "[X] is similar to Y" or "[X] ..., though Y"
  the sentence neither rests on X nor sets itself against it); the markers that announce
  an effect relate what precedes them ("[X] ..., thus Y" gives X as the reason, "... thus
  [X]" or "results in [X]" gives X as the effect, not a cause).
* `ADJACENT`: the markers of `NEAR` too common to count anywhere near a reference, that
  relate it only right before it ("per [X]", "per the [X] section"; not "ten per cent;
  see [X]"): a rule followed.
* `PROVISION_ONLY` / `PROVISIONS`: the `ADJACENT` markers that count only before a
  numbered provision of legal text ("under Section 4.6"), and how one is named.
* `PLACES`: the markers that name a place in reading order ("the next section covers ...
  (see [X])"), counted outside a reference only.
* `EXCEPTIONS`: words that make a supporting marker in their scope a carve-out ("unless
  ... in accordance with Section 4.8"), like a negation.
* `REASON_TITLES`: how a section that gives reasons is titled ("Why ...", "Rationale",
  "なぜ", "理由"); a reference to one, with no marker, is causal.

English phrases match whole words, case-insensitively, and never inside a code identifier
("next_after" holds no "after"); CJK ones anywhere (the words have no spaces), which is why
their in-word uses are listed in `NOT_MARKERS`.
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["contradicting", "causal", "sequence", "elaboration", "supporting"]
#: Ties between markers equally near a reference go to the earlier type.
ORDER: tuple[Kind, ...] = ("contradicting", "causal", "supporting", "sequence", "elaboration")

# fmt: off
#: Verbs that, with a backward pointer (`_BEFORE`), recall what was established before.
_RECALLED = (
    "described", "discussed", "mentioned", "noted", "explained", "suggested", "shown",
    "outlined", "stated", "presented", "argued", "established",
)
_BEFORE = ("above", "earlier", "previously", "in the previous", "in the preceding")

NEAR: dict[str, dict[Kind, tuple[str, ...]]] = {
    "en": {
        "contradicting": (
            "in contrast to", "in contrast with", "in comparison with", "in comparison to",
            "compared to", "compared with", "unlike", "as opposed to", "contrary to",
            "contradicts", "contradict", "contradicted", "conflicts with", "inconsistent with",
            "disagrees with", "refutes", "instead of", "rather than", "but see", "although",
            "though", "whereas", "does not apply", "do not apply", "does not permit",
            "exception to", "an alternative", "as an alternative", "another possible solution",
            "lied", "albeit", "not the case", "outweigh", "outweighs",
            # (exceptions and carve-outs: "except as provided in Section 5.1", "subject to
            # [X]"; not "unless": "cannot decide unless it follows the process in [X]")
            "except as provided in", "except as otherwise provided in", "except as set forth in",
            "except as described in", "except as", "except for", "except that",
            "subject to", "notwithstanding", "other than as", "with the exception of",
        ),
        "causal": (
            "because", "because of", "due to", "owing to", "as a result of", "results in",
            "resulted in", "leads to", "led to", "caused by", "for reasons", "for the reasons",
            "for why", "for reasoning", "for the rationale", "for rationale", "a justification",
            "the justification", "in light of",
            "since", "therefore", "thus", "hence", "consequently",
            # (not the recalling "discussed above" inside "for reasons discussed above")
            *(f"for{the} reasons {verb}" for the in ("", " the") for verb in _RECALLED),
        ),
        "supporting": (
            "as discussed", "as mentioned", "as noted", "as explained", "as described",
            "as stated", "as shown", "as seen", "as defined", "as alluded to", "as suggested",
            "as we saw", "we have seen", "as with", "as in", "similar to", "the same as",
            "based on", "according to", "confirms", "consistent with", "in line with",
            "agrees with", "recall", "precedent", "as above", "as before", "builds on",
            "build on", "building on", "substantiates",
            # (a rule applied: "pursuant to Section 4.2", "computed in accordance with [X]",
            # "the benefits provided for in [X]", "[X] of the Plan shall apply")
            "pursuant to", "in accordance with", "as provided in", "as provided for in",
            "provided for in", "as set forth in", "as required by", "as prescribed in",
            "shall apply", "shall govern", "per", "under",
            # (what was said before: "described in the previous section", "[discussed
            # above](#x)", "already suggested in [X]"; "described in [X]" alone tells more)
            *(f"{verb} {before}" for verb in _RECALLED for before in _BEFORE),
            *(f"already {verb}" for verb in _RECALLED),
        ),
        "sequence": (
            "and then", "jump ahead", "before reading", "after", "afterwards", "subsequently",
            "in a later", "in a subsequent",
            # (the sentence names where the linked section comes: "The next section covers
            # ... (see [Exemplars])"; `PLACES`)
            "the next section", "the next chapter", "the next subsection",
        ),
        "elaboration": (
            "for example", "for instance", "in detail", "for details", "for more",
            "more details", "more on",
        ),
    },
    "ja": {
        "contradicting": ("と対照的", "とは対照的", "と比較して", "とは異なり", "に反して", "矛盾"),
        "causal": ("ため", "なので", "が原因", "その結果", "したがって"),
        "supporting": ("と同様", "に似て", "思い出", "に基づ", "によると", "によれば", "で述べた"),
        "sequence": ("その後", "続いて"),
        "elaboration": ("例えば", "詳細", "詳しく"),
    },
    "zh": {
        "contradicting": ("与此相反", "相反", "不同于", "与之相比", "矛盾", "却"),
        "causal": ("因为", "由于", "导致", "因此", "所以", "因而"),
        "supporting": ("根据", "如前所述", "证实", "类似于", "与之类似"),
        "sequence": ("然后", "随后", "之后"),
        "elaboration": ("例如", "详见", "详细"),
    },
    "ko": {
        "contradicting": ("반면", "와 달리", "과 달리", "모순"),
        "causal": ("때문에", "그 결과", "따라서"),
        "supporting": ("에 따르면", "뒷받침", "와 같이", "과 같이"),
        "sequence": ("그 후", "이어서"),
        "elaboration": ("예를 들어", "자세한", "구체적으로"),
    },
}
LEADING: dict[str, dict[Kind, tuple[str, ...]]] = {
    "en": {
        "contradicting": (
            "however", "but", "yet", "in contrast", "on the contrary", "on the other hand",
            "nevertheless", "nonetheless", "instead",
        ),
        "causal": ("therefore", "thus", "hence", "consequently", "as a result", "for this reason"),
        "sequence": ("next", "then", "afterwards", "subsequently", "finally", "after that"),
        "elaboration": (
            "for example", "for instance", "specifically", "in particular", "more precisely",
            "namely",
        ),
    },
    "ja": {
        "contradicting": ("しかし", "ただし", "一方で", "だが", "ところが"),
        "causal": ("したがって", "その結果", "そのため"),
        "sequence": ("次に", "その後", "続いて", "最後に"),
        "elaboration": ("例えば", "具体的に"),
    },
    "zh": {
        "contradicting": ("但是", "然而", "相反", "不过", "与此相反"),
        "causal": ("所以", "因此", "因而"),
        "sequence": ("然后", "接下来", "随后", "最后"),
        "elaboration": ("例如", "具体来说", "具体而言"),
    },
    "ko": {
        "contradicting": ("그러나", "하지만", "반면"),
        "causal": ("따라서", "그 결과", "그래서"),
        "sequence": ("다음", "그 후", "이어서", "마지막으로"),
        "elaboration": ("예를 들어", "구체적으로"),
    },
}
NOT_MARKERS: dict[str, tuple[str, ...]] = {
    "en": (
        "yet another", "not yet", "as yet", "but only", "but also", "but not", "the following",
        "as in the below", "as in the following", "after all", "later versions",
        "later version", "since then", "later in this",
    ),
    "ja": (
        "あらため", "ためし", "ためら", "ため息", "ためいき", "溜め", "貯め", "るために",
        "ためになる",
    ),
    "zh": (
        "冷却", "退却", "忘却", "却步", "了却", "推却", "谢却", "抛却", "失却", "却下", "売却",
        "焼却", "返却", "償却", "棄却", "消却", "脱却", "滅却", "閑却",
    ),
    "ko": (),
}
ONLY_BEFORE: dict[str, tuple[str, ...]] = {
    "en": (
        "except as provided in", "except as otherwise provided in", "except as set forth in",
        "except as described in", "except as", "except for", "except that", "subject to",
        "notwithstanding", "other than as", "with the exception of",
        "pursuant to", "in accordance with", "as provided in", "as provided for in",
        "provided for in", "as set forth in", "as required by", "as prescribed in",
        "in contrast to", "in contrast with", "in comparison with", "in comparison to",
        "compared to", "compared with", "unlike", "as opposed to", "contrary to", "although",
        "though", "whereas", "albeit", "instead of", "rather than", "because", "because of",
        "due to", "owing to", "as a result of", "caused by", "in light of", "since",
        "similar to", "the same as", "based on", "according to", "consistent with",
        "in line with", "as with", "as in", "builds on", "build on", "building on",
    ),
}
ONLY_AFTER: dict[str, tuple[str, ...]] = {
    "en": (
        "shall apply", "shall govern",
        "therefore", "thus", "hence", "consequently", "results in", "resulted in", "leads to",
        "led to",
    ),
}
ADJACENT: dict[str, tuple[str, ...]] = {
    "en": ("per", "under"),
}
#: The markers of `ADJACENT` that count only before a numbered provision (`PROVISIONS`):
#: "under Section 4.6" of a plan is the rule applied, "as covered under [Future
#: possibilities]" only places a text.
PROVISION_ONLY: dict[str, tuple[str, ...]] = {
    "en": ("under",),
}
#: How a numbered provision of legal text is named ("Section 4.6", "Article 3", "§ 2").
PROVISIONS: dict[str, tuple[str, ...]] = {
    "en": ("section", "sections", "article", "articles", "clause", "paragraph", "§"),
}
#: The markers of `NEAR` that name a place in reading order: inside a reference they are its
#: own form ("as described in [the next section]": `by_position`), not its relation.
PLACES: dict[str, tuple[str, ...]] = {
    "en": ("the next section", "the next chapter", "the next subsection"),
}
#: Words that open an exception: a supporting marker in their scope (at most four words
#: after them) is a carve-out, contradicting ("unless previously purchased in accordance
#: with Section 4.8"), as a negated one is ("shall not receive ... provided for in").
EXCEPTIONS: dict[str, tuple[str, ...]] = {
    "en": ("unless",),
}
REASON_TITLES: dict[str, tuple[str, ...]] = {
    "en": ("why ", "reasons for", "rationale for", "the reason"),
    "ja": ("なぜ", "理由", "根拠"),
    "zh": ("为什么", "原因", "理由"),
    "ko": ("왜", "이유"),
}
# fmt: on
