"""The reference scan's rewritten patterns and anchored scans match exactly what the full
scans of the original patterns match, on random reference-like texts."""

from __future__ import annotations

import random

from vectorless_assets.passes.enrich import reference_scan as rs


def test_reference_matches_tried_at_the_scans_starts_equal_the_full_scan() -> None:
    pieces = [
        "see ",
        "See also ",
        "Section 2.1",
        "§§ 4",
        "§3",
        "pp. 7",
        "p.5",
        "app. 3",
        "Eqs. 2",
        "eq.4",
        "Figure 3",
        "figs. 1",
        "Table A",
        "tables 2",
        "Chapter IV",
        "appendices B",
        "page 12",
        "pages",
        "ſee",
        "\u212a",
        "İ",
        "x",
        " ",
        "\n",
        ".",
        "(",
        "2",
        "A.1",
        "step.",
        "http://p.x",
        "pp.p. 4",
        "eqs.eq. 1",
        "seesection 5",
        "(p. 6",
    ]
    rng = random.Random(9)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        starts = rs.scan_text(text).starts
        found = rs.REF.finditer(text) if starts is None else rs.tried_at(rs.REF, text, starts)
        got = [m.group(0) for m in found]
        assert got == [m.group(0) for m in rs.REF.finditer(text)], text


def test_caption_scan_equals_the_anchored_scan() -> None:
    pieces = [
        "Table 1:",
        "table 2",
        "Fig. 3.",
        "figure A",
        "Eq. 4)",
        "equation 5 |",
        "\n",
        "\n\n",
        " ",
        "\t",
        "x",
        "1",
        ".",
        ":",
        "Table\n3",
        "  Figure 2\n",
        "A.1",
    ]
    rng = random.Random(5)
    hits = 0
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        expected = [(m.span("kind"), m.span("target")) for m in rs.CAPTION.finditer(text)]
        got = [(m.span("kind"), m.span("target")) for m in rs.caption_scan(text)]
        assert got == expected, text
        hits += bool(expected)
    assert hits > 1000


def test_title_reference_matches_equal_the_full_scan() -> None:
    pieces = [
        "see ",
        "See also ",
        "SEE the ",
        '"',
        "\u201c",
        "\u201d",
        "Install",
        "ing",
        "\n",
        " ",
        "seesee ",
        "\u017fee ",
        "x",
        "ab",
        "the ",
        "also ",
    ]
    rng = random.Random(6)
    hits = 0
    for _ in range(8000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        expected = [m.span("title") for m in rs.TITLE_REF.finditer(text)]
        sees = rs.scan_text(text).sees
        found = (
            rs.TITLE_REF.finditer(text) if sees is None else rs.tried_at(rs.TITLE_REF, text, sees)
        )
        got = [m.span("title") for m in found]
        assert got == expected, text
        hits += bool(expected)
    assert hits > 200
