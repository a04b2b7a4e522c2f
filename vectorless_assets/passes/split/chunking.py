"""Cutting an oversized text into chunks at natural split points (used by the split pass).

Order of preference, as in the reference implementation:

1. a heading line inside the text (Markdown ATX `#`, outside code fences), once the current
   chunk holds at least an eighth of the limit (so a run of tiny sections is not shredded);
2. a blank line, once the current chunk holds at least half of the limit;
3. a line break, when the next line would push the chunk over the limit;
4. inside a single line longer than the limit: at the last whitespace before the size limit
   (or at a character boundary when there is none, e.g. CJK text or minified data). The
   pieces of such a line all map to that one source line.

Line token counts are estimated once per line, so the cost is linear in the text size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.text.llm_tokens import estimate_tokens

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Chunk:
    """A piece of the text: its content lines `first`..`last` (0-based, inclusive) and text.

    `heading` is the text of the heading line the chunk starts with, if any. Pieces of one
    over-long line have `first == last` and share that line.
    """

    first: int
    last: int
    text: str
    heading: str | None = None


def heading_text(line: str) -> str | None:
    """The text of an ATX heading line, or None."""
    m = _ATX.match(line)
    return m.group(2).strip() if m and m.group(2).strip() else None


def chunk_text(text: str, limit: int) -> list[Chunk]:
    """Cut `text` into chunks of at most ~`limit` estimated tokens (see module docstring)."""
    lines = text.split("\n")
    chunks: list[Chunk] = []
    start = 0
    tokens = 0
    heading: str | None = None
    in_fence = False
    fence_char = ""

    def close(end: int) -> None:
        chunks.append(Chunk(start, end, "\n".join(lines[start : end + 1]), heading))

    for i, line in enumerate(lines):
        fence = _FENCE.match(line)
        h = None if in_fence else heading_text(line)
        if fence and (not in_fence or fence.group(1)[0] == fence_char):
            in_fence, fence_char = (not in_fence), fence.group(1)[0]
        t = estimate_tokens(line) + 1
        if t > limit:  # one line over the limit: cut it in pieces of its own
            if i > start:
                close(i - 1)
            chunks.extend(Chunk(i, i, piece, None) for piece in split_line(line, limit))
            start, tokens, heading = i + 1, 0, None
            continue
        if i > start and ((h is not None and tokens >= limit // 8) or tokens + t > limit):
            close(i - 1)
            start, tokens, heading = i, 0, None
        if i == start:
            heading = h
        tokens += t
        if not line.strip() and tokens >= limit // 2 and i + 1 < len(lines):
            close(i)
            start, tokens, heading = i + 1, 0, None
    if start < len(lines):
        close(len(lines) - 1)
    return absorb_blank(chunks)


def absorb_blank(chunks: list[Chunk]) -> list[Chunk]:
    """Fold whitespace-only chunks into the chunk before them (the first into the next)."""
    out: list[Chunk] = []
    pending: Chunk | None = None
    for chunk in chunks:
        if pending is not None:
            chunk = Chunk(
                pending.first, chunk.last, pending.text + "\n" + chunk.text, chunk.heading
            )
            pending = None
        if chunk.text.strip() or len(chunks) == 1:
            out.append(chunk)
        elif out:
            prev = out[-1]
            out[-1] = Chunk(prev.first, chunk.last, prev.text + "\n" + chunk.text, prev.heading)
        else:
            pending = chunk
    if pending is not None:
        out.append(pending)
    return out


def split_line(line: str, limit: int) -> list[str]:
    """Cut one over-long line into pieces of at most ~`limit` tokens (joined they give `line`)."""
    total = max(1, estimate_tokens(line))
    size = max(1, int(len(line) * limit / total * 0.9))
    pieces: list[str] = []
    pos = 0
    n = len(line)
    while pos < n:
        end = min(n, pos + size)
        if end < n:
            cut = line.rfind(" ", pos + size * 3 // 4, end)
            if cut > pos:
                end = cut + 1
        pieces.append(line[pos:end])
        pos = end
    return pieces
