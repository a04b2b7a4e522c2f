"""What a pass may know besides the fields it reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.pipeline.options import CompileOptions


@dataclass
class LLMUsage:
    calls: int = 0
    prompt_chars: int = 0
    completion_chars: int = 0
    failures: int = 0


@dataclass
class PassEnv:
    """Options of this compile and the optional LLM client (None = LLM-free fallbacks)."""

    options: CompileOptions = field(default_factory=CompileOptions)
    llm: LLMClient | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)
