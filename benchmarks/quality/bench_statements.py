"""Statements and notes as nodes: how many of a filing's statement pages and numbered notes
start a node of the PDF frontend's tree (standard parse, no LLM).

Over every filing in ``../shared/corpus/pdf/financebench/`` and ``pdf/filings-extra/``:

* **statement pages**: pages whose first lines (as extracted, running header included) carry a
  financial statement's title: balance sheet, statement of operations / income / earnings /
  comprehensive income / cash flows / (stockholders') equity / financial position or
  condition, with qualifiers (consolidated, condensed, combined, interim) before it and only
  a date, period or "(unaudited)" after it; letter-spaced or split extraction is read
  with spaces dropped ("CONSOLIDATED BALANCE S HEETS"). A line that ends in a page number
  ("Consolidated Balance Sheets 68", "... F-3") is a contents line, and a page listing
  three or more statement titles is a contents page: neither counts. A page whose title says
  "(continued)", or repeats the title of the page before, *continues* that statement.
  A statement page is **ok** when a node of at most 2 pages (its subtree's span, as the
  build pass nests the raw nodes by level) starts on it, or when it continues a statement
  whose node (at most 2 pages) covers it; **titled** when that node's title names a
  statement.
* **notes**: "Note N", "NOTE N -", "N." headings (number, separator, a short capitalised
  title) on the pages from the first statement page on, read as one sequence 1, 2, 3, ...
  in page order (a number may be skipped); filings where at least 3 are found. A note is
  **ok** when a node starting on its page (or the next) has a title with its number.

The nodes scored are the PDF frontend's raw nodes (nested by level), and with ``--tree`` also
the final tree of a standard compile (no LLM), each node's subtree span: the nodes the ranker
cites (a statement page can start a raw node that a later pass merges away). ``--cache DIR``
keeps each filing's page lines and spans (parsing is the slow part) for the next run.

The filings are sorted by name and dealt alternately to half A (tune: rules are tuned on it)
and B (check: held out); ``benchmarks/quality/questions/filings.jsonl`` puts each filing's questions
in the same half. This scorer's own title rule is independent of the detector's.

    python benchmarks/quality/bench_statements.py [--half A|B|all]
        [--folder financebench|filings-extra]
        [--match S] [--tree] [--cache DIR] [--verbose] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import vectorless_assets.frontends.pdf as pdf_frontend
import vectorless_assets.frontends.pdf.parser as pdf_parser
from vectorless_assets.ir import Document
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pdf"
FOLDERS = ("financebench", "filings-extra")
HEAD = 8  # first lines of a page read for a statement title
_STATEMENT = re.compile(
    r"^(?:the)?(?:consolidated|condensed|combined|interim|unaudited|selected|gaap)*"
    r"(?:balancesheets?|statements?of(?:consolidated)?(?:changesin)?(?:comprehensive)?"
    r"(?:income|operations|earnings|\(loss\)income|incomeloss|lossincome|cashflows?|"
    r"(?:stockholders|shareholders|owners)equity|(?:stockholders|shareholders)?deficit|"
    r"equity|financialposition|financialcondition|comprehensiveincome))"
    r"(?P<rest>.*)$"
)
_REST = re.compile(
    r"^(?:\(?unaudited\)?|\(?continued\)?|\(?loss\)?|andcomprehensive\w*|and\w*|\(?in(?:millions|thousands|billions)|"
    r"asof|as at|at|for|years?|three|six|nine|twelve|fiscal|quarter|period|ended|january|"
    r"february|march|april|may|june|july|august|september|october|november|december|\W)"
)
_PAGE_REF = re.compile(r"(?:\s|\.{2,})(?:[A-Z]-?\s?)?\d{1,3}\s*$")
_NOTE = re.compile(
    r"^\s*(?:note\s+(?P<a>\d{1,2})\b\s*[.:\u2014\u2013\-]?|(?P<b>\d{1,2})\s*\.)"
    r"\s*(?P<title>[A-Z][^\n]{2,100})?$",
    re.I,
)


def compact(text: str) -> str:
    """Lowercase letters, digits and a few marks, spaces dropped ("BALANCE S HEETS")."""
    return re.sub(r"[\s’'`\u00a0]+", "", text.lower())


def statement_line(text: str) -> str:
    """'' when `text` is no statement title, else "continued" or "title"."""
    if _PAGE_REF.search(text) and not re.search(r"(?:19|20)\d\d\s*$", text):
        return ""
    m = _STATEMENT.match(compact(text))
    if not m:
        return ""
    rest = m.group("rest")
    if rest and not _REST.match(rest):
        return ""
    return "continued" if "continued" in rest else "title"


def _kind(text: str) -> str:
    c = compact(text)
    for word in ("balance", "cashflow", "comprehensive", "equity", "deficit", "financial"):
        if word in c:
            return word
    return "income"


def statement_pages(pages: list[list[str]]) -> list[tuple[int, str, str]]:
    """(page, kind, "title"/"continued") for each statement page."""
    out: list[tuple[int, str, str]] = []
    for i, lines in enumerate(pages):
        if sum(1 for t in lines if statement_line(t)) >= 3:
            continue  # a contents page
        for t in lines[:HEAD]:
            how = statement_line(t)
            if how:
                kind = _kind(t)
                if how == "title" and out and out[-1][0] == i - 1 and out[-1][1] == kind:
                    how = "continued"  # the title repeated on the statement's second page
                out.append((i, kind, how))
                break
    return out


def note_headings(pages: list[list[str]], first: int) -> list[tuple[int, int, str]]:
    """(page, number, line) of numbered notes from page `first` on, as one sequence."""
    found: list[tuple[int, int, str]] = []
    want = 1
    for i in range(first, len(pages)):
        if sum(1 for t in pages[i] if _NOTE.match(t)) >= 5:
            continue  # a list of the notes
        for t in pages[i]:
            m = _NOTE.match(t)
            if not m or _PAGE_REF.search(t):
                continue
            num = int(m.group("a") or m.group("b"))
            title = (m.group("title") or "").strip()
            if m.group("b") and (not title or len(title.split()) > 12 or title.endswith(".")):
                continue
            if num in (want, want + 1):
                found.append((i, num, t.strip()))
                want = num + 1
    return found if len(found) >= 3 else []


def spans(nodes: list[Any]) -> list[tuple[int, int, str]]:
    """(start, end, title) of each node's subtree (0-based pages), nesting by level."""
    out = []
    for k, n in enumerate(nodes):
        end = n.end_page
        for m in nodes[k + 1 :]:
            if m.level <= n.level:
                break
            end = max(end, m.end_page)
        out.append((n.start_page - 1, end - 1, n.title))
    return out


