"""Counting a document's LLM work: calls, characters, failures."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class LLMUsage:
    """LLM calls made for one document (`calls` includes failed ones)."""

    calls: int = 0
    prompt_chars: int = 0
    completion_chars: int = 0
    failures: int = 0
    #: answers taken from the lasting cache (no call made)
    cache_hits: int = 0

    @property
    def tokens(self) -> int:
        """Estimated tokens sent and received (4 characters a token)."""
        return (self.prompt_chars + self.completion_chars) // 4
