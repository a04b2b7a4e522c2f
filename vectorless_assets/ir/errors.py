"""The errors users meet: a document that cannot be compiled (`CompileError`, `SourceError`)
and a stored IR file that cannot be trusted (`IRIntegrityError` and its kinds) or written
(`IRWriteError`): one module, in the IR's room because reading a source makes an IR and
the IR layer imports nothing above it. The package root's error names come from here."""

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


class IRIntegrityError(Exception):
    """An IR file cannot be trusted: one family for everything that can be wrong with a stored
    IR file. The message names the file and what is wrong."""

    def __init__(self, path: object, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class IRFormatError(IRIntegrityError):
    """Not an IR envelope at all: unreadable, not JSON, truncated, missing keys."""


class IRChecksumError(IRIntegrityError):
    """The payload does not match its recorded SHA-256 checksum (tampered or corrupted)."""


class IRVersionError(IRIntegrityError):
    """Unknown envelope version, or a schema version newer than this tool understands."""


class IRSchemaError(IRIntegrityError):
    """The checksum holds but the payload is not a valid Document."""


class IRWriteError(OSError):
    """An IR file could not be written (a read-only or full IR folder): the one-line message
    names the file, its folder and the system's reason."""
