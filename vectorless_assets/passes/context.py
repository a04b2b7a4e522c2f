"""The pass context: what a pass may know besides the fields it reads.

One context per document compile (never shared between documents: LLM usage is counted per
document). It sits beside the passes that receive it; the pipeline, which makes one per
compile, imports it from here. It imports no pass and nothing of `pipeline/`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY
from vectorless_assets.llm.cache import CachedLLM
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.options import CompileOptions
from vectorless_assets.text.word_cache import WordCache


@dataclass
class PassContext:
    """Options of this compile, the optional LLM client (None = LLM-free fallbacks), the LLM
    usage so far, the frontends the parse pass chooses from, pass durations (ms), and the
    words of node texts that several passes share (`text.word_cache`)."""

    options: CompileOptions = field(default_factory=CompileOptions)
    llm: LLMClient | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)
    #: a `frontends.registry.Registry`; None = the default registry (kept untyped here so the
    #: context imports no frontend code)
    frontends: Any = None
    durations: dict[str, float] = field(default_factory=dict)
    texts: WordCache = field(default_factory=WordCache)
    #: the document's previous IR when there is one, whatever this compile reuses of it (its
    #: `created_at` is kept, the change set is measured against its tree); None: a first compile
    previous: Any = None
    #: a `pipeline.incremental.Reuse` over the previous IR (None: compile everything)
    reuse: Any = None
    #: per-node results the passes recomputed (those reused are counted by `reuse`)
    recomputed_nodes: int = 0
    #: what this compile is ("full" or "incremental") and why (`pipeline.freshness.resolve_action`)
    action: str = "full"
    action_reason: str = ""
    #: error diagnostics of optional passes that failed and were skipped
    #: (`pipeline.passfailure`); the assembled IR carries them
    pass_failures: list[Any] = field(default_factory=list)
    #: the pass running now and its code version (the lasting LLM cache's namespace)
    current_pass: str = ""

    #: the lasting LLM cache (`llm.cache.LLMCache`): when given, `llm` is wrapped so every pass
    #: asks it first; `refresh_llm` asks the model again (and stores the new answers)
    llm_cache: Any = None
    refresh_llm: bool = False
    #: how many independent LLM calls of a document may run at once (leaves, then each level
    #: of branches); results do not depend on it
    llm_concurrency: int = DEFAULT_LLM_CONCURRENCY

    def __post_init__(self) -> None:
        if (
            self.llm is not None
            and self.llm_cache is not None
            and not isinstance(self.llm, CachedLLM)
        ):
            self.llm = CachedLLM(
                self.llm, self.llm_cache, self.cache_namespace, refresh=self.refresh_llm
            )

    def cache_namespace(self) -> str:
        return f"{self.current_pass}|pv={self.options.processing_version}"
