"""PDF frontend: pypdf; the outline, the printed contents and detected headings merged.

Pages are read one at a time into styled lines (`pdf_text`; faces heavier than the body
face count as bold: `font_style`), running headers/footers are removed (`pdf_layout`),
/PageLabels are checked against the printed folios (`page_labels`), the outline is read and
judged (`pdf_outline`) and the printed contents read (`toc_map`); a denser printed contents
that agrees with the outline fills it in, and headings are detected where neither is the
whole structure (a missing, useless, mistitled or chapter-only outline; no or a sparse
contents page): they fill in below what there is (`merge`); where an outline is whole, its
leaf entries spanning several pages are filled in from the headings detected inside them
(`long_entries`). Numbered headings are then nested by their numbers, each heading's level
source is summed up in a `pdf_level_sources` diagnostic, and the line stream is cut into raw
sections with page ranges (`pdf_sections`).
"""

from __future__ import annotations

import io
import re
import time
from typing import Any

from vectorless_assets.frontends.pdf.font_style import FontStyle, mark_heavier
from vectorless_assets.frontends.pdf.hanging_labels import attach_hanging_labels
from vectorless_assets.frontends.pdf.layout import is_toc_page, remove_running_lines
from vectorless_assets.frontends.pdf.outline import OutlineEntry, judge_outline, read_outline
from vectorless_assets.frontends.pdf.page_labels import check_labels
from vectorless_assets.frontends.pdf.sections import build_raw_nodes, place_outline
from vectorless_assets.frontends.pdf.structure import Source, merge_structure
from vectorless_assets.frontends.pdf.structure import parse_diag as _diag
from vectorless_assets.frontends.pdf.text import Line, PageLines, page_lines
from vectorless_assets.frontends.pdf.uncertain import mark_uncertain
from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.errors import SourceError
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

_BAD_TITLE = re.compile(
    r"^(untitled|microsoft word - .*|.*\.(docx?|pdf|dvi|tex|indd|rtf|odt))$|^\W*$", re.I
)


def open_pdf(data: bytes) -> Any:
    """A pypdf reader for `data`, decrypted with the empty password when encrypted.

    Raises SourceError (one line) when the bytes are not a readable PDF or need a password.
    """
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, PdfReadError

    if not data.lstrip()[:1024].find(b"%PDF") >= 0:
        raise SourceError("not a PDF file (no %PDF header)")
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except DependencyError as exc:
                raise SourceError(f"encrypted PDF needs a crypto library: {exc}") from exc
            if not ok:
                raise SourceError("encrypted PDF: a password is required to open it")
        _ = len(reader.pages)
    except SourceError:
        raise
    except (
        PdfReadError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        RecursionError,
        NotImplementedError,
    ) as exc:
        raise SourceError(
            (
                f"unreadable PDF: {type(exc).__name__}: "
                f"{str(exc).splitlines()[0] if str(exc) else ''}"
            ).rstrip(": ")
        ) from exc
    return reader


def _labels(reader: Any, n: int) -> list[str] | None:
    """Printed page labels, only when the PDF declares /PageLabels."""
    try:
        if "/PageLabels" not in reader.trailer["/Root"]:
            return None
        labels = list(reader.page_labels)
        return labels if len(labels) >= n else labels + [str(i + 1) for i in range(len(labels), n)]
    except Exception:  # noqa: BLE001
        return None


def _meta_title(reader: Any) -> str:
    try:
        meta = reader.metadata
        title = " ".join(str(meta.title or "").split()) if meta else ""
    except Exception:  # noqa: BLE001
        return ""
    return "" if _BAD_TITLE.match(title) or len(title) > 200 else title


def read_pages(
    reader: Any, options: CompileOptions, diags: list[Diagnostic]
) -> tuple[list[PageLines], int]:
    """Styled lines of every page (up to the page limit and time budget); and the page count."""
    total = len(reader.pages)
    limit = total if options.max_pages is None else min(total, options.max_pages)
    if limit < total:
        diags.append(
            _diag(
                "pdf_page_limit",
                f"only the first {limit} of {total} pages were read (CompileOptions.max_pages)",
            )
        )
    budget = options.pdf_timeout_seconds
    deadline = None if budget is None else time.monotonic() + budget
    cache: dict[int, FontStyle] = {}
    pages: list[PageLines] = []
    failed: list[int] = []
    for i in range(limit):
        if deadline is not None and time.monotonic() > deadline:
            diags.append(
                _diag(
                    "pdf_timeout",
                    (
                        f"text extraction stopped after {options.pdf_timeout_seconds}s at page "
                        f"{i + 1} of {total} (CompileOptions.pdf_timeout_seconds)"
                    ),
                )
            )
            break
        try:
            page = reader.pages[i]
        except Exception:  # noqa: BLE001
            failed.append(i + 1)
            pages.append(PageLines(index=i, height=792.0, bottom=0.0))
            continue
        try:
            styled = page_lines(page, i, cache)
            styled.lines = attach_hanging_labels(styled.lines)  # rebuilt by baseline and x
            pages.append(styled)
        except Exception:  # noqa: BLE001 - one bad page must not lose the document
            failed.append(i + 1)
            pages.append(_plain_page(page, i))
    if failed:
        diags.append(
            _diag(
                "pdf_page_error",
                (
                    f"text of {len(failed)} page(s) could not be read with styles: "
                    f"{_page_list(failed)}"
                ),
            )
        )
    return pages, total


