"""DOCX frontend (python-docx): headings from paragraph styles, the content between them.

A paragraph is a heading when its style (or a style it is based on) is "Heading N" or
"Title", or when its outline level (w:outlineLvl) is set; "Title" counts as level 1 only when
the document has no other level-1 heading (it becomes the document title otherwise). Tables
are kept in body order as tab-separated rows. Text before the first heading is the level-0
preamble.

Bounded in size and time: the zip's declared uncompressed sizes are checked before anything
is read (`MAX_UNPACKED_BYTES` in all, `MAX_XML_BYTES` of XML, `MAX_RATIO` per member: a zip bomb is
refused with a
`SourceError`; the zip reader never returns more than a member's declared size), each
paragraph's style is looked up in a table built once from the style sheet (python-docx's
`paragraph.style` scans the style list per paragraph: 10,000 paragraphs took 9 s), and at
most `MAX_BLOCKS` paragraphs and tables are read (the rest is left out, said in a warning).
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.errors import SourceError
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.text.llm_tokens import estimate_tokens

#: Largest total uncompressed size of the zip's members (bytes).
MAX_UNPACKED_BYTES = 256_000_000
#: Largest total uncompressed size of the XML parts (what is parsed into a tree in memory).
MAX_XML_BYTES = 64_000_000
#: Largest uncompressed/compressed ratio of a member worth more than a megabyte unpacked.
MAX_RATIO = 200
#: Paragraphs and tables read; the rest of a longer body is left out.
MAX_BLOCKS = 200_000

_HEADING_STYLE = re.compile(r"^(?:heading|überschrift|titre|título|titolo|kop)\s*(\d)$", re.I)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _style_level(style: Any) -> int | None:
    """Heading level of a paragraph style, following `based_on` a few steps; 0 = Title."""
    for _ in range(5):
        if style is None:
            return None
        name = (style.name or "").strip()
        m = _HEADING_STYLE.match(name)
        if m:
            return int(m.group(1))
        if name.lower() == "title":
            return 0
        style = style.base_style
    return None


def _outline_level(paragraph: Any) -> int | None:
    ppr = paragraph._p.pPr
    if ppr is None:
        return None
    lvl = ppr.find(f"{_W}outlineLvl")
    if lvl is None:
        return None
    try:
        value = int(lvl.get(f"{_W}val"))
    except (TypeError, ValueError):
        return None
    return value + 1 if 0 <= value < 9 else None


def _style_levels(document: Any) -> tuple[dict[str, int | None], int | None]:
    """Heading level (`_style_level`) of every paragraph style by style id, and of the default
    paragraph style (a paragraph without a style reference)."""
    from docx.enum.style import WD_STYLE_TYPE

    levels: dict[str, int | None] = {}
    default: int | None = None
    for style in document.styles:
        try:
            if style.type != WD_STYLE_TYPE.PARAGRAPH:
                continue
            level = _style_level(style)
        except (KeyError, AttributeError, ValueError):
            continue
        if style.style_id:
            levels[style.style_id] = level
        if style.element.default:
            default = level
    return levels, default


def _paragraph_level(p: Any, levels: dict[str, int | None], default: int | None) -> int | None:
    level = _outline_level(p)
    if level is not None:
        return level
    ppr = p._p.pPr
    style_id = ppr.pStyle.val if ppr is not None and ppr.pStyle is not None else None
    return default if style_id is None else levels.get(style_id)


def _blocks(document: Any, limit: int | None = None) -> tuple[list[tuple[str, int | None]], bool]:
    """(text, heading level or None) for every paragraph and table, in body order (at most
    `limit`), and whether the body went on beyond the limit."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    limit = MAX_BLOCKS if limit is None else limit
    levels, default = _style_levels(document)
    out: list[tuple[str, int | None]] = []
    for child in document.element.body.iterchildren():
        if len(out) >= limit:
            return out, True
        if child.tag == f"{_W}p":
            p = Paragraph(child, document)
            text = p.text.strip()
            out.append((text, _paragraph_level(p, levels, default) if text else None))
        elif child.tag == f"{_W}tbl":
            table = Table(child, document)
            rows = []
            for row in table.rows:
                cells: list[str] = []
                for cell in row.cells:
                    t = " ".join(cell.text.split())
                    if not cells or cells[-1] != t:  # merged cells repeat their text
                        cells.append(t)
                rows.append("\t".join(cells))
            out.append(("\n".join(r for r in rows if r.strip()), None))
    return out, False


def check_zip(data: bytes) -> None:
    """Refuse a zip whose members would unpack to more than `MAX_UNPACKED_BYTES` in all, or
    a large member packed more than `MAX_RATIO` times (a zip bomb), before reading any."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            members = zf.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return  # not a zip: python-docx says so
    total = sum(m.file_size for m in members)
    if total > MAX_UNPACKED_BYTES:
        raise SourceError(
            f"DOCX refused: its parts unpack to {total:,} bytes (at most {MAX_UNPACKED_BYTES:,})"
        )
    xml = sum(m.file_size for m in members if m.filename.endswith((".xml", ".rels")))
    if xml > MAX_XML_BYTES:
        raise SourceError(
            f"DOCX refused: its XML parts unpack to {xml:,} bytes (at most {MAX_XML_BYTES:,})"
        )
    for m in members:
        if m.file_size > 1_000_000 and m.file_size > MAX_RATIO * max(m.compress_size, 1):
            raise SourceError(
                f"DOCX refused: part {m.filename} unpacks "
                f"{m.file_size // max(m.compress_size, 1):,} times its packed size (a "
                "zip bomb?)"
            )


def parse_docx(data: bytes, *, options: CompileOptions) -> ParsedDocument:
    """Parse a .docx file into raw sections (heading styles give titles and levels)."""
    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from lxml.etree import XMLSyntaxError

    check_zip(data)
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError, XMLSyntaxError) as exc:
        raise SourceError(f"unreadable DOCX: {type(exc).__name__}: {exc}".splitlines()[0]) from exc
    blocks, cut = _blocks(document)
    has_h1 = any(level == 1 for _, level in blocks)
    title = ""
    try:
        title = (document.core_properties.title or "").strip()
    except Exception:  # noqa: BLE001 - broken core properties are not fatal
        title = ""
    nodes: list[RawNode] = []
    cur_title, cur_level, body = "", 0, []

    def close() -> None:
        content = "\n".join(t for t in body if t)
        if cur_level > 0 or content:
            nodes.append(
                RawNode(
                    title=cur_title,
                    level=cur_level,
                    content=content,
                    token_count=estimate_tokens(content),
                )
            )

    for text, level in blocks:
        if level == 0:  # Title style
            if has_h1 or title:
                title = title or text
                if not has_h1:
                    body.append(text)
                continue
            level = 1
        if level is None:
            body.append(text)
            continue
        close()
        cur_title, cur_level, body = text, level, []
    close()
    if not title:
        title = next((n.title for n in nodes if n.level == 1), "")
    notes = []
    if cut:
        message = (
            f"the body has more than {MAX_BLOCKS:,} paragraphs and tables: the rest is left out"
        )
        notes.append(
            Diagnostic(source="parse", code="docx_truncated", message=message, severity="warning")
        )
    return ParsedDocument(format="docx", title=title, raw_nodes=nodes, diagnostics=notes)
