"""Compile options and the logic fingerprint that identifies them."""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from vectorless_assets.ir.canonical import canonical_json
from vectorless_assets.version import PROCESSING_VERSION

Mode = Literal["fast", "standard", "deep"]
MODES: tuple[Mode, ...] = ("fast", "standard", "deep")

#: The lowest `overlap_threshold` accepted (see the field).
MIN_OVERLAP_THRESHOLD = 0.5


class CompileOptions(BaseModel):
    """Everything that changes what a compile produces (besides the source bytes).

    The defaults are the reference implementation's constants. Any change here changes the
    logic fingerprint, so stored IRs built with other options are recompiled.

    Every value is checked at construction (`pydantic.ValidationError`, a `ValueError`):
    floats must be finite, counts that size an output must be at least 1 (0 only where it
    has a meaning, said beside the field), Jaccard thresholds lie in [0.5, 1]. `model_copy`
    does not validate: it is used only for `mode` (`with_mode`, which checks it) and
    `llm_model`.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    mode: Mode = "fast"
    processing_version: int = Field(PROCESSING_VERSION, ge=1)
    # frontends
    use_pdf_outline: bool = True
    use_printed_toc: bool = True  # PDFs without a usable outline: structure from the printed ToC
    max_pages: int | None = Field(5000, ge=1)  # None = every page
    # per-document PDF text extraction budget, seconds (None = no budget)
    pdf_timeout_seconds: float | None = Field(600.0, gt=0)
    max_source_bytes: int = Field(200 * 1024 * 1024, ge=1)
    # parse: LLM calls per PDF confirming headings detected by a narrow margin (standard and
    # deep mode with an LLM; 0 = never ask)
    structure_llm_calls: int = Field(4, ge=0)
    # build
    thinning: bool = False
    thinning_threshold: int = Field(500, ge=1)
    # split
    split_max_tokens: int = Field(4000, ge=1)
    # enhance (shortcut 0 = no node keeps its own text as its summary)
    summary_shortcut_tokens: int = Field(50, ge=0)
    summary_max_tokens: int = Field(200, ge=1)
    # reasoning
    max_keywords: int = Field(5000, ge=1)
    postings_per_keyword: int = Field(20, ge=1)
    llm_synonyms: bool = True
    # concept
    max_concepts: int = Field(15, ge=1)
    # overlap: below a Jaccard of 0.5 pairs share less than half their words, and their
    # number (the output) grows towards all pairs of leaves; min chars 0 = every leaf with words
    overlap_threshold: float = Field(0.8, ge=MIN_OVERLAP_THRESHOLD, le=1.0)
    overlap_min_chars: int = Field(50, ge=0)
    # optimize (0 = no leaf is tiny: nothing merged)
    optimize_min_tokens: int = Field(50, ge=0)
    # llm: the model the LLM passes used (None = LLM-free fallbacks); set by compile_document
    llm_model: str | None = None

    def logic_fingerprint(self) -> str:
        """SHA-256 (first 32 hex chars) of the canonical JSON of all options."""
        digest = hashlib.sha256(canonical_json(self.model_dump(mode="json")).encode())
        return digest.hexdigest()[:32]

    def with_mode(self, mode: Mode) -> CompileOptions:
        """These options in `mode`; a `ValueError` (one line) for a mode that is not one of
        `MODES`."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        return self.model_copy(update={"mode": mode})
