"""Transcribe each held-out book's printed contents page as ground truth (level, title, page).

Independent of the compiler: the contents pages are read with pypdf's layout-mode text
(`extract_text(extraction_mode="layout")`, which keeps indentation). A row is a title
ending in a printed page number; a wrapped title (a numbered row without a page number,
then its tail) is joined. Levels: numbering depth ("3" 1, "3.4" 2, "3.4.1" 3, "Chapter 3:"
1), an unnumbered row takes the level most numbered rows at its indentation have (else 1).

Where the PDF's own outline matches the printed contents (as many entries within 10%, and
85% of its titles printed there), the outline is taken instead (its physical pages are
exact), keeping only entries whose title is printed on the contents pages; otherwise the
printed rows are used, their page numbers mapped to physical pages through /PageLabels or
an offset most titles agree on. Each file records which source it came from.

    python benchmarks/quality/heldout_books/transcribe.py [PDF_DIR] [--only NAME]
"""

from __future__ import annotations

import json
import logging
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from pypdf import PdfReader

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fetch_books import DEFAULT_DEST, books  # noqa: E402

ROW = re.compile(
    r"^(?P<ind>\s*)(?P<title>\S.*?\S)[\s.\u00b7\u2026]{2,}(?P<num>\d{1,4}|[ivxlc]{1,6})\s*$"
)
NUMBER = re.compile(
    r"^(?:(?:chapter|appendix)\s+(?P<ch>[\dA-Z]{1,3})\s*[:.]?|(?P<n>(?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,5})\.?)\s+\S",
    re.I,
)


def norm(s: str) -> str:
    return re.sub(r"[^\w]+", "", unicodedata.normalize("NFKC", s).lower())


def bare(title: str) -> str:
    """The title without its numbering, normalised."""
    m = NUMBER.match(title)
    return norm(title[m.end() - 1 :]) if m else norm(title)


LISTS = re.compile(
    r"^\s*(?:list\s+of\s+(?:figures|tables)|liste\s+des\s+(?:figures|tableaux))\s*$", re.I | re.M
)
PART = re.compile(r"^(?:part\s+)?[IVX]{1,4}\.?\s+[A-Z]")
# levels read off the printed page by hand where layout text misleads (an unnumbered
# chapter-level "References" set at the chapter's left edge, indented in layout text)
OVERRIDES: dict[str, dict[str, int]] = {"gprolog.pdf": {"References": 1, "Index": 1}}
# books whose contents indent differently on recto and verso pages: a numbered row is a
# chapter, a row whose page follows a middle dot ("Arguments \u00b7 11") a subsection, else a
# section (read off the printed page)
DOT_LEVELS = {"impatient-book.pdf"}
BACK = ("GNU Free Documentation License", "Index")
# DocBook and Asciidoctor books (FOP, Prawn) and a Distiller manual whose printed contents
# indent each level by a few points only, so layout text misreads the levels, and whose
# outline is made from the same source as the printed contents (the same titles, in the same
# order, at the levels the printed page shows): the outline's entries printed on the contents
# pages are taken, with the outline's levels (read off the printed pages to agree)
OUTLINE_LEVELS = {
    "BerkeleyDB-Core-C-GSG.pdf",
    "drbd-users-guide.pdf",
    "dsum360.pdf",
    "gnucash-help-en.pdf",
    "gpsbabel.pdf",
    "hsqldb-guide.pdf",
    "Publican-Users_Guide.pdf",
}


def depth(title: str) -> int:
    """Numbering depth of a printed title (0: unnumbered; -1: a "Part" label)."""
    if PART.match(title):
        return -1
    m = NUMBER.match(title)
    if not m:
        return 0
    if m.group("ch"):
        return 1
    n = m.group("n")
    if re.fullmatch(r"[A-Z]", n) and not re.match(r"^[A-Z]\s+[A-Z]", title):
        return 0  # "A word" is no appendix label
    return n.count(".") + 1


