"""The frontend registry: which frontend reads which file, in one place.

One row per source format: its name, the file suffixes it claims, the function turning
bytes into a `ParsedDocument`, and an optional sniffer for files whose suffix names no
format. The parse pass picks a frontend here (through the pass context), and the single
document discovery (`frontends.discovery`) takes its suffixes from here, so the CLI, the
Dagster partitions, the sensor and the schedules agree on what a document is.

Adding a frontend = a module under `frontends/`, a `Frontend` row below, a test. Tests and
plugins can compile through an extra frontend without touching this module:
`REGISTRY.with_frontend(Frontend(...))` returns a new registry to pass to
`compile_document(..., frontends=...)` or `build_defs(..., frontends=...)`.

Frontend modules are imported when first used, so `import vectorless_assets` does not load
pypdf or python-docx.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

Parse = Callable[[bytes, CompileOptions], ParsedDocument]


@dataclass(frozen=True)
class Frontend:
    """A source format: `parse(data, options)` reads files ending in one of `suffixes`."""

    format: str
    suffixes: tuple[str, ...]
    parse: Parse
    sniff: Callable[[bytes], bool] | None = None


def _markdown(data: bytes, options: CompileOptions) -> ParsedDocument:
    from vectorless_assets.frontends.markdown import parse_markdown

    return parse_markdown(data, options=options)


def _pdf(data: bytes, options: CompileOptions) -> ParsedDocument:
    from vectorless_assets.frontends.pdf import parse_pdf

    return parse_pdf(data, options=options)


def _docx(data: bytes, options: CompileOptions) -> ParsedDocument:
    from vectorless_assets.frontends.docx import parse_docx

    return parse_docx(data, options=options)


def _is_docx(data: bytes) -> bool:
    return data.startswith(b"PK\x03\x04") and b"word/" in data[:4096]


@dataclass(frozen=True)
class Registry:
    """Frontends by format; the first one is the fallback for unknown suffixes."""

    frontends: tuple[Frontend, ...]

    @property
    def suffixes(self) -> frozenset[str]:
        """Every suffix a frontend claims (lower case, with the dot)."""
        return frozenset(s for f in self.frontends for s in f.suffixes)

    def for_source(self, name: str, data: bytes = b"") -> Frontend:
        """The frontend for a file: by suffix, else by sniffing the bytes, else the first."""
        suffix = PurePosixPath(name).suffix.lower()
        for frontend in self.frontends:
            if suffix in frontend.suffixes:
                return frontend
        for frontend in self.frontends:
            if frontend.sniff is not None and frontend.sniff(data):
                return frontend
        return self.frontends[0]

    def with_frontend(self, frontend: Frontend) -> Registry:
        """A new registry with `frontend` added (or replacing the one of the same format)."""
        kept = tuple(f for f in self.frontends if f.format != frontend.format)
        return Registry((*kept, frontend))


#: Markdown first: it reads any text and is the fallback. `.txt` files are read as Markdown.
REGISTRY = Registry(
    (
        Frontend("markdown", (".md", ".markdown", ".txt"), _markdown),
        Frontend("pdf", (".pdf",), _pdf, sniff=lambda data: data.startswith(b"%PDF")),
        Frontend("docx", (".docx",), _docx, sniff=_is_docx),
    )
)
