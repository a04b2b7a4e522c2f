"""Which headings make the tree: the outline, the printed contents and detection merged.

Given the placed outline entries (when the outline passed judgement), `merge_structure`:

1. reads the printed table of contents (`toc_map.toc_outline`) when `use_printed_toc`;
   with an outline, a contents page that is denser and agrees with it fills it in below
   (`merge.denser`, `merge.fill`: libpari's 107-entry outline of chapters and sections gets
   the 446 subsections its contents page lists); without one, the contents is the structure
   (whole when dense: `TOC_DENSE` entries a page; else a frame; a filing's index of Items is
   always a frame);
2. detects headings where that is not the whole structure (none on the cover and contents
   pages when the frame starts after them, none before the contents when it starts on a
   later contents-like page: `_after_front_matter`; the cover's first one is the book's
   title), and also where an outline taken
   whole is sparse (under `TOC_DENSE` entries a page): detection then fills it in only when it
   is denser and agrees (a chapter-only outline over numbered sections); `FILL_WHOLE` times
   denser where a contents page as sparse lists the outline's titles (a chapter-only outline
   confirmed by a chapter-only contents page) and, with numbered headings only, where a
   printed contents is the whole structure (a legal monograph's contents of "§" and "A."
   over "I.", "1.", "a)" headings; a manual's unnumbered run-in labels stay out);
   a dense outline that agrees with its contents page is used as it is;
3. where the PDF's own outline is taken whole, neither filled in nor confirmed by a contents
   page, fills in its long leaf entries from the headings detected inside them
   (`long_entries`); not where a contents page gives the structure, whose entries are the
   page's own titles (filling those lowered the shared manuals' median heading F1 with the
   outline removed, 0.97 to 0.96, and libpari's as published, 0.99 to 0.94);
4. adds a filing's statements and numbered notes as headings (`statements`, `notes`);
5. nests numbered headings by their numbers (`merge.by_number`) and sums up in a
   `pdf_level_sources` diagnostic which source set how many levels.

Returns the placed headings and the uncertain detected ones (start line -> title).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.frontends.pdf.headings import body_size, detect_headings
from vectorless_assets.frontends.pdf.long_entries import fill_long_entries
from vectorless_assets.frontends.pdf.merge import agrees, by_number, denser, fill, sources_note
from vectorless_assets.frontends.pdf.numbering import numbered
from vectorless_assets.frontends.pdf.sections import Placed, place_detected, place_outline
from vectorless_assets.frontends.pdf.statements import add_filing_parts
from vectorless_assets.frontends.pdf.text import Line, PageLines
from vectorless_assets.frontends.pdf.toc import CONTENTS
from vectorless_assets.frontends.pdf.toc_map import toc_outline
from vectorless_assets.frontends.pdf.uncertain import uncertain_starts
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.options import CompileOptions

FILL_WHOLE = 2.0  # detection this much denser fills a whole contents or a confirmed outline
TOC_DENSE = 0.35  # entries per page from which a structure is whole (no detection needed)
_ITEM = re.compile(r"^\s*item\s+\d", re.I)


def parse_diag(code: str, message: str, severity: str = "warning") -> Diagnostic:
    """A diagnostic of the parse pass."""
    return Diagnostic(source="parse", code=code, message=message, severity=severity)  # type: ignore[arg-type]


@dataclass(slots=True)
class Source:
    """What the PDF gave: pages (running lines removed), their line stream and page bounds
    in it, the ToC pages found so far (grown here), page labels, the lines as extracted,
    and the cover's title when detection found one before the contents."""

    pages: list[PageLines]
    lines: list[Line]
    bounds: list[int]
    toc_pages: set[int]
    labels: list[str] | None
    originals: list[list[Line]]
    cover: str = ""  # the book's title as detected on its cover (set by `merge_structure`)


def _contents(
    src: Source, framed: list[Placed], diags: list[Diagnostic]
) -> tuple[list[Placed], int]:
    """The printed contents placed in the line stream, and its filing Items count."""
    printed, printed_pages, why = toc_outline(src.pages, src.labels, src.originals)
    src.toc_pages |= printed_pages
    if not printed:
        if printed_pages and not framed:
            diags.append(
                parse_diag(
                    "pdf_printed_toc_rejected", f"printed table of contents not used: {why}", "info"
                )
            )
        return [], 0
    n = len(src.pages)
    placed = place_outline([e for e in printed if e.page < n], src.lines, src.bounds, "contents")
    return placed, sum(1 for e in printed if _ITEM.match(e.title))


