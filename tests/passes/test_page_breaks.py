"""Page breaks stay exact through the tree rewrites, on PDFs written here with reportlab.

Every drawn line carries the page it was drawn on ("[p7]"), so the page a node's breaks
put each line on can be checked against where it really is: after the frontend, split
(each part's own pages), build's thinning fold and optimize's merges. Compiled without an
LLM.
"""

from __future__ import annotations

import io
import re

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.ir import Document
from vectorless_assets.ir.pages import page_of
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document

W, H = A4
MARK = re.compile(r"\[p(\d+)\]")
WORDS = [
    "credit",
    "exposure",
    "loans",
    "lending",
    "commitments",
    "derivative",
    "receivables",
    "portfolio",
    "quality",
    "wholesale",
    "clients",
    "industry",
    "ratings",
    "collateral",
    "netting",
    "reserves",
    "allowance",
    "charge",
    "offs",
]

Item = tuple[str, int, str]  # kind ("h" heading with outline level, "t" text line), level, text


def draw(pages: list[list[Item]]) -> bytes:
    """One PDF page per list: headings (bold, outline entries) and text lines, top down."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for n, items in enumerate(pages):
        y = H - 80
        for k, (kind, level, text) in enumerate(items):
            if kind == "h":
                y -= 8
                c.setFont("Helvetica-Bold", 15 - level)
                c.drawString(72, y, text)
                c.bookmarkHorizontal(f"h{n}.{k}", 0, y + 16)
                c.addOutlineEntry(text, f"h{n}.{k}", level=level)
                y -= 22
            else:
                c.setFont("Helvetica", 10)
                c.drawString(72, y, text)
                y -= 14
        c.showPage()
    c.save()
    return buf.getvalue()


def line(page: int, k: int, extra: str = "") -> Item:
    """A body line drawn on `page` (1-based), saying so."""
    words = " ".join(WORDS[(page * 7 + k * 3 + j) % len(WORDS)] for j in range(9))
    return ("t", 0, f"{words} {extra} [p{page}]".replace("  ", " "))


def heading(text: str, page: int, level: int = 0) -> Item:
    return ("h", level, f"{text} [p{page}]")


def check_exact(doc: Document) -> int:
    """Every node: own pages = start + breaks, breaks inside the text at line starts, and
    each marked line on the page its breaks give. Returns how many lines were checked."""
    checked = 0
    for node in doc.tree.nodes:
        start, end = node.own_start_page, node.own_end_page
        if start is None or end is None:
            continue
        assert start + len(node.page_breaks) == end, (node.title, start, end, node.page_breaks)
        assert node.page_breaks == sorted(node.page_breaks)
        assert all(0 <= b <= len(node.content) for b in node.page_breaks)
        # a page begins at the start of a line (or the text's end: empty pages)
        assert all(
            b in (0, len(node.content)) or node.content[b - 1] == "\n" for b in node.page_breaks
        )
        offset = 0
        for text in node.content.split("\n"):
            m = MARK.search(text)
            if m:
                assert page_of(start, node.page_breaks, offset) == int(m.group(1)), (
                    node.title,
                    text,
                )
                checked += 1
            offset += len(text) + 1
    return checked


def long_section_pdf(pages: int = 12, unique_page: int = 9) -> bytes:
    """A short opening section, a section over `pages` pages (one unusual word on
    `unique_page`), a closing section."""
    out: list[list[Item]] = [[heading("Overview", 1), *(line(1, k) for k in range(30))]]
    for p in range(2, 2 + pages):
        items = [heading("Wholesale Credit Portfolio", p)] if p == 2 else []
        items += [
            line(p, k, "zanzibarite" if (p, k) == (unique_page, 20) else "") for k in range(44)
        ]
        out.append(items)
    last = 2 + pages
    out.append([heading("Outlook", last), *(line(last, k) for k in range(20))])
    return draw(out)


def parts_of(doc: Document, title: str) -> tuple[TreeNode, list[TreeNode]]:
    parent = next(n for n in doc.tree.nodes if n.title.startswith(title) and n.children)
    return parent, doc.tree.children_of(parent.node_id)


def test_split_parts_cite_the_pages_their_text_was_drawn_on() -> None:
    doc = compile_document(
        long_section_pdf(), name="q.pdf", mode="fast", options=CompileOptions(split_max_tokens=1500)
    )
    assert check_exact(doc) > 12 * 40
    parent, parts = parts_of(doc, "Wholesale Credit Portfolio")
    assert len(parts) >= 4
    assert (parent.start_page, parent.end_page) == (2, 13)
    # the parts' pages cover the parent's in order; neighbours share at most a page
    assert parts[0].own_start_page == 2 and parts[-1].own_end_page == 13
    for a, b in zip(parts, parts[1:], strict=False):
        assert b.own_start_page in (a.own_end_page, a.own_end_page + 1)
    assert all(p.end_page - p.start_page < 11 for p in parts)  # not the parent's range
    for p in parts:
        assert (p.start_page, p.end_page) == (p.own_start_page, p.own_end_page)


def test_a_locate_hit_on_a_part_and_its_focus_name_the_drawn_page() -> None:
    doc = compile_document(
        long_section_pdf(unique_page=9),
        name="q.pdf",
        mode="fast",
        options=CompileOptions(split_max_tokens=1500),
    )
    from vectorless_assets.navigator import DocumentNavigator

    hits = DocumentNavigator(doc).locate("zanzibarite credit exposure", k=3)
    top = hits[0]
    assert top["title"].startswith("Wholesale Credit Portfolio") and "(part" in top["title"]
    assert top["start_page"] <= 9 <= top["end_page"] and top["end_page"] - top["start_page"] < 11
    if top["end_page"] - top["start_page"] + 1 > 3:
        assert top["focus"]["start_page"] <= 9 <= top["focus"]["end_page"]
    from vectorless_assets.navigator.ranking.locate import Locator

    locator = Locator(doc)
    i = next(k for k, n in enumerate(doc.tree.nodes) if "zanzibarite" in n.content)
    assert locator.pinner.focus(i, ["zanzibarite"], {"zanzibarite": 1.0}) == (9, 9)


def test_ir_without_page_breaks_loads_and_is_pinpointed_by_estimate() -> None:
    doc = compile_document(long_section_pdf(unique_page=9), name="q.pdf", mode="fast")
    payload = doc.model_dump(mode="json")
    for node in payload["tree"]["nodes"]:
        del node["page_breaks"]  # as written before the field existed
    old = Document.model_validate(payload)
    assert all(n.page_breaks == [] for n in old.tree.nodes)
    from vectorless_assets.navigator.ranking.locate import Locator

    i = next(k for k, n in enumerate(old.tree.nodes) if "zanzibarite" in n.content)
    window = Locator(old).pinner.focus(i, ["zanzibarite"], {"zanzibarite": 1.0})
    assert window is not None and abs(window[0] - 9) <= 1  # estimated: within a page


def nested_pdf() -> bytes:
    """Chapters whose subsections start mid-page and run over pages; tiny sibling
    subsections two to a page; a heading with no text of its own before one subsection."""
    pages: list[list[Item]] = [[heading("Introduction", 1), *(line(1, k) for k in range(40))]]
    pages.append(
        [heading("Business", 2), *(line(2, k) for k in range(10)), heading("Segments", 2, 1)]
    )
    pages[-1] += [line(2, k) for k in range(10, 40)]
    pages.append([*(line(3, k) for k in range(20)), heading("Regions", 3, 1)])
    pages[-1] += [line(3, k) for k in range(20, 42)]
    pages.append([*(line(4, k) for k in range(15)), heading("Schedules", 4)])
    for p in (5, 6, 7):
        items: list[Item] = []
        for s in range(2):
            items += [heading(f"Schedule {p}{s}", p, 1), line(p, s)]
        pages.append(items)
    pages[-1] += [heading("Schedule notes", 7, 1), *(line(7, k) for k in range(5, 40))]
    pages.append([heading("Part Two", 8)])  # no text of its own: one subsection follows
    pages.append([heading("Item 9", 9, 1), *(line(9, k) for k in range(40))])
    pages.append([*(line(10, k) for k in range(30))])
    return draw(pages)


def test_thinning_fold_keeps_each_line_on_its_page() -> None:
    options = CompileOptions(thinning=True, thinning_threshold=100_000)
    doc = compile_document(nested_pdf(), name="n.pdf", mode="fast", options=options)
    business = next(n for n in doc.tree.nodes if n.title.startswith("Business"))
    assert not business.children and "Regions [p3]" in business.content  # folded
    assert (business.own_start_page, business.own_end_page) == (2, 4)
    assert check_exact(doc) > 240


def test_optimize_merges_and_collapses_keep_each_line_on_its_page() -> None:
    doc = compile_document(nested_pdf(), name="n.pdf", mode="deep")
    merged = [n for n in doc.tree.nodes if " / " in n.title]
    assert merged and merged[0].own_end_page > merged[0].own_start_page  # over pages 5-7
    collapsed = next(n for n in doc.tree.nodes if n.title.startswith("Item 9"))
    assert collapsed.content.startswith("Part Two [p8]")  # the removed heading's line
    assert (collapsed.own_start_page, collapsed.own_end_page) == (8, 10)
    assert check_exact(doc) > 240
