"""Markdown frontend. STUB (ATX headings only) - replaced by the markdown-it-py frontend."""

from __future__ import annotations

import re

from vectorless_assets.errors import SourceError
from vectorless_assets.frontends.raw import ParsedDocument, RawNode
from vectorless_assets.pipeline.options import CompileOptions
from vectorless_assets.textutil import estimate_tokens

_H = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def parse_markdown(data: bytes, *, options: CompileOptions) -> ParsedDocument:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    lines = text.split("\n")
    nodes: list[RawNode] = []
    cur = RawNode(title="", level=0, line_start=1, line_end=0)
    body: list[str] = []

    def close(end: int) -> None:
        content = "\n".join(body).strip("\n")
        nodes.append(cur.model_copy(update={"content": content, "line_end": end, "token_count": estimate_tokens(content)}))

    for i, line in enumerate(lines, start=1):
        m = _H.match(line)
        if m:
            if cur.level > 0 or body:
                close(i - 1)
            cur = RawNode(title=m.group(2), level=len(m.group(1)), line_start=i, line_end=i)
            body = []
        else:
            body.append(line)
    close(len(lines))
    return ParsedDocument(format="markdown", raw_nodes=nodes, line_count=len(lines))