def _after_front_matter(
    found: list[Placed], framed: list[Placed], toc_pages: set[int]
) -> tuple[list[Placed], str]:
    """Detected headings without those on the cover and contents pages (the contents' own
    title is kept), when a frame (the outline or the printed contents) starts after the
    contents: the author's structure begins there, and what detection finds before it is the
    title page's display lines ("Fontname", "Karl Berry"). When the frame starts on a later
    contents page (its first entry is a list of figures set after the contents), the pages
    before the first contents page are still the cover, half-title and series pages: their
    lines are no sections (issue 36 G). Not in a filing (its frame lists Items): the cover's
    "FORM 10-K" is one of its headings. Also returns the first dropped heading before the
    contents: the book's title as set on its cover ('' when none)."""
    if not framed or not toc_pages or any(_ITEM.match(p.title) for p in framed):
        return found, ""
    first = last = min(toc_pages)
    while last + 1 in toc_pages:
        last += 1  # the first run of contents pages (later "ToC-like" pages are tables)
    start = min(p.page for p in framed)
    if start > last:
        kept = [p for p in found if p.page > last or CONTENTS.match(p.title.strip())]
    elif start >= first:
        kept = [p for p in found if p.page >= first]
    else:
        return found, ""
    cover = next((p.title for p in found if p.page < first), "")
    return kept, cover


def _fill_long(
    src: Source, framed: list[Placed], diags: list[Diagnostic]
) -> tuple[list[Placed], dict[int, str]]:
    """A structure taken whole with its long leaf entries filled in from detected headings
    (`long_entries`), and the uncertain ones among those added."""
    body = body_size(src.lines)
    detected = detect_headings(src.lines, src.toc_pages, body)
    found = place_detected(detected, src.lines)
    placed, added = fill_long_entries(framed, found, src.bounds, len(src.lines))
    if not added:
        return framed, {}
    note = f"{len(added)} detected headings added below the long entries of the outline"
    diags.append(parse_diag("pdf_long_entries_filled", note, "info"))
    unsure = uncertain_starts(detected, src.lines, body)
    return placed, {k: unsure[k] for k in added if k in unsure}


def merge_structure(
    src: Source, framed: list[Placed], whole: bool, options: CompileOptions, diags: list[Diagnostic]
) -> tuple[list[Placed], dict[int, str]]:
    """The merged headings and the uncertain ones (see the module docstring). `framed`: the
    placed outline entries ([] without a usable outline); `whole`: the outline was judged rich."""
    n = len(src.pages)
    confirmed = False  # a contents page as dense as the outline, listing its titles
    printed = False  # the printed contents is the frame, with no outline
    outlined = bool(framed)  # the PDF's own outline is the frame (not a printed contents)
    if options.use_printed_toc:
        contents, items = _contents(src, framed, diags)
        if framed and contents and denser(framed, contents):
            note = (
                f"outline ({len(framed)} entries) filled in from the printed table of "
                f"contents ({len(contents)} entries)"
            )
            diags.append(parse_diag("pdf_outline_filled", note, "info"))
            framed = fill(framed, contents)
            whole = len(framed) >= TOC_DENSE * n
            outlined = False  # the contents page's structure now
        elif framed and contents:
            confirmed = agrees(framed, contents)
            if confirmed:
                note = (
                    f"outline ({len(framed)} entries) agrees with the printed table of "
                    f"contents ({len(contents)} entries): used as it is"
                )
                diags.append(parse_diag("pdf_outline_confirmed", note, "info"))
        elif contents:
            # a dense ToC is the structure; a sparse one (chapters) or a filing's index (it
            # lists the form's Items only) is a frame for detected headings
            whole = len(contents) >= TOC_DENSE * n and items < 2
            framed, printed = contents, True
            used = "whole" if whole else "as a frame"
            note = (
                f"structure from the printed table of contents ({len(contents)} "
                f"entries, used {used})"
            )
            diags.append(parse_diag("pdf_printed_toc", note, "info"))
    placed, unsure = framed, {}
    printed_whole = whole and printed
    sparse = len(framed) < TOC_DENSE * n
    if not whole or printed_whole or sparse:
        body = body_size(src.lines)
        detected = detect_headings(src.lines, src.toc_pages, body)
        found, src.cover = _after_front_matter(
            place_detected(detected, src.lines), framed, src.toc_pages
        )
        if printed_whole:  # below a whole contents, only numbered levels it left out
            found = [p for p in found if numbered(p.title)]
        fills = denser(framed, found, FILL_WHOLE if printed_whole or confirmed else None)
        if not framed or not whole or fills:
            if whole:
                what = "printed table of contents" if printed_whole else "outline"
                note = (
                    f"{what} ({len(framed)} entries) filled in from detected headings "
                    f"({len(found)})"
                )
                diags.append(parse_diag("pdf_outline_filled", note, "info"))
            placed = fill(framed, found) if framed else found
            # a frame's own entries are never uncertain (a detected heading on the same
            # line gives way to the entry, which may carry the same title)
            starts = {p.start for p in framed}
            unsure = {
                k: t
                for k, t in uncertain_starts(detected, src.lines, body).items()
                if k not in starts
            }
    elif outlined and not confirmed:
        placed, unsure = _fill_long(src, framed, diags)
    placed = by_number(add_filing_parts(placed, src.lines, src.bounds, src.toc_pages))
    if placed:
        diags.append(
            parse_diag(
                "pdf_level_sources", f"heading levels set by: {sources_note(placed)}", "info"
            )
        )
    return placed, unsure
