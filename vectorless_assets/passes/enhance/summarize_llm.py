"""The LLM path of the enhance pass: prompts, response parsing, memo and fallback.

Prompt formats follow the reference implementation: a leaf asks for a 2-3 sentence summary;
a branch asks for three lines `OVERVIEW:` / `QUESTIONS:` (3-5, comma separated) / `TAGS:`
(2-4 keywords). Each call is counted in `ctx.usage`; an `LLMError` is retried once, then
the node falls back to the extractive path; after 3 nodes in a row failed, the model is
not asked again in this pass (a dead endpoint costs 6 calls, not 2 per node). Identical prompts
(same kind, title, text and
children) are answered once (memo keyed by a BLAKE2b hash).
"""

from __future__ import annotations

import hashlib
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from vectorless_assets.llm.ask import ask
from vectorless_assets.passes.common.budget import truncate_tokens
from vectorless_assets.passes.common.plaintext import clean
from vectorless_assets.passes.context import PassContext

SYSTEM = "You summarise sections of a document for a retrieval index. Be factual and concise."
#: Characters of a node's own text sent to the model (split keeps leaves far below this).
MAX_PROMPT_CHARS = 24_000
ATTEMPTS = 1  # one retry layer: the client retries transient failures (llm.guard)
#: After this many nodes failed in a row, the pass stops asking the model.
MAX_CONSECUTIVE_FAILURES = 3

LEAF_PROMPT = """Summarize the following section in 2-3 sentences. Answer with the summary only.

Title: {title}

{content}"""

BRANCH_PROMPT = """The section below contains subsections. Answer with exactly three lines:
OVERVIEW: <2-3 sentences on what the section covers>
QUESTIONS: <3-5 questions this section answers, comma separated>
TAGS: <2-4 keywords, comma separated>

Title: {title}

{content}

Subsections:
{children}"""

DOC_PROMPT = """Summarize this document in 3-5 sentences. Answer with the summary only.

Title: {title}

{sections}"""

_LINE = re.compile(r"^\W*(OVERVIEW|QUESTIONS|TAGS)\W*:\s*(.*)$", re.IGNORECASE)


@dataclass
class BranchAnswer:
    overview: str = ""
    questions: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)


