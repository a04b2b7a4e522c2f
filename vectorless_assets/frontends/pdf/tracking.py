"""Letter-spacing and kerning inside a TJ array, joined before pypdf reads it as word gaps.

A TJ array draws strings with offsets between them (thousandths of an em; negative moves
right). pypdf writes a space where an offset reaches about half the font's space width, so
letter-spaced titles come out split inside words ("C O N S O L I D A T E D", "State ments").
Here an array is rewritten in place (through pypdf's `visitor_operand_before`, before the
array is read) by these rules, measured against the font's own space width:

- a kern (an offset under `KERN` space widths either way) never separates words: the strings
  on both sides are one string;
- tracked text (at least `MIN_TRACKED` offsets, most strings one or two glyphs): the
  narrowest gap is the tracking; a gap wider than it by less than `WORD` space widths is
  tracking too (joined); a word gap is the tracking plus a space, or a space glyph.

Everything else (word gaps of justified or TeX-set text, columns) is left as it is.
"""

from __future__ import annotations

from typing import Any

from pypdf.generic import ByteStringObject, TextStringObject

KERN = 0.25  # offsets under this many space widths are kerning
WORD = 0.5  # a gap this many space widths above the tracking is a word gap
MIN_TRACKED = 3
DEFAULT_SPACE = 250.0  # thousandths of an em, when the font declares no space width


def _is_text(item: Any) -> bool:
    return isinstance(item, (bytes, str))


def _short(item: Any) -> bool:
    """One glyph (two bytes for a two-byte font)."""
    return len(item) <= (2 if isinstance(item, bytes) else 1)


def _joined(a: Any, b: Any) -> Any | None:
    """`a` and `b` as one string of the same kind, None when their kinds differ."""
    if isinstance(a, bytes) and isinstance(b, bytes):
        return ByteStringObject(bytes(a) + bytes(b))
    if isinstance(a, str) and isinstance(b, str) and not isinstance(a, bytes):
        return TextStringObject(str(a) + str(b))
    return None


def _tracking(items: list[Any]) -> float | None:
    """The tracking gap of a letter-spaced array (in thousandths of an em), else None."""
    texts = [x for x in items if _is_text(x)]
    gaps = [-float(x) for x in items if not _is_text(x) and float(x) < 0]
    if len(gaps) < MIN_TRACKED or 3 * sum(_short(t) for t in texts) < 2 * len(texts):
        return None
    return min(gaps)


def join_tracked(items: list[Any], space: float) -> list[Any]:
    """`items` (a TJ array) with kerned and letter-spaced strings joined (module docstring).

    A dropped offset moves the pen by less than a space; pypdf only uses it to place spaces."""
    space = space if space > 0 else DEFAULT_SPACE
    track = _tracking(items)
    out: list[Any] = []
    held: Any = None  # a joinable offset after the last string
    for item in items:
        if not _is_text(item):
            off = float(item)
            kern = abs(off) < KERN * space
            tracked = track is not None and off < 0 and -off < track + WORD * space
            if held is None and (kern or tracked) and out and _is_text(out[-1]):
                held = item
            else:
                out += [held, item] if held is not None else [item]
                held = None
            continue
        merged = _joined(out[-1], item) if held is not None else None
        if merged is not None:
            out[-1] = merged
        else:
            out += [held, item] if held is not None else [item]
        held = None
    return out + ([held] if held is not None else [])


def _space_width(font: Any) -> float:
    """The width of the font's space glyph (thousandths of an em) from its /Widths, else 0."""
    try:
        font = font.get_object()
        widths, first = font.get("/Widths"), int(font.get("/FirstChar", 0))
        if widths is not None and 0 <= 32 - first < len(widths):
            return float(widths[32 - first].get_object())
    except Exception:  # noqa: BLE001 - a malformed font dictionary: the default width
        return 0.0
    return 0.0


class TrackingJoiner:
    """A pypdf `visitor_operand_before` for one page: follows Tf and rewrites each TJ array
    in place with `join_tracked` before pypdf reads it."""

    def __init__(self, page: Any) -> None:
        try:
            self._fonts = page["/Resources"].get_object()["/Font"].get_object()
        except Exception:  # noqa: BLE001 - no font resources: the default width throughout
            self._fonts = {}
        self._space = 0.0
        self._cache: dict[str, float] = {}

    def __call__(self, op: bytes, operands: Any, cm: Any, tm: Any) -> None:
        if op == b"Tf" and operands:
            name = str(operands[0])
            if name not in self._cache:
                font = self._fonts.get(name) if hasattr(self._fonts, "get") else None
                self._cache[name] = _space_width(font) if font is not None else 0.0
            self._space = self._cache[name]
        elif op == b"TJ" and operands and isinstance(operands[0], list):
            operands[0][:] = join_tracked(list(operands[0]), self._space)
