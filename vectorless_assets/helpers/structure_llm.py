"""Asking an LLM whether headings the PDF detector accepted narrowly are really headings.

The spec's Parse pass may use an LLM "for better structure extraction". The frontend stays
LLM-free: it marks the raw nodes whose heading it accepted on one weak signal
(`RawNode.uncertain`, see `frontends.pdf.uncertain`). In standard and deep mode with an LLM
configured, the parse pass hands the parsed document to `confirm_headings`, which shows the
model the uncertain headings in batches of `BATCH` - each with its page and the first line
of text that follows it - and asks for JSON ``{"headings": [numbers], "not_headings":
[numbers]}``. A heading listed under "not_headings" only is demoted (its line goes back into
the text of the section before it); every other heading stays, so an unusable answer, a
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
MAX_TOKENS = 300
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
        rows.append(f'{n}. "{node.title[:TITLE_CHARS]}"{page} -- followed by: "{follows}"')
    title = f' "{parsed.title}"' if parsed.title else ""
    return (
        f"These lines of the PDF document{title} were taken for section headings, each shown with "
        "its page and the first line of text after it. Some may be body text instead: a bold "
        "lead-in of a paragraph, a table or figure label, a list item.\n\n"
        + "\n".join(rows)
        + '\n\nWhich are real section headings? Reply as JSON: {"headings": [numbers], "not_headings": [numbers]}'
    )


def _usable(answer: str, count: int) -> bool:
    """Whether an answer can be read at all (only such answers are cached)."""
    return _rejected(answer, count) is not None


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
    unusable = failed = 0
    for batch in batches[:max_calls]:
        answer = ask(llm, usage, prompt(parsed, batch), max_tokens=MAX_TOKENS, system=SYSTEM,
                     accept=partial(_usable, count=len(batch)))
        rejected = _rejected(answer, len(batch))
        if rejected is None:
            unusable += answer is not None
            failed += answer is None
            continue
        drop += [batch[k] for k in sorted(rejected)]
    for i in sorted(drop, reverse=True):
        parsed = demote(parsed, i)
    asked = sum(len(b) for b in batches[:max_calls])
    note = f"{len(drop)} of {asked} uncertain headings demoted by the LLM"
    if len(uncertain) > asked:
        note += f"; {len(uncertain) - asked} not asked (CompileOptions.structure_llm_calls)"
    if unusable:
        note += f"; {unusable} answer(s) unusable"
    if failed:
        note += f"; {failed} call(s) failed or skipped: the detector's headings kept"
    diag = Diagnostic(source="parse", code="pdf_heading_check", message=note, severity="info")
    return parsed.model_copy(update={"diagnostics": [*parsed.diagnostics, diag]})