@dataclass
class LLMSummarizer:
    """Calls `ctx.llm` with memo and one retry; returns None when the model fails."""

    ctx: PassContext
    memo: dict[bytes, str | None] = field(default_factory=dict)
    failed_in_a_row: int = 0

    def ask(self, prompt: str, max_tokens: int) -> str | None:
        key = hashlib.blake2b(prompt.encode("utf-8"), digest_size=16).digest()
        if key in self.memo:
            return self.memo[key]
        answer = self._call(prompt, max_tokens)
        self.memo[key] = answer
        return answer

    def _attempt(self, prompt: str, max_tokens: int) -> str | None:
        """The model's answer (no failure bookkeeping: safe on several threads)."""
        llm = self.ctx.llm
        if llm is None:
            return None
        for _ in range(ATTEMPTS):
            text = ask(llm, self.ctx.usage, prompt, system=SYSTEM, max_tokens=max_tokens)
            if text is not None:
                return text
        return None

    def _settle(self, answer: str | None) -> str | None:
        """Apply the 'stop after failures in a row' rule to an answer, in node order."""
        if self.failed_in_a_row >= MAX_CONSECUTIVE_FAILURES:
            return None
        self.failed_in_a_row = 0 if answer is not None else self.failed_in_a_row + 1
        return answer

    def _call(self, prompt: str, max_tokens: int) -> str | None:
        if self.failed_in_a_row >= MAX_CONSECUTIVE_FAILURES:
            return None
        return self._settle(self._attempt(prompt, max_tokens))

    def prefetch(self, prompts: list[tuple[str, int]], workers: int) -> None:
        """Ask the model for `prompts` (prompt, max_tokens) on up to `workers` threads and keep
        the answers in the memo, so the calls that follow find them. Independent calls only
        (a wave of leaves, or branches whose children are done); the answers, and so the
        results, are the same as one call after another."""
        todo: dict[bytes, tuple[str, int]] = {}
        for prompt, max_tokens in prompts:
            key = hashlib.blake2b(prompt.encode("utf-8"), digest_size=16).digest()
            if key not in self.memo:
                todo.setdefault(key, (prompt, max_tokens))
        if workers <= 1 or len(todo) <= 1:
            return
        if self.failed_in_a_row >= MAX_CONSECUTIVE_FAILURES:
            return
        with ThreadPoolExecutor(max_workers=min(workers, len(todo))) as pool:
            answers = list(pool.map(lambda item: self._attempt(*item), todo.values()))
        for key, answer in zip(todo, answers, strict=True):  # the failure rule, in node order
            self.memo[key] = self._settle(answer)

    def leaf_prompt(self, title: str, content: str) -> tuple[str, int]:
        return LEAF_PROMPT.format(
            title=title, content=content[:MAX_PROMPT_CHARS]
        ), self.ctx.options.summary_max_tokens * 2

    def branch_prompt(
        self, title: str, content: str, children: list[tuple[str, str]]
    ) -> tuple[str, int]:
        lines = "\n".join(_item(t, s) for t, s in children[:50])
        prompt = BRANCH_PROMPT.format(
            title=title,
            content=content[:MAX_PROMPT_CHARS] or "(no text of its own)",
            children=lines,
        )
        return prompt, self.ctx.options.summary_max_tokens * 2

    def leaf(self, title: str, content: str) -> str | None:
        answer = self.ask(*self.leaf_prompt(title, content))
        if answer is None:
            return None
        return truncate_tokens(clean(answer), self.ctx.options.summary_max_tokens) or None

    def branch(
        self, title: str, content: str, children: list[tuple[str, str]]
    ) -> BranchAnswer | None:
        answer = self.ask(*self.branch_prompt(title, content, children))
        if answer is None:
            return None
        parsed = parse_branch(answer)
        parsed.overview = truncate_tokens(parsed.overview, self.ctx.options.summary_max_tokens)
        return parsed

    def document(self, title: str, sections: list[tuple[str, str]]) -> str | None:
        body = "\n".join(_item(t, s) for t, s in sections[:30])
        answer = self.ask(
            DOC_PROMPT.format(title=title, sections=body), self.ctx.options.summary_max_tokens * 2
        )
        if answer is None:
            return None
        return truncate_tokens(clean(answer), self.ctx.options.summary_max_tokens) or None


def _item(title: str, summary: str) -> str:
    return f"- {title}: {summary}" if title and summary else f"- {title or summary}"


def parse_branch(text: str) -> BranchAnswer:
    """Parse the OVERVIEW/QUESTIONS/TAGS answer; an unstructured answer is all overview."""
    out = BranchAnswer()
    loose: list[str] = []
    for raw in text.splitlines():
        m = _LINE.match(raw.strip())
        if not m:
            if raw.strip():
                loose.append(raw.strip())
            continue
        key, value = m.group(1).upper(), m.group(2).strip()
        if key == "OVERVIEW":
            out.overview = clean(value)
        elif key == "QUESTIONS":
            out.questions = _questions(value)[:5]
        else:
            tags = [clean(t).strip(" .").lower() for t in value.split(",")]
            out.tags = list(dict.fromkeys(t for t in tags if t))[:4]
    if not out.overview:
        out.overview = clean(" ".join(loose))
    return out


def _questions(value: str) -> list[str]:
    if value.count("?") >= 2:
        parts = [p.strip(" ,;") + "?" for p in value.split("?") if p.strip(" ,;")]
    else:
        parts = [p.strip() for p in value.split(",")]
    return list(dict.fromkeys(clean(p) for p in parts if clean(p)))
