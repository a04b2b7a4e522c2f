"""What a PDF font dictionary says about a face: identity, weight, slant; and weight relative
to the body face of the document.

Publishers' PDFs embed subset fonts under names like `ABCDEF+MinionPro-Sb`: the weight is an
abbreviation in the style part of the name (`Sb`, `Smbd`, `Md`, `Hv`, `Blk`), a word
(`Semibold`, `Medium`, `Demi`, `Heavy`, `Black`), or absent. When the name says nothing, the
descriptor may (`/FontWeight`, the ForceBold flag), and otherwise only a comparison with the
body face does: a stem (`/StemV`) much thicker than the body face's, or, within one family
when stems say nothing, lowercase glyphs clearly wider than the body face's
(`mark_heavier`). Only faces of the body's family are compared: producers write stems of
unrelated values for different families (Arial's 346 against Times' 153).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

_BOLD_NAME = re.compile(
    r"bold|black|heavy|semibold|demi|medi(?:um)?\b|[-,+]bd\b|cmbx|cmb\d|\bbd\b|-b$|extrab|ultrab",
    re.I,
)
# abbreviated weights in the style part of a name, optionally followed by an italic mark
_BOLD_ABBREV = re.compile(
    r"[-,_](?:sb|sbd|smbd|sembd|semibd|dm|dmbd|db|md|med|hv|hvy|blk|xbd?|eb|ebd|ub|ubd)"
    r"(?:it|i|ita|ital|obl|oblique|italic)?$",
    re.I,
)
_ITALIC_NAME = re.compile(
    r"italic|oblique|cmti|cmsl|-it$|-i$|,it|[-,](?:sb|sbd|smbd|semibold|bold|bd|md|medium|"
    r"blk|black|hv|heavy|light|lt|regular|book)?(?:it|ita|ital|obl)$",
    re.I,
)
_CODE_NAME = re.compile(r"mono|courier|cmtt|consol|code|typewriter|math|cmsy|cmmi|cmex", re.I)
_SUBSET = re.compile(r"^/?[A-Z]{6}\+")
_STANDARD_ENCODINGS = {"/WinAnsiEncoding", "/MacRomanEncoding", "/StandardEncoding"}
STEM_RATIO = 1.3  # a stem this much thicker than the body face's is a heavier weight
WIDTH_RATIO = 1.05  # lowercase glyphs this much wider, same family, no stem difference


@dataclass(frozen=True, slots=True)
class FontStyle:
    """A face as the font dictionary describes it. `stem`: /StemV (0 = not given); `width`:
    the mean advance width of the lowercase letters in 1/1000 em (0 = unknown)."""

    name: str
    bold: bool
    italic: bool
    stem: float = 0.0
    width: float = 0.0
    fixed: bool = False  # fixed pitch or named so (code), or a math font

    @property
    def family(self) -> str:
        return re.split(r"[-,]", self.name, maxsplit=1)[0].lower()


PLAIN = FontStyle("", False, False)


def font_style(font: Any, cache: dict[int, FontStyle]) -> FontStyle:
    """The `FontStyle` of a pypdf font dictionary (PLAIN when there is none); cached by id."""
    if font is None:
        return PLAIN
    key = id(font)
    if key not in cache:
        try:
            cache[key] = _read(font)
        except Exception:  # noqa: BLE001 - odd font dictionaries must never break extraction
            cache[key] = PLAIN
    return cache[key]


def _read(font: Any) -> FontStyle:
    name = _SUBSET.sub("", str(font.get("/BaseFont", "") or font.get("/Name", ""))).lstrip("/")
    bold = bool(_BOLD_NAME.search(name) or _BOLD_ABBREV.search(name))
    italic = bool(_ITALIC_NAME.search(name))
    stem = 0.0
    fixed = bool(_CODE_NAME.search(name))
    desc = font.get("/FontDescriptor")
    if desc is None and "/DescendantFonts" in font:
        desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
    if desc is not None:
        desc = desc.get_object()
        weight = desc.get("/FontWeight")
        flags = int(desc.get("/Flags", 0) or 0)
        if (weight is not None and float(weight) >= 600) or flags & (1 << 18):
            bold = True
        inner = _SUBSET.sub("", str(desc.get("/FontName", "")))
        if not bold and (_BOLD_NAME.search(inner) or _BOLD_ABBREV.search(inner)):
            bold = True
        stem = float(desc.get("/StemV", 0) or 0)
        fixed = fixed or bool(flags & 1)
        italic = italic or float(desc.get("/ItalicAngle", 0) or 0) < -4
    return FontStyle(name, bold, italic, stem, _lowercase_width(font), fixed)


def _lowercase_width(font: Any) -> float:
    """Mean /Widths entry of a..z for a simple font with a standard encoding, else 0."""
    enc = font.get("/Encoding")
    enc = enc.get_object() if enc is not None else None
    if hasattr(enc, "get"):
        enc = enc.get("/BaseEncoding", "/StandardEncoding")
    widths = font.get("/Widths")
    if str(enc) not in _STANDARD_ENCODINGS or widths is None:
        return 0.0
    first = int(font.get("/FirstChar", 0))
    vals = [float(w) for w in widths.get_object()]
    got = [vals[c - first] for c in range(97, 123) if 0 <= c - first < len(vals)]
    return sum(got) / len(got) if len(got) == 26 else 0.0


class _Styled(Protocol):
    text: str
    bold: bool
    face: FontStyle


def heavier(face: FontStyle, body: FontStyle) -> bool:
    """True when `face` is a heavier weight than the body face `body` (neither named bold)."""
    if face.bold or face.fixed or face.name == body.name or face.family != body.family:
        return False  # stems and widths of different families say nothing about weight
    if face.stem and body.stem and face.stem >= STEM_RATIO * body.stem:
        return True
    same_stem = not face.stem or not body.stem or face.stem == body.stem
    return bool(same_stem and face.width and body.width and face.width >= WIDTH_RATIO * body.width)


def mark_heavier(lines: Iterable[_Styled]) -> None:
    """Set `bold` on the lines set in a face heavier than the body face (the face of most
    characters), in place: a semibold whose name and descriptor do not say so."""
    lines = list(lines)
    chars: Counter[FontStyle] = Counter()
    for ln in lines:
        chars[ln.face] += len(ln.text)
    if not chars:
        return
    body = chars.most_common(1)[0][0]
    if not body.name or body.bold:
        return
    heavy = {f for f in chars if heavier(f, body)}
    for ln in lines:
        if ln.face in heavy:
            ln.bold = True
