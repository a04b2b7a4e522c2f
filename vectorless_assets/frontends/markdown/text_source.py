"""Text sources: bytes -> normalized text, and what a "line" is.

Decoding (text frontends, i.e. Markdown):

* UTF-8, with a leading BOM stripped; UTF-16 only with its BOM (``FF FE`` / ``FE FF``).
* Bytes that look binary raise `SourceError` with a one-line message: any NUL byte, or more
  than 10% of the bytes being C0 control characters other than tab, LF, VT, FF, CR and ESC.
* Invalid UTF-8 that is otherwise text gets a documented fallback, reported as a warning
  diagnostic (code ``decode_fallback``): when most non-ASCII sequences are valid UTF-8 (a
  few corrupt bytes in a UTF-8 file) the bad bytes become U+FFFD; otherwise the file is a
  legacy 8-bit file and is decoded as Windows-1252 (Latin-1 for the five bytes cp1252
  leaves undefined), which never fails.

Lines: after decoding, ``\\r\\n`` and lone ``\\r`` become ``\\n`` (the same normalization
markdown-it applies), and the text is split on ``\\n`` only. A trailing newline does not
start an extra line, so ``"a\\nb\\n"`` has 2 lines, ``""`` has 0 and ``"\\n"`` has 1 (empty)
line. Line numbers are 1-based. Other Unicode line separators (U+2028, form feed...) do not
split lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.errors import SourceError

_BOM = b"\xef\xbb\xbf"
# C0 controls that plain text does not contain (keeps \t \n \v \f \r and ESC for ANSI logs).
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 27))
_HIGH = bytes(range(128, 256))
BINARY_CONTROL_RATIO = 0.10


@dataclass
class DecodedText:
    """Normalized text of a source plus the decoding diagnostics."""

    text: str
    encoding: str = "utf-8"
    diagnostics: list[Diagnostic] = field(default_factory=list)


def check_not_binary(data: bytes) -> None:
    """Raise `SourceError` when `data` looks like a binary file rather than text."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise SourceError(f"binary file, not text: NUL byte at offset {nul}")
    if not data:
        return
    controls = len(data) - len(data.translate(None, _CONTROL))
    if controls / len(data) > BINARY_CONTROL_RATIO:
        raise SourceError(
            f"binary file, not text: {controls} of {len(data)} bytes are control characters"
        )


def decode_text(data: bytes, *, source: str = "parse") -> DecodedText:
    """Decode source bytes per the module rules and normalize line endings."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise SourceError(f"invalid UTF-16 text ({exc.reason} at byte {exc.start})") from exc
        if "\x00" in text:
            raise SourceError("binary file, not text: NUL character in UTF-16 data")
        return DecodedText(text=text.replace("\r\n", "\n").replace("\r", "\n"), encoding="utf-16")
    check_not_binary(data)
    diagnostics: list[Diagnostic] = []
    encoding = "utf-8"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        text, encoding = _fallback(data)
        diagnostics.append(
            Diagnostic(
                source=source,
                code="decode_fallback",
                message=(
                    f"not valid UTF-8 ({exc.reason} at byte {exc.start}); decoded as {encoding}"
                ),
                severity="warning",
            )
        )
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return DecodedText(text=text, encoding=encoding, diagnostics=diagnostics)


def _fallback(data: bytes) -> tuple[str, str]:
    """Decode invalid UTF-8: mostly-UTF-8 keeps UTF-8 with U+FFFD, else cp1252/latin-1."""
    replaced = data.decode("utf-8", errors="replace")
    bad = replaced.count("\ufffd") - data.decode("utf-8", errors="ignore").count("\ufffd")
    high_bytes = len(data) - len(data.translate(None, _HIGH))
    # bytes consumed by valid multi-byte sequences; each bad sequence costs at most 3 bytes
    if high_bytes - 3 * bad >= bad:
        return replaced, "utf-8 (invalid bytes replaced by U+FFFD)"
    return data.decode("latin-1").translate(_CP1252_TABLE), "cp1252"


def _cp1252_table() -> dict[int, str]:
    """Latin-1 -> cp1252 for 0x80-0x9F (the five bytes cp1252 leaves undefined stay Latin-1)."""
    table: dict[int, str] = {}
    for b in range(0x80, 0xA0):
        try:
            table[b] = bytes([b]).decode("cp1252")
        except UnicodeDecodeError:
            continue
    return table


_CP1252_TABLE = _cp1252_table()


def line_count(text: str) -> int:
    """Number of lines of normalized `text` (see the module docstring)."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)
