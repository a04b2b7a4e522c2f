"""Compile options and the logic fingerprint that identifies them."""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict

from vectorless_assets.jsonform import canonical_json
from vectorless_assets.version import PROCESSING_VERSION

Mode = Literal["fast", "standard", "deep"]
MODES: tuple[Mode, ...] = ("fast", "standard", "deep")


class CompileOptions(BaseModel):
    """Everything that changes what a compile produces (besides the source bytes).

    The defaults are the reference implementation's constants. Any change here changes the
    logic fingerprint, so stored IRs built with other options are recompiled.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Mode = "fast"
    processing_version: int = PROCESSING_VERSION
    # frontends
    use_pdf_outline: bool = True
    use_printed_toc: bool = True  # PDFs without a usable outline: structure from the printed ToC
    max_pages: int | None = 5000
    pdf_timeout_seconds: float | None = 600.0  # per-document PDF text extraction budget
    max_source_bytes: int = 200 * 1024 * 1024
    # parse: LLM calls per PDF confirming headings detected by a narrow margin (standard and
    # deep mode with an LLM; 0 = never ask)
    structure_llm_calls: int = 4
    # build
    thinning: bool = False
    thinning_threshold: int = 500
    # split
    split_max_tokens: int = 4000
    # enhance
    summary_shortcut_tokens: int = 50
    summary_max_tokens: int = 200
    # reasoning
    max_keywords: int = 5000
    postings_per_keyword: int = 20
    llm_synonyms: bool = True
    # concept
    max_concepts: int = 15
    # overlap
    overlap_threshold: float = 0.8
    overlap_min_chars: int = 50
    # optimize
    optimize_min_tokens: int = 50
    # llm: the model the LLM passes used (None = LLM-free fallbacks); set by compile_document
    llm_model: str | None = None

    def logic_fingerprint(self) -> str:
        """SHA-256 (first 32 hex chars) of the canonical JSON of all options."""
        return hashlib.sha256(canonical_json(self.model_dump(mode="json")).encode()).hexdigest()[:32]

    def with_mode(self, mode: Mode) -> CompileOptions:
        return self.model_copy(update={"mode": mode})
