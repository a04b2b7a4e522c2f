"""The fonts of a generated book: the standard Times faces, or reportlab's bundled Bitstream
Vera faces embedded as subsets under a publisher's PostScript names ("AAAAAA+MinionPro-It"),
the bold one possibly under a name with no weight word the detector reads ("MinionPro-Sb":
only its /StemV and glyph widths say it is heavier)."""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .plan import Plan

VERA = Path(reportlab.__file__).resolve().parent / "fonts"
TIMES = {"regular": "Times-Roman", "italic": "Times-Italic", "bold": "Times-Bold"}


def _embedded(ps_name: str, file: str) -> str:
    """Register Vera `file` under the PostScript name `ps_name` (once); its reportlab name."""
    name = f"pb-{ps_name}"
    if name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(name, str(VERA / file))
        font.face.name = ps_name.encode()
        pdfmetrics.registerFont(font)
    return name


def fonts(plan: Plan) -> dict[str, str]:
    """reportlab font name per role ("regular", "italic", "bold") for `plan`."""
    if plan.family == "Times":
        return dict(TIMES)
    fam = plan.family
    return {
        "regular": _embedded(f"{fam}-Regular", "Vera.ttf"),
        "italic": _embedded(f"{fam}-It", "VeraIt.ttf"),
        "bold": _embedded(plan.heavy or f"{fam}-Bold", "VeraBd.ttf"),
    }


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def caps(text: str, mode: str) -> str:
    """The text as set: upper case for "all" and "small" (small caps draw it in two sizes)."""
    return text.upper() if mode else text
