"""vectorless-assets: compile documents into a navigable Document IR, orchestrated by Dagster.

Public API::

    from vectorless_assets import compile_document, save_ir, load_ir, Document
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vectorless_assets.version import __version__

if TYPE_CHECKING:
    from vectorless_assets.ir import Document, load_ir, save_ir
    from vectorless_assets.ir.errors import CompileError, IRIntegrityError, SourceError
    from vectorless_assets.options import CompileOptions
    from vectorless_assets.orchestration.component.component import DocumentCompilerComponent
    from vectorless_assets.pipeline.compile import compile_document

_LAZY = {
    "compile_document": "vectorless_assets.pipeline.compile",
    "CompileOptions": "vectorless_assets.options",
    "Document": "vectorless_assets.ir",
    "load_ir": "vectorless_assets.ir",
    "save_ir": "vectorless_assets.ir",
    "IRIntegrityError": "vectorless_assets.ir.errors",
    "CompileError": "vectorless_assets.ir.errors",
    "SourceError": "vectorless_assets.ir.errors",
    # the dg Component (imports Dagster; `dg` finds it through the registry_modules entry point)
    "DocumentCompilerComponent": "vectorless_assets.orchestration.component.component",
}

__all__ = [
    "CompileError",
    "CompileOptions",
    "Document",
    "DocumentCompilerComponent",
    "IRIntegrityError",
    "SourceError",
    "__version__",
    "compile_document",
    "load_ir",
    "save_ir",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'vectorless_assets' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The lazy names too: `dg` lists a registry module's components with `dir()`."""
    return sorted(set(globals()) | set(_LAZY))
