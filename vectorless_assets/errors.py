"""Errors raised while compiling a document (IR file errors live in `ir.errors`)."""

from __future__ import annotations


class CompileError(Exception):
    """A document could not be compiled. The message names the document and the cause."""

    def __init__(self, key: str, problem: str, *, pass_name: str | None = None) -> None:
        self.key = key
        self.problem = problem
        self.pass_name = pass_name
        where = f" [{pass_name}]" if pass_name else ""
        super().__init__(f"{key}{where}: {problem}")


class SourceError(ValueError):
    """The source bytes cannot be read as their format (corrupt PDF, binary .md, empty...).

    Raised by frontends with a one-line, user-facing message; the pipeline wraps it into a
    `CompileError` naming the document.
    """