def tree_spans(doc: Document) -> list[tuple[int, int, str]]:
    """(start, end, title) of each node of a compiled tree but the root (0-based pages,
    the subtree's span: what the ranker cites)."""
    return [
        (n.start_page - 1, n.end_page - 1, n.title)
        for n in doc.tree.nodes[1:]
        if n.start_page is not None and n.end_page is not None
    ]


def read_filing(path: Path, tree: bool = False) -> tuple[dict[str, Any], Document | None]:
    """A filing's page lines (as the parser reads them) and node spans: the raw nodes', and
    with `tree` the final tree's of a standard compile (returned too, to be saved)."""
    captured: list[list[list[str]]] = []
    parsed: list[Any] = []
    real, real_parse = pdf_parser.read_pages, pdf_frontend.parse_pdf

    def spy(reader: Any, options: Any, diags: Any) -> Any:
        pages, total = real(reader, options, diags)
        captured.append([[ln.text for ln in p.lines] for p in pages])
        return pages, total

    def parse_spy(data: bytes, *, options: CompileOptions) -> Any:
        parsed.append(real_parse(data, options=options))
        return parsed[-1]

    pdf_parser.read_pages, pdf_frontend.parse_pdf = spy, parse_spy
    try:
        if tree:
            doc = compile_document(path, mode="standard")
        else:
            doc = None
            parse_spy(path.read_bytes(), options=CompileOptions())
    finally:
        pdf_parser.read_pages, pdf_frontend.parse_pdf = real, real_parse
    data = {
        "pages": captured[0],
        "raw": spans([n for n in parsed[0].raw_nodes if n.level >= 1]),
        "tree": tree_spans(doc) if doc is not None else None,
    }
    return data, doc


