"""Asking an LLM whether headings the PDF detector accepted narrowly are really headings.

The spec's Parse pass may use an LLM "for better structure extraction". The frontend stays
LLM-free: it marks the raw nodes whose heading it accepted on one weak signal
(`RawNode.uncertain`, see `frontends.pdf.uncertain`). In standard and deep mode with an LLM
configured, the parse pass hands the parsed document to `confirm_headings`, which shows the
model the uncertain headings in batches of `BATCH` - each with its page and the first line
of text that follows it - and asks for JSON ``{"headings": [numbers], "not_headings":
[numbers], "levels": {number: level}}``; each heading is shown with the level it was given
and the heading before it. A heading listed under "not_headings" only is demoted (its line
goes back into the text of the section before it); a kept heading listed under "levels" (1
to 9) takes that level (`RawNode.level_source` "llm"), within the same call; every other
heading stays as it was, so an unusable answer, a
failed call (counted in the usage: the IR is marked degraded and recompiled once the model
works) or a call beyond the budget keeps the detector's decision.

At most `max_calls` calls per document (`CompileOptions.structure_llm_calls`); calls go
through `llm.ask.ask`, so they are counted and, with the lasting cache, answered from it on
the next compile (the cache key names the parse pass and its version).
"""

from __future__ import annotations

from functools import partial

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.llm.ask import ask, json_positions, json_value
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage

BATCH = 40  # headings shown per call
TITLE_CHARS = 160
NEXT_CHARS = 160
MAX_TOKENS = 400
MAX_LEVEL = 9
SYSTEM = (
    "You check the section headings found in a PDF document's text layout. Reply with JSON only."
)


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), "")


def prompt(parsed: ParsedDocument, indexes: list[int]) -> str:
    """The question about the raw nodes at `indexes` (numbered from 1 in the prompt)."""
    rows = []
    for n, i in enumerate(indexes, start=1):
        node = parsed.raw_nodes[i]
        page = f" (page {node.start_page})" if node.start_page is not None else ""
        follows = _first_line(node.content)[:NEXT_CHARS] or "(nothing)"
        before = next(
            (parsed.raw_nodes[k] for k in range(i - 1, -1, -1) if parsed.raw_nodes[k].level >= 1),
            None,
        )
        under = (
            f'; the heading before it: "{before.title[:TITLE_CHARS]}" (level {before.level})'
            if before
            else ""
        )
        rows.append(
            f'{n}. "{node.title[:TITLE_CHARS]}"{page}, level {node.level}{under} -- '
            f'followed by: "{follows}"'
        )
    title = f' "{parsed.title}"' if parsed.title else ""
    return (
        f"These lines of the PDF document{title} were taken for section headings, each shown with "
        "its page, the level it was given (1 = chapter, 2 = section below it, ...), the heading "
        "before it and the first line of text after it. Some may be body text instead: a bold "
        "lead-in of a paragraph, a table or figure label, a list item.\n\n"
        + "\n".join(rows)
        + (
            "\n\nWhich are real section headings, and which real headings have the "
            "wrong level? Reply as JSON: "
        )
        + '{"headings": [numbers], "not_headings": [numbers], "levels": {"number": right level}} '
        + '("levels" lists only the headings whose level should change).'
    )


def _usable(answer: str, count: int) -> bool:
    """Whether an answer can be read at all (only such answers are cached)."""
    return _rejected(answer, count) is not None


def _levels(answer: str | None, count: int) -> dict[int, int]:
    """0-based position -> level (1 to `MAX_LEVEL`) the answer gives; {} when none is usable."""
    value = json_value(answer) if answer else None
    levels = value.get("levels") if isinstance(value, dict) else None
    if not isinstance(levels, dict):
        return {}
    out: dict[int, int] = {}
    for key, level in levels.items():
        pos = json_positions([key], count)
        if pos and type(level) is int and 1 <= level <= MAX_LEVEL:
            out[pos[0]] = level
    return out


def _rejected(answer: str | None, count: int) -> set[int] | None:
    """0-based positions the answer calls "not a heading" (and not also a heading); None
    when the answer is unusable."""
    value = json_value(answer) if answer else None
    if not isinstance(value, dict):
        return None

    def numbers(key: str) -> set[int]:
        return set(json_positions(value.get(key), count))

    return numbers("not_headings") - numbers("headings")


def confirm_headings(
    parsed: ParsedDocument, llm: LLMClient | None, usage: LLMUsage, *, max_calls: int
) -> ParsedDocument:
    """`parsed` with the uncertain headings the model rejects demoted (see the module)."""
    uncertain = [i for i, node in enumerate(parsed.raw_nodes) if node.uncertain]
    if llm is None or max_calls <= 0 or not uncertain:
        return parsed
    from vectorless_assets.frontends.pdf.uncertain import demote  # frontends load on use

    batches = [uncertain[a : a + BATCH] for a in range(0, len(uncertain), BATCH)]
    drop: list[int] = []
    relevel: dict[int, int] = {}
    unusable = failed = 0
    for batch in batches[:max_calls]:
        answer = ask(
            llm,
            usage,
            prompt(parsed, batch),
            max_tokens=MAX_TOKENS,
            system=SYSTEM,
            accept=partial(_usable, count=len(batch)),
        )
        rejected = _rejected(answer, len(batch))
        if rejected is None:
            unusable += answer is not None
            failed += answer is None
            continue
        drop += [batch[k] for k in sorted(rejected)]
        relevel |= {
            batch[k]: lv for k, lv in _levels(answer, len(batch)).items() if k not in rejected
        }
    changed = {i: lv for i, lv in relevel.items() if parsed.raw_nodes[i].level != lv}
    if changed:  # before demotions, which shift the indexes
        nodes = list(parsed.raw_nodes)
        for i, lv in changed.items():
            nodes[i] = nodes[i].model_copy(update={"level": lv, "level_source": "llm"})
        parsed = parsed.model_copy(update={"raw_nodes": nodes})
    for i in sorted(drop, reverse=True):
        parsed = demote(parsed, i)
    asked = sum(len(b) for b in batches[:max_calls])
    note = f"{len(drop)} of {asked} uncertain headings demoted by the LLM"
    if changed:
        note += f", {len(changed)} moved to another level"
    if len(uncertain) > asked:
        note += f"; {len(uncertain) - asked} not asked (CompileOptions.structure_llm_calls)"
    if unusable:
        note += f"; {unusable} answer(s) unusable"
    if failed:
        note += f"; {failed} call(s) failed or skipped: the detector's headings kept"
    diag = Diagnostic(source="parse", code="pdf_heading_check", message=note, severity="info")
    return parsed.model_copy(update={"diagnostics": [*parsed.diagnostics, diag]})
