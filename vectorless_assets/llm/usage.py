"""Counting a document's LLM work: calls, characters, failures."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field


@dataclass
class LLMUsage:
    """LLM calls made for one document (`calls` includes failed ones)."""

    calls: int = 0
    prompt_chars: int = 0
    completion_chars: int = 0
    failures: int = 0
    #: answers taken from the lasting cache (no call made)
    cache_hits: int = 0
    #: retries the client made inside the calls (transient failures)
    retries: int = 0
    #: calls not made: the breaker was open or the document's LLM deadline had passed
    skipped: int = 0
    #: why calls were skipped ("breaker open", "deadline reached"), each said once
    notes: list[str] = field(default_factory=list)
    #: monotonic time by which this document's LLM work must end (set at its first call)
    deadline_at: float | None = None
    #: a document's calls may run on several threads
    #: (`passes.enhance.summarize_llm.LLMSummarizer.prefetch`)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, **deltas: int) -> None:
        """Add to the counters, safely from several threads."""
        with self.lock:
            for name, delta in deltas.items():
                setattr(self, name, getattr(self, name) + delta)

    def note(self, text: str) -> None:
        with self.lock:
            if text not in self.notes:
                self.notes.append(text)

    @property
    def degraded(self) -> bool:
        """Some LLM work failed or was not done: parts of the document use fallbacks."""
        return self.failures > 0 or self.skipped > 0

    @property
    def tokens(self) -> int:
        """Estimated tokens sent and received (4 characters a token)."""
        return (self.prompt_chars + self.completion_chars) // 4
