"""The PDF outline (bookmarks): read it with pypdf and judge it before trusting it."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

Verdict = Literal["rich", "shallow", "useless", "mistitled"]

_GENERIC = re.compile(
    r"^(?:page|p\.|seite|pg\.?|slide|sheet|untitled|bookmark|outline)?\s*[#\d]+\s*$|^\s*$", re.I
)
_NORM_DROP = re.compile(r"[^\w]+", re.UNICODE)
_WORD = re.compile(r"\w+", re.UNICODE)
MAX_ENTRIES = 20000


@dataclass(slots=True)
class OutlineEntry:
    """One bookmark: title, 1-based level, 0-based target page, /XYZ top (None = page top)."""

    title: str
    level: int
    page: int
    top: float | None


def norm(text: str) -> str:
    """Lowercase, accent- and punctuation-free, space-free form for title matching."""
    text = unicodedata.normalize("NFKC", text).lower()
    return _NORM_DROP.sub("", text)


def read_outline(reader: Any) -> list[OutlineEntry]:
    """Flatten the outline in document order; entries without a resolvable page are dropped."""
    try:
        root = reader.outline
    except Exception:  # noqa: BLE001 - a broken outline is just no outline
        return []
    out: list[OutlineEntry] = []
    stack: list[tuple[list[Any], int, int]] = [(root, 0, 1)]
    while stack and len(out) < MAX_ENTRIES:
        items, i, level = stack.pop()
        if i >= len(items):
            continue
        stack.append((items, i + 1, level))
        item = items[i]
        if isinstance(item, list):
            if level < 12:
                stack.append((item, 0, level + 1))
            continue
        try:
            page = reader.get_destination_page_number(item)
        except Exception:  # noqa: BLE001
            page = None
        if page is None or page < 0:
            continue
        title = " ".join(str(getattr(item, "title", "") or "").split())
        top = None
        try:
            raw_top = item.top
            top = float(raw_top) if raw_top is not None else None
        except Exception:  # noqa: BLE001
            top = None
        out.append(OutlineEntry(title=title, level=level, page=page, top=top))
    return out


def judge_outline(
    entries: list[OutlineEntry], page_texts: dict[int, str], page_count: int
) -> tuple[Verdict, str]:
    """Decide how far to trust an outline.

    - useless: fewer than three entries, mostly generic "Page N" titles, or one counter
      template ("Slide 1", "Slide 2", ...);
    - mistitled: fewer than half of the titles occur on (or next to) their target page;
    - shallow: a single level with more than 6 pages per entry (used as a chapter frame);
    - rich: used as is.
    `page_texts` maps 0-based page index to the page's text.
    """
    if len(entries) < 3:
        return "useless", f"only {len(entries)} outline entries"
    generic = sum(1 for e in entries if _GENERIC.match(e.title))
    if generic >= 0.5 * len(entries):
        return "useless", "outline titles are generic page numbers"
    templates = {re.sub(r"\d+", "#", e.title.lower()) for e in entries}
    if len(templates) == 1 and len(entries) > 1:
        return "useless", f"all outline titles follow one template ({next(iter(templates))!r})"
    checked = found = 0
    cache: dict[int, tuple[str, set[str]]] = {}

    def page(p: int) -> tuple[str, set[str]]:
        if p not in cache:
            raw = page_texts.get(p, "")
            cache[p] = (norm(raw), set(_WORD.findall(raw.lower())))
        return cache[p]

    for e in entries:
        t = norm(e.title)[:40]
        if not t:
            continue
        checked += 1
        words = [w for w in _WORD.findall(e.title.lower()) if len(w) > 2]
        for p in (e.page, e.page - 1, e.page + 1):
            text, vocab = page(p)
            # the title itself, or most of its words (author labels like "A-1 - Balance Sheet")
            if t in text or (
                len(words) >= 2 and sum(w in vocab for w in words) >= 0.7 * len(words)
            ):
                found += 1
                break
    if checked and found < 0.5 * checked:
        return "mistitled", f"only {found} of {checked} outline titles appear on their target pages"
    depth = max(e.level for e in entries)
    if depth == 1 and page_count > 6 * len(entries):
        return "shallow", f"{len(entries)} single-level entries for {page_count} pages"
    return "rich", f"{len(entries)} entries, depth {depth}"
