"""The one call a pass may make to a language model."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class LLMError(RuntimeError):
    """The model could not answer (network, HTTP status, malformed response)."""


@runtime_checkable
class LLMClient(Protocol):
    """A chat-completion client: one prompt in, one text out.

    Implementations: `vectorless_assets.llm.openai.OpenAICompatibleClient` (any
    OpenAI-compatible endpoint) and, in Dagster, the `llm` resource. `model` names the model
    for `DocumentMeta.processing_model`.
    """

    model: str

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        """Return the model's answer to `prompt`; raise `LLMError` on failure."""
        ...