def score(pages: list[list[str]], sp: list[Any]) -> dict[str, Any]:
    """Statement pages and notes of one filing's `pages`, and which start a node of `sp`."""
    stmts = statement_pages(pages)
    rows = []
    for page, kind, how in stmts:
        start = [s for s in sp if s[0] == page and s[1] - s[0] + 1 <= 2]
        ok = bool(start)
        if not ok and how == "continued":
            ok = any(s[0] == page - 1 and s[1] >= page and s[1] - s[0] + 1 <= 2 for s in sp)
        titled = any(statement_line(s[2]) for s in start) or (
            how == "continued"
            and any(s[0] == page - 1 and s[1] >= page and statement_line(s[2]) for s in sp)
        )
        rows.append({"page": page + 1, "kind": kind, "how": how, "ok": ok, "titled": titled})
    first = min((p for p, _, _ in stmts), default=len(pages))
    notes = []
    for page, num, line in note_headings(pages, first):
        ok = any(
            s[0] in (page, page + 1)
            and re.match(rf"^\s*(?:note\s+)?{num}\b", s[2], re.I) is not None
            for s in sp
        )
        notes.append({"page": page + 1, "n": num, "line": line[:60], "ok": ok})
    return {"statements": rows, "notes": notes}


def score_filing(path: Path, tree: bool = False, cache: Path | None = None) -> dict[str, Any]:
    """Statement pages and notes of one filing, and which start a raw node of the PDF
    frontend; with `tree` also (under "tree") a node of the standard compile's final tree.
    With `cache`, the lines and spans read (`read_filing`) are kept there by file name and
    size, and read again instead of parsing (clear it when the parser changes)."""
    saved = cache / f"{path.stem}.{path.stat().st_size}.json" if cache else None
    data = json.loads(saved.read_text()) if saved and saved.exists() else None
    if data is None or (tree and data["tree"] is None):
        data, _ = read_filing(path, tree)
        if saved:
            saved.write_text(json.dumps(data))
    out = score(data["pages"], data["raw"])
    if tree:
        out["tree"] = score(data["pages"], data["tree"])
    return out


def share(rows: list[dict[str, Any]], key: str = "ok") -> str:
    n = len(rows)
    k = sum(1 for r in rows if r[key])
    return f"{k}/{n} = {k / n:.3f}" if n else "0/0"


def line(label: str, r: dict[str, Any]) -> str:
    st, no = r["statements"], r["notes"]
    return (
        f"{label:44} statements {share(st):>16}  titled {share(st, 'titled'):>16}"
        f"  notes {share(no):>16}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=("A", "B", "all"), default="all")
    ap.add_argument("--folder", choices=FOLDERS, default=None, help="one folder's filings only")
    ap.add_argument("--match", default="")
    ap.add_argument("--verbose", action="store_true", help="the pages and notes missed")
    ap.add_argument("--json", type=Path, default=None, help="write per-filing rows here")
    ap.add_argument(
        "--tree",
        action="store_true",
        help="also score the standard compile's final tree (what the ranker cites)",
    )
    ap.add_argument(
        "--cache", type=Path, default=None, help="keep each filing's lines and spans here"
    )
    args = ap.parse_args(argv)
    files = sorted(p for f in FOLDERS for p in (CORPUS / f).glob("*.pdf"))
    if not files:
        print(f"no filings under {CORPUS}", file=sys.stderr)
        return 2
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    halves = {p.name: "AB"[i % 2] for i, p in enumerate(sorted(files, key=lambda p: p.name))}
    report: dict[str, Any] = {}
    for path in files:
        half = halves[path.name]
        if args.half != "all" and half != args.half or args.match not in path.name:
            continue
        if args.folder and path.parent.name != args.folder:
            continue
        r = score_filing(path, args.tree, args.cache)
        report[path.name] = {"half": half, **r}
        print(line(f"{half} {path.name}", r), flush=True)
        if args.tree:
            print(line("    final tree:", r["tree"]), flush=True)
        if args.verbose:
            for kind, rr in [("raw", r), *([("tree", r["tree"])] if args.tree else [])]:
                for row in rr["statements"]:
                    if not row["ok"]:
                        print(f"    {kind} statement p{row['page']} {row['kind']} {row['how']}")
                for row in rr["notes"]:
                    if not row["ok"]:
                        print(f"    {kind} note p{row['page']} {row['n']}: {row['line']}")
    for kind in ["raw", *(["tree"] if args.tree else [])]:
        nodes = "final tree (standard compile)" if kind == "tree" else "raw PDF nodes"
        for half in ("A", "B", "all"):
            rs = [
                v if kind == "raw" else v["tree"]
                for v in report.values()
                if half in ("all", v["half"])
            ]
            if not rs:
                continue
            st = [s for v in rs for s in v["statements"]]
            no = [n for v in rs for n in v["notes"]]
            print(
                f"{nodes}, half {half}: statement pages starting a node <= 2 pages "
                f"{share(st)}, titled as a statement {share(st, 'titled')}; notes that are "
                f"node titles {share(no)} ({sum(1 for v in rs if v['notes'])} filings with notes)"
            )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