def _plain_page(page: Any, i: int) -> PageLines:
    try:
        text = page.extract_text()
    except Exception:  # noqa: BLE001
        text = ""
    lines = [
        Line(i, 800.0 - k, 0.0, 0.0, False, t.strip())
        for k, t in enumerate(text.splitlines())
        if t.strip()
    ]
    return PageLines(index=i, height=792.0, bottom=0.0, lines=lines)


def _page_list(pages: list[int], limit: int = 20) -> str:
    shown = ", ".join(str(p) for p in pages[:limit])
    return shown + (f" and {len(pages) - limit} more" if len(pages) > limit else "")


def _scan_diagnostics(pages: list[PageLines], total: int) -> list[Diagnostic]:
    empty = [p.index + 1 for p in pages if not p.lines]
    scanned = [p.index + 1 for p in pages if not p.lines and p.has_images]
    if pages and len(empty) == len(pages):
        kind = "image-only (scanned)" if scanned else "without any text layer"
        return [
            _diag(
                "pdf_no_text",
                (
                    f"the PDF is {kind}: no text could be extracted from its {total} "
                    "page(s); OCR is not supported"
                ),
                "error",
            )
        ]
    if scanned:
        return [
            _diag(
                "pdf_scanned_pages",
                (
                    f"{len(scanned)} image-only (scanned) page(s) have no text layer: "
                    f"{_page_list(scanned)}"
                ),
            )
        ]
    return []


def parse_pdf(data: bytes, *, options: CompileOptions) -> ParsedDocument:
    """Parse a PDF into raw sections with page ranges (see the module docstring)."""
    reader = open_pdf(data)
    diags: list[Diagnostic] = []
    pages, total = read_pages(reader, options, diags)
    mark_heavier(ln for p in pages for ln in p.lines)  # a semibold whose name does not say so
    diags += _scan_diagnostics(pages, total)
    originals = [p.lines for p in pages]  # remove_running_lines replaces the lists it changes
    remove_running_lines(pages)
    toc_pages = {p.index for p in pages if is_toc_page(p)}
    lines = [ln for p in pages for ln in p.lines]
    page_starts = [0]
    for p in pages:
        page_starts.append(page_starts[-1] + len(p.lines))
    page_starts += [page_starts[-1]] * (total - len(pages))

    entries: list[OutlineEntry] = read_outline(reader) if options.use_pdf_outline else []
    verdict = "useless"
    if entries:
        texts = {p.index: "\n".join(ln.text for ln in p.lines) for p in pages}
        verdict, reason = judge_outline(entries, texts, total)
        if verdict in ("useless", "mistitled"):
            diags.append(
                _diag("pdf_outline_rejected", f"outline ignored ({verdict}): {reason}", "info")
            )
        elif verdict == "shallow":
            diags.append(
                _diag("pdf_outline_shallow", f"outline used as a chapter frame: {reason}", "info")
            )
    labels, why = check_labels(_labels(reader, total), originals)
    if why:
        diags.append(_diag("pdf_page_labels_ignored", f"page labels ignored: {why}", "info"))
    bounds = page_starts[: len(pages) + 1]
    framed = (
        place_outline([e for e in entries if e.page < len(pages)], lines, bounds)
        if verdict in ("rich", "shallow")
        else []
    )
    source = Source(pages, lines, bounds, toc_pages, labels, originals)
    placed, unsure = merge_structure(source, framed, verdict == "rich", options, diags)
    nodes = mark_uncertain(build_raw_nodes(placed, lines, total, labels), placed, unsure, lines)
    # the document's title: the metadata's, else the cover's (not a section), else the first
    # top-level heading
    title = (
        _meta_title(reader)
        or source.cover
        or next((p.title for p in sorted(placed, key=lambda p: p.start) if p.level == 1), "")
    )
    return ParsedDocument(
        format="pdf", title=title, raw_nodes=nodes, page_count=total, diagnostics=diags
    )