def toc_rows(reader: PdfReader) -> tuple[list[int], list[dict[str, Any]]]:
    """0-based contents pages and their rows (title, printed, indent, numbering depth)."""
    n = len(reader.pages)
    pages: list[int] = []
    out: list[dict[str, Any]] = []
    for i in range(min(n, max(15, n // 4))):
        lines = reader.pages[i].extract_text(extraction_mode="layout").splitlines()
        rows: list[dict[str, Any]] = []
        pending = ""
        listing = False
        for ln in lines:
            if pages and LISTS.match(ln):
                listing = True  # a list of figures or tables follows the contents
                break
            m = ROW.match(ln)
            if m is None:
                s = ln.strip()
                pending = s if s and depth(s) and len(s.split()) <= 12 else ""
                continue
            title = " ".join(m.group("title").split())
            ind = len(m.group("ind"))
            if pending and not depth(title):
                title = f"{pending} {title}"
            pending = ""
            rows.append(
                {
                    "title": re.sub(r"(?:\s*\.)+$", "", title),
                    "printed": m.group("num"),
                    "indent": ind,
                    "dot": "\u00b7" in ln[m.end("title") : m.start("num")],
                }
            )
        if (len(rows) >= 5 or (listing and rows)) and (not pages or i == pages[-1] + 1):
            pages.append(i)
            out += rows
            if listing:
                break
        elif pages or listing:
            break
    # a running header
    out = [r for r in out if bare(r["title"]) not in ("contents", "tableofcontents")]
    out = _without_brief(out)
    for r in out:
        r["depth"] = depth(r["title"])
    return pages, out


def _without_brief(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop a brief contents (chapters only) that the full contents repeats after it."""
    keys = [bare(r["title"]) for r in rows]
    for k in range(5, len(rows) // 2):
        if keys[k] == keys[0] and set(keys[:k]) <= set(keys[k:]):
            return rows[k:]
    return rows


def levels(rows: list[dict[str, Any]]) -> list[int]:
    """Numbering depth; an unnumbered row takes its indentation column's level: the usual
    depth of the numbered rows in that column, else one below the column to its left."""
    edges: list[int] = []
    for x in sorted({r["indent"] for r in rows}):
        if not edges or x - edges[-1] > 1:
            edges.append(x)
    col = [max(i for i, e in enumerate(edges) if r["indent"] >= e) for r in rows]
    depths: dict[int, Counter[int]] = {}
    for r, c in zip(rows, col, strict=True):
        if r["depth"] > 0:
            depths.setdefault(c, Counter())[r["depth"]] += 1
    level_of: list[int] = []
    for c in range(len(edges)):
        level_of.append(
            depths[c].most_common(1)[0][0] if c in depths else (level_of[-1] + 1 if level_of else 1)
        )
    out = [
        r["depth"] if r["depth"] > 0 else 0 if r["depth"] < 0 else level_of[c]
        for r, c in zip(rows, col, strict=True)
    ]
    shift = 1 if 0 in out else 0  # "Part" labels above the chapters
    return [v + shift for v in out]


def outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    out: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for it in items:
            if isinstance(it, list):
                walk(it, level + 1)
                continue
            try:
                page = reader.get_destination_page_number(it)
            except Exception:  # noqa: BLE001
                page = None
            if page is not None and page >= 0:
                out.append((level, " ".join(str(it.title).split()), page + 1))

    try:
        walk(reader.outline, 1)
    except Exception:  # noqa: BLE001
        return []
    return out


# books whose title page carries the label "1" that the first chapter's page carries too
LATER_LABELS = {"scons-user.pdf"}


def physical(
    reader: PdfReader, rows: list[dict[str, Any]], after: int, later: bool = False
) -> list[int | None]:
    """1-based physical page per row: /PageLabels, else the offset most titles agree on."""
    n = len(reader.pages)
    if "/PageLabels" in reader.trailer["/Root"]:
        index: dict[str, int] = {}
        labels = list(enumerate(reader.page_labels))
        # a label repeated before the contents (a title page labelled "1") is the later one
        for i, lab in labels[after + 1 :] + labels[: after + 1] if later else labels:
            index.setdefault(lab.lower(), i + 1)
        return [index.get(r["printed"].lower()) for r in rows]
    texts = [norm(reader.pages[i].extract_text()) if i > after else "" for i in range(n)]
    votes: Counter[int] = Counter()
    for r in rows:
        if r["printed"].isdigit():
            p = int(r["printed"])
            votes.update(
                off
                for off in range(-2, 40)
                if 0 <= p - 1 + off < n and bare(r["title"])[:30] in texts[p - 1 + off]
            )
    off = votes.most_common(1)[0][0] if votes else 0
    return [int(r["printed"]) + off if r["printed"].isdigit() else None for r in rows]


def _same_levels(
    found: list[tuple[int, str, int]], rows: list[dict[str, Any]], lv: list[int], top: int
) -> int:
    """Outline entries whose level equals the printed row's, rows aligned in order by title."""
    same, k = 0, 0
    for v, t, _ in found:
        hit = next(
            (j for j in range(k, min(len(rows), k + 12)) if bare(rows[j]["title"]) == bare(t)), None
        )
        if hit is not None:
            same += lv[hit] == v - top + 1
            k = hit + 1
    return same


def transcribe(pdf: Path) -> dict[str, Any]:
    reader = PdfReader(pdf, strict=False)
    pages, rows = toc_rows(reader)
    printed = " ".join(bare(r["title"]) for r in rows)
    marks = outline(reader)
    found = [e for e in marks if bare(e[1]) and bare(e[1]) in printed]
    lv = levels(rows)
    fixes = OVERRIDES.get(pdf.name, {})
    lv = [fixes.get(r["title"], v) for r, v in zip(rows, lv, strict=True)]
    if pdf.name in DOT_LEVELS:
        lv = [1 if r["depth"] > 0 or r["title"] in BACK else 3 if r["dot"] else 2 for r in rows]
    top = min((e[0] for e in found), default=1)
    same = _same_levels(found, rows, lv, top)
    base = {"file": pdf.name, "pages": len(reader.pages), "contents_pages": [p + 1 for p in pages]}
    agree = len(found) >= 0.85 * len(marks) and same >= 0.9 * len(found)
    forced = pdf.name in OUTLINE_LEVELS and len(found) >= 0.9 * len(rows)
    if forced or (marks and 0.9 * len(rows) <= len(marks) <= 1.1 * len(rows) and agree):
        if forced:  # only the entries a printed row names exactly
            keys = {bare(r["title"]) for r in rows}
            found = [e for e in found if bare(e[1]) in keys]
            top = min((e[0] for e in found), default=1)
        entries = [[lv - top + 1, t, p] for lv, t, p in found]
        note = (
            f"outline ({len(marks)} entries; {len(found)} printed on the contents "
            f"pages kept, {same} with the printed level) "
            + ("taken for its levels (OUTLINE_LEVELS)" if forced else "matches the printed")
            + f" contents ({len(rows)} rows)"
        )
        return {**base, "source": "outline", "note": note, "entries": entries}
    phys = physical(reader, rows, max(pages, default=0), pdf.name in LATER_LABELS)
    entries = [[v, r["title"], p] for v, r, p in zip(lv, rows, phys, strict=True) if p]
    note = (
        f"printed contents ({len(rows)} rows, {len(entries)} mapped to a page); "
        f"outline: {len(marks)} entries, {len(found)} printed, {same} at the "
        "printed level"
    )
    return {**base, "source": "printed", "note": note, "entries": entries}


def dump(truth: dict[str, Any]) -> str:
    """JSON with one entry a line (small, readable diffs)."""
    head = {k: v for k, v in truth.items() if k != "entries"}
    rows = ",\n".join(json.dumps(e, ensure_ascii=False) for e in truth["entries"])
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "entries": [\n' + rows + "\n]}\n"


def main() -> int:
    logging.disable(logging.CRITICAL)
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    src = Path(args[0]) if args and args[0] != only else DEFAULT_DEST
    for b in books():
        if only and only not in b["file"]:
            continue
        truth = transcribe(src / b["file"])
        out = HERE / "truth" / (Path(b["file"]).stem + ".json")
        out.write_text(dump(truth))
        depths = Counter(e[0] for e in truth["entries"])
        print(
            f"{b['file']:32} {truth['source']:8} {len(truth['entries']):4} levels "
            f"{dict(sorted(depths.items()))} {truth['note']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
