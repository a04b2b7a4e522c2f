"""DOCX frontend (python-docx): headings from paragraph styles, the content between them.

A paragraph is a heading when its style (or a style it is based on) is "Heading N" or
"Title", or when its outline level (w:outlineLvl) is set; "Title" counts as level 1 only when
the document has no other level-1 heading (it becomes the document title otherwise). Tables
are kept in body order as tab-separated rows. Text before the first heading is the level-0
preamble.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from vectorless_assets.errors import SourceError
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.token_estimate import estimate_tokens

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


def _blocks(document: Any) -> list[tuple[str, int | None]]:
    """(text, heading level or None) for every paragraph and table, in body order."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    out: list[tuple[str, int | None]] = []
    for child in document.element.body.iterchildren():
        if child.tag == f"{_W}p":
            p = Paragraph(child, document)
            text = p.text.strip()
            level = _outline_level(p)
            if level is None:
                try:
                    level = _style_level(p.style)
                except (KeyError, AttributeError):
                    level = None
            out.append((text, level if text else None))
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
    return out


def parse_docx(data: bytes, *, options: CompileOptions) -> ParsedDocument:
    """Parse a .docx file into raw sections (heading styles give titles and levels)."""
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise SourceError(f"unreadable DOCX: {type(exc).__name__}: {exc}".splitlines()[0]) from exc
    blocks = _blocks(document)
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
            nodes.append(RawNode(title=cur_title, level=cur_level, content=content, token_count=estimate_tokens(content)))

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
    return ParsedDocument(format="docx", title=title, raw_nodes=nodes)
