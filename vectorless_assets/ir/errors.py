"""One exception family for everything that can be wrong with a stored IR file."""

from __future__ import annotations


class IRIntegrityError(Exception):
    """An IR file cannot be trusted. The message names the file and what is wrong."""

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
