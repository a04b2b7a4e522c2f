"""One row of the pass table (`Pass`) and the mode sets rows run in (`ALL`, `STANDARD_UP`, `DEEP`).

A row names a pure function, the fields it reads and writes, its phase, version and modes,
whether it may use an LLM, the options it reads (its code version covers only those) and
what an incremental compile reuses. `tablespec.PassTable` checks rows against each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from vectorless_assets.options import MODES, Mode

Phase = Literal["frontend", "analysis", "transform", "backend"]
ALL: frozenset[Mode] = frozenset(MODES)
STANDARD_UP: frozenset[Mode] = frozenset({"standard", "deep"})
DEEP: frozenset[Mode] = frozenset({"deep"})


@dataclass(frozen=True, kw_only=True)
class Pass:
    """One row of the table (see the module docstring)."""

    name: str
    run: Callable[..., Any]
    reads: tuple[str, ...]
    writes: tuple[str, ...]
    phase: Phase
    version: str
    modes: frozenset[Mode]
    llm: bool = False
    #: read when present; a mode that does not build them passes their empty default
    optional_reads: tuple[str, ...] = ()
    #: the spec marks it required: it must run in every mode (tested)
    required: bool = False
    #: the `CompileOptions` it reads: only these (with its version, whether it runs in the
    #: mode, the processing version and, for an LLM pass, the model) make its code version
    options: tuple[str, ...] = ()
    #: for an LLM pass that asks the model only in some of its modes: those modes (None =
    #: every mode it runs in); outside them the model is not part of its code version
    llm_modes: frozenset[Mode] | None = None
    #: the options it reads only when it asks the model (part of its code version only then)
    llm_options: tuple[str, ...] = ()
    #: what an incremental compile reuses (docs): "node" = per-node results of unchanged
    #: subtrees; "field" = its outputs when its code version and inputs are unchanged;
    #: "none" = always recomputed (cheap)
    reuse: str = "field"
    #: the calls it makes once per document (not per node): redone when what it reads changed
    document_llm_calls: str = ""

    @property
    def all_reads(self) -> tuple[str, ...]:
        return self.reads + self.optional_reads

    @property
    def description(self) -> str:
        """First paragraph of the pass function's docstring."""
        doc = (self.run.__doc__ or self.run.__module__ or "").strip()
        return doc.split("\n\n")[0].replace("\n", " ").strip()

    def runs_in(self, mode: Mode) -> bool:
        return mode in self.modes

    @cached_property
    def label(self) -> str:
        """`name:version`, the LLM cache's namespace while the pass runs
        (`PassContext.current_pass`)."""
        return f"{self.name}:{self.version}"

    def may_ask(self, mode: Mode) -> bool:
        """Whether, in `mode`, it calls the model when one is configured."""
        return self.llm and mode in (self.modes if self.llm_modes is None else self.llm_modes)
