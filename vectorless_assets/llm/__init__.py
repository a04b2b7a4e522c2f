"""LLM client protocol. Every pass works without one (`llm=None`)."""

from vectorless_assets.llm.protocol import LLMClient, LLMError

__all__ = ["LLMClient", "LLMError"]
