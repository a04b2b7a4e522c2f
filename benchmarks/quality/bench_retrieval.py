"""Retrieval benchmark: `locate` (no LLM) against BM25 baselines, on real documents.

FinanceBench (``corpus/qa/financebench-dev.jsonl`` over ``corpus/pdf/financebench/``): each
filing is compiled with ``compile_document(path, mode=...)``; per question we rank

* **locate**: ``DocumentNavigator.locate(question, k=5)`` over the filing's IR;
* **bm25-pages**: BM25 over the filing's pages (text from pypdf, one unit per page);
* **bm25-sections**: BM25 over our sections (each node's own title + text, the same terms).

A hit is a returned unit spanning at most 5 pages whose page range contains a gold page
(gold pages are 0-based in the data set, ours 1-based). A locate hit over a longer section
carries a ``focus`` (the pages inside it where the question's terms concentrate, at most 3:
`navigator.pinpoint`); **locate** and **locate-folder** count a hit by its focus when it has
one, else by its span, and the pages read are the focus's. The columns **locate-span** and
**locate-folder-span** count the same hits the old way (the cited span only), so the change
is visible. Reported: hit@1, hit@5, and the
pages an agent reads until the first hit (the page spans of the results in rank order up
to and including the hit; questions with a hit@5 only), plus pages read for all 5 results.
``--cross`` adds locate over the folder of all filings (the hit must be in the right filing)
and how often the catalog's best document for a question is the right filing.
``--half A|B|all`` scores one half of the questions, or all of them, each half reported too:
the questions sorted by the SHA-1 of their id, then dealt alternately to A and B
(`halves`), so tuning on A can be checked on B. ``--cache DIR`` loads each filing's IR from
DIR when one compiled from that file is there (else compiles it and saves it there).

**Pages read** (``pages_read`` in the output, `_pages_read`): per question, the pages an agent
reads in ranking order (locate asked for 10 hits; each hit's focus pages if it has a focus,
else its page range, in page order, no page counted twice) until a gold page; reported as
the share of questions whose gold page is within the first 1 / 3 / 5 / 10 pages read
(``read@N``), beside hit@1 / hit@5, for locate and for BM25 over pages (10 pages).

Our own questions (``--questions``, default ``benchmarks/quality/questions/filings.jsonl``, over the
filings in ``pdf/filings-extra/`` and ``pdf/financebench/``) are scored the same way and
reported as ``filings``; their halves are set in the file, by filing (A: tune, B: check);
``pages_read_by_kind`` splits their table by the questions' ``kind``.
``--only fb`` runs the shared questions only, ``--only own`` ours only, ``--only filings``
both; ``--cache DIR`` keeps our set's IRs in ``DIR/own`` and the pages' text (pypdf, for
BM25 over pages) in ``DIR/pages``.

Rust book (``corpus/md/large/rust-book-all-in-one.md`` compiled as one document): every
internal link of the book's sources (``corpus/md/rust-book/src``, concatenated in SUMMARY
order into the big file) is a query (its link text) whose answer is the target section,
found with mdBook's anchor rules (heading text -> lowercase, alphanumerics, ``_`` and ``-``
kept, whitespace -> ``-``, the rest dropped; repeats on a page get ``-1``, ``-2``; no anchor
= the page's first heading). A hit is a node owning the target heading's line. Reported
for locate and BM25 over sections. ``--half`` applies here too: a query's id is its target
line in the big file and its link text (`rust_query_id`), dealt to A and B by `halves`; the
misses ``--verbose`` lists are the scored half's only (tune on A without reading B's).

Run by hand from the project root:
    python benchmarks/quality/bench_retrieval.py [--corpus ../shared/corpus] [--mode deep]
        [--only fb|own|filings|rust] [--questions FILE] [--cross]
        [--half A|B|all] [--cache DIR] [--no-printed-toc] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from statistics import mean
from typing import Any

from _pages_read import OWN, halves, own_questions, pages_read, read_summary, shared_questions

from vectorless_assets.ir import Document
from vectorless_assets.navigator import DocumentNavigator
from vectorless_assets.navigator.ranking.bm25 import BM25
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document
from vectorless_assets.text.terms import terms

MAX_SPAN = 5
K = 5
READ_K = 10  # hits asked for the pages-read measure (enough for 10 pages of one-page hits)
_COMPILED: dict[Path, Document] = {}  # each filing compiled once per run, for both sets

Unit = tuple[int | None, int | None]  # (start, end) pages or lines


def section_units(doc: Document) -> tuple[BM25, list[Any]]:
    """BM25 over every node's own title + text, and the nodes in the same order."""
    nodes = list(doc.tree.nodes)
    return BM25([terms(n.title) + terms(n.summary) + terms(n.content) for n in nodes]), nodes


def score_ranked(spans: list[Unit], gold: set[int]) -> dict[str, Any]:
    """hit@1, hit@5 and pages read for ranked (start_page, end_page) spans."""
    read, first = 0, None
    for rank, (s, e) in enumerate(spans[:K], start=1):
        size = (e - s + 1) if s is not None and e is not None else 1
        read += size
        if (
            first is None
            and s is not None
            and e is not None
            and size <= MAX_SPAN
            and any(s <= g <= e for g in gold)
        ):
            first = (rank, read)
    return {
        "hit1": first is not None and first[0] == 1,
        "hit5": first is not None,
        "pages_to_hit": first[1] if first else None,
        "pages_top5": read,
    }


def hit_spans(hits: list[dict[str, Any]], focus: bool) -> list[Unit]:
    """Pages each hit points at: its focus when it has one and `focus`, else its cited span."""
    out: list[Unit] = []
    for h in hits:
        f = h.get("focus") if focus else None
        out.append((f["start_page"], f["end_page"]) if f else (h["start_page"], h["end_page"]))
    return out


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    to_hit = [r["pages_to_hit"] for r in rows if r["pages_to_hit"] is not None]
    return {
        "n": len(rows),
        "hit@1": round(mean(r["hit1"] for r in rows), 3) if rows else 0.0,
        "hit@5": round(mean(r["hit5"] for r in rows), 3) if rows else 0.0,
        "pages_to_hit": round(mean(to_hit), 2) if to_hit else None,
        "pages_top5": round(mean(r["pages_top5"] for r in rows), 2) if rows else None,
    }


# -- FinanceBench and our filing questions --------------------------------------------------
def cached_irs(cache: Path) -> dict[str, Document]:
    """IRs saved in `cache`, by the file name of the source they were compiled from."""
    from vectorless_assets.ir import load_ir

    out = {}
    for path in sorted(cache.glob("*.bin")):
        doc = load_ir(path)
        if doc.source_path:
            out[Path(doc.source_path).name] = doc
    return out


def pdf_pages(path: Path, cache: Path | None = None) -> list[str]:
    """The text of each page of a PDF (pypdf), kept in `cache` (by file name and size) when
    given: the BM25-over-pages baseline's units."""
    saved = cache / f"{path.stem}.{path.stat().st_size}.pages.json" if cache else None
    if saved is not None and saved.exists():
        return json.loads(saved.read_text())
    out = read_pdf_pages(path)
    if saved is not None:
        saved.parent.mkdir(parents=True, exist_ok=True)
        saved.write_text(json.dumps(out))
    return out


def read_pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    if reader.is_encrypted:
        reader.decrypt("")
    out = []
    for page in reader.pages:
        try:
            out.append(page.extract_text() or "")
        except Exception:  # a page pypdf cannot read counts as empty
            out.append("")
    return out


def financebench(
    corpus: Path,
    mode: str,
    cross: bool,
    out_dir: Path | None,
    options: CompileOptions | None = None,
    half: str = "all",
    every: list[dict[str, Any]] | None = None,
    pages_cache: Path | None = None,
) -> dict[str, Any]:
    """Locate and the BM25 baselines over a question set (`_pages_read`: the shared
    FinanceBench questions unless `every` is given), per half; with the pages-read table."""
    every = shared_questions(corpus) if every is None else every
    questions = [q for q in every if half == "all" or q["half"] == half]
    # the folder holds every filing, whatever the half
    names = sorted({q["pdf"] for q in every})
    saved = cached_irs(out_dir) if out_dir is not None else {}
    navs: dict[Path, DocumentNavigator] = {}
    pages: dict[Path, BM25] = {}
    sections: dict[Path, tuple[BM25, list[Any]]] = {}
    compile_s: dict[str, float] = {}
    for pdf in names:
        t0 = time.perf_counter()
        doc = saved.get(pdf.name) or _COMPILED.get(pdf)
        if doc is None:
            doc = compile_document(pdf, mode=mode, options=options)
            compile_s[pdf.stem] = round(time.perf_counter() - t0, 2)
        _COMPILED[pdf] = doc  # the other question set reuses it
        if out_dir is not None and pdf.name not in saved:
            from vectorless_assets.ir import save_ir

            save_ir(doc, out_dir / f"{doc.doc_id}.bin")
        navs[pdf] = DocumentNavigator(doc)
        navs[pdf].locate("warm up", k=1)  # build the locator once, outside the timed queries
        pages[pdf] = BM25([terms(t) for t in pdf_pages(pdf, pages_cache)])
        sections[pdf] = section_units(doc)
        print(
            (
                f"  {'compiled' if pdf.stem in compile_s else 'loaded'} {pdf.stem}: "
                f"{len(doc.tree)} nodes, {doc.page_count} pages"
            ),
            file=sys.stderr,
        )
    methods = ["locate", "locate-span", "bm25-pages", "bm25-sections"] + (
        ["locate-folder", "locate-folder-span"] if cross and out_dir is not None else []
    )
    rows: dict[str, list[tuple[str, dict[str, Any]]]] = {m: [] for m in methods}
    read: dict[str, list[tuple[str, int | None]]] = {"locate": [], "bm25-pages": []}
    catalog = None
    by_id = {nav.doc.doc_id: pdf for pdf, nav in navs.items()}
    if "locate-folder" in methods and out_dir is not None:
        from vectorless_assets.navigator import Catalog

        catalog = Catalog(out_dir)
    per_question = []
    locate_ms = []
    right_doc: list[tuple[str, bool]] = []
    for q in questions:
        pdf, query, side_q, gold = q["pdf"], q["question"], q["half"], q["gold"]
        t0 = time.perf_counter()
        hits = navs[pdf].locate(query, k=K)
        locate_ms.append((time.perf_counter() - t0) * 1000)
        r = {
            "locate": score_ranked(hit_spans(hits, True), gold),
            "locate-span": score_ranked(hit_spans(hits, False), gold),
        }
        top_pages = [(i + 1, i + 1) for i, _ in pages[pdf].top(terms(query), READ_K)]
        r["bm25-pages"] = score_ranked(top_pages[:K], gold)
        read["locate"].append(
            (side_q, pages_read(hit_spans(navs[pdf].locate(query, k=READ_K), True), gold))
        )
        read["bm25-pages"].append((side_q, pages_read(top_pages, gold)))
        bm, nodes = sections[pdf]
        r["bm25-sections"] = score_ranked(
            [(nodes[i].start_page, nodes[i].end_page) for i, _ in bm.top(terms(query), K)], gold
        )
        if catalog is not None:
            covers = catalog.covers(query, k=1)
            right_doc.append((side_q, bool(covers) and by_id.get(covers[0]["doc_id"]) == pdf))
            folder = catalog.locate(query, k=K)
            for column, focus in (("locate-folder", True), ("locate-folder-span", False)):
                spans = hit_spans(folder, focus)
                r[column] = score_ranked(
                    [
                        span if by_id.get(f["doc_id"]) == pdf else (None, None)
                        for f, span in zip(folder, spans, strict=True)
                    ],
                    gold,
                )
        for method, value in r.items():
            rows[method].append((side_q, value))
        per_question.append(
            {
                "id": q["id"],
                "half": side_q,
                "doc": pdf.stem,
                "gold": sorted(gold),
                "locate_top": [
                    (h["start_page"], h["end_page"], h["focus"], h["title"][:40]) for h in hits[:3]
                ],
                "pages_read": {m: v[-1][1] for m, v in read.items()},
                **{m: v["hit5"] for m, v in r.items()},
            }
        )
    result: dict[str, Any] = {}
    for group in ["A", "B", "all"] if half == "all" else [half]:
        result[group] = {
            m: summarise([v for s, v in rs if group in ("all", s)]) for m, rs in rows.items()
        }
        if right_doc:
            picked = [ok for s, ok in right_doc if group in ("all", s)]
            result[group]["catalog_right_document@1"] = round(mean(picked), 3) if picked else None
    result["pages_read"] = {
        group: {
            m: {
                **read_summary([p for s, p in rs if group in ("all", s)]),
                **{k: v for k, v in result[group][m].items() if k in ("hit@1", "hit@5")},
            }
            for m, rs in read.items()
        }
        for group in (["A", "B", "all"] if half == "all" else [half])
    }
    kinds = sorted({q.get("kind", "") for q in questions} - {""})
    if kinds:  # our questions: the pages-read table per kind of question, halves together
        result["pages_read_by_kind"] = {
            kind: {
                m: read_summary(
                    [p for q, (_, p) in zip(questions, rs, strict=True) if q["kind"] == kind]
                )
                for m, rs in read.items()
            }
            for kind in kinds
        }
    result["locate_ms_per_query"] = round(mean(locate_ms), 2) if locate_ms else None
    result["compile_seconds"] = compile_s
    result["questions"] = per_question
    return result


# -- Rust book --------------------------------------------------------------------------------
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(?:>\s*)?(#{1,6})\s+(.*?)\s*#*\s*$")  # blockquoted headings too
INLINE = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")
REFERENCE = re.compile(r"(?<!!)\[([^\]]+)\]\[([^\]]*)\]")
DEFINITION = re.compile(r"^\s{0,3}\[([^\]]+)\]:\s*(\S+)")


def mdbook_id(text: str) -> str:
    """mdBook's `normalize_id` of a heading's rendered text."""
    text = (
        re.sub(r"<[^>]+>", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text))
        .replace("`", "")
        .replace("*", "")
    )
    return "".join(
        ch.lower() if ch.isalnum() or ch in "_-" else "-" if ch.isspace() else "" for ch in text
    )


def clean_text(text: str) -> str:
    return " ".join(re.sub(r"[`*“”\"]", "", text).split())


def scan(src: str) -> tuple[list[tuple[int, str, str]], list[tuple[str, str]]]:
    """Headings (line, title, unique anchor) and links (text, target) of one mdBook page."""
    headings, links, seen = [], [], {}
    definitions: dict[str, str] = {}
    body: list[str] = []
    fenced = False
    for n, line in enumerate(src.split("\n"), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        m = HEADING.match(line)
        if m:
            base = mdbook_id(m.group(2))
            count = seen.get(base)
            seen[base] = 0 if count is None else count + 1
            headings.append((n, m.group(2), base if count is None else f"{base}-{count + 1}"))
            continue
        d = DEFINITION.match(line)
        if d:
            definitions[d.group(1).lower()] = d.group(2)
            continue
        body.append(line)
    text = "\n".join(body)
    links += [(t, u) for t, u in INLINE.findall(text)]
    for t, label in REFERENCE.findall(text):
        target = definitions.get((label or t).lower())
        if target:
            links.append((t, target))
    return headings, links


def rust_query_id(text: str, line: int) -> str:
    """A Rust-book query's id for `halves`: its target line in the big file and its link text."""
    return f"{line}\t{text}"


def rust_book(corpus: Path, mode: str, half: str = "all") -> dict[str, Any]:
    src_dir = corpus / "md" / "rust-book" / "src"
    big_path = corpus / "md" / "large" / "rust-book-all-in-one.md"
    big = big_path.read_text(encoding="utf-8")
    files = re.findall(r"\]\(([^)]+\.md)\)", (src_dir / "SUMMARY.md").read_text(encoding="utf-8"))
    pages: dict[str, tuple[int, list[tuple[int, str, str]], list[tuple[str, str]]]] = {}
    pos = 0
    for f in files:
        text = (src_dir / f).read_text(encoding="utf-8")
        at = big.find(text, pos)
        if at < 0:
            raise SystemExit(f"{f} is not in {big_path.name} verbatim")
        pos = at + len(text)
        headings, links = scan(text)
        pages[f] = (big.count("\n", 0, at), headings, links)
    queries: dict[tuple[str, int], None] = {}
    unresolved = 0
    for f, (_, _, links) in pages.items():
        for text, target in links:
            if re.match(r"^[a-z]+:|^\.\./|^/", target):
                continue
            path, _, anchor = target.partition("#")
            page = f if not path else re.sub(r"\.html$", ".md", path)
            if page not in pages or not clean_text(text):
                unresolved += page not in pages and bool(path.endswith((".html", ".md")))
                continue
            offset, headings, _ = pages[page]
            line = (
                next((n for n, _, a in headings if a == anchor), None)
                if anchor
                else (headings[0][0] if headings else None)
            )
            if line is None:
                unresolved += 1
                continue
            queries[(clean_text(text), offset + line)] = None
    t0 = time.perf_counter()
    doc = compile_document(big_path, mode=mode)
    compile_s = round(time.perf_counter() - t0, 2)
    nav = DocumentNavigator(doc)
    t0 = time.perf_counter()
    nav.locate("warm up", k=1)  # builds the locator's term statistics once
    index_ms = round((time.perf_counter() - t0) * 1000, 1)
    bm, nodes = section_units(doc)
    owner = {}
    for node in doc.tree.nodes:
        if node.line_start is not None and node.line_end is not None:
            for ln in range(node.line_start, node.line_end + 1):
                owner.setdefault(ln, node.node_id)
    side = halves([rust_query_id(text, line) for text, line in queries])
    rows: dict[str, list[tuple[str, dict[str, Any]]]] = {"locate": [], "bm25-sections": []}
    misses = []
    locate_ms = []
    for text, line in queries:
        side_q = side[rust_query_id(text, line)]
        if half != "all" and side_q != half:
            continue
        gold = owner.get(line)
        t0 = time.perf_counter()
        located = nav.locate(text, k=K)
        locate_ms.append((time.perf_counter() - t0) * 1000)
        ranked = {
            "locate": [h["node_id"] for h in located],
            "bm25-sections": [nodes[i].node_id for i, _ in bm.top(terms(text), K)],
        }
        for method, ids in ranked.items():
            rank = ids.index(gold) + 1 if gold in ids else None
            rows[method].append(
                (
                    side_q,
                    {
                        "hit1": rank == 1,
                        "hit5": rank is not None,
                        "pages_to_hit": None,
                        "pages_top5": 0,
                    },
                )
            )
        if gold not in ranked["locate"][:1]:
            ids = ranked["locate"]
            misses.append(
                {
                    "half": side_q,
                    "query": text,
                    "gold": doc.tree.get(gold).title if gold else None,
                    "rank": ids.index(gold) + 1 if gold in ids else None,
                    "got": [doc.tree.get(i).title for i in ids[:2]],
                }
            )
    result: dict[str, Any] = {}
    for group in ["A", "B", "all"] if half == "all" else [half]:
        result[group] = {
            m: {
                k: v
                for k, v in summarise([v for s, v in r if group in ("all", s)]).items()
                if k in ("n", "hit@1", "hit@5")
            }
            for m, r in rows.items()
        }
    result.update(
        {
            "queries": len(queries),
            "unresolved_links": unresolved,
            "nodes": len(doc.tree),
            "compile_seconds": compile_s,
            "locator_build_ms": index_ms,
            "locate_ms_per_query": round(mean(locate_ms), 2),
            "sample_misses": misses,
        }
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path(__file__).resolve().parents[2].parent / "shared" / "corpus",
    )
    parser.add_argument("--mode", default="deep", choices=["fast", "standard", "deep"])
    parser.add_argument(
        "--only",
        choices=["fb", "own", "filings", "rust"],
        default=None,
        help="fb: the shared FinanceBench questions; own: our questions (--questions); "
        "filings: both",
    )
    parser.add_argument(
        "--questions",
        type=Path,
        default=OWN,
        help="our questions over the filings (JSONL, see _pages_read), reported as 'filings'",
    )
    parser.add_argument(
        "--cross", action="store_true", help="also locate across the folder of all filings"
    )
    parser.add_argument(
        "--out",
        "--cache",
        dest="out",
        type=Path,
        default=None,
        help=(
            "save the compiled filings' IRs here; IRs already there are loaded, not compiled again"
        ),
    )
    parser.add_argument(
        "--half",
        choices=["A", "B", "all"],
        default="all",
        help="the half of the questions (filings) and links (Rust book) to score (see `halves`)",
    )
    parser.add_argument(
        "--no-printed-toc",
        action="store_true",
        help="compile the filings without the printed-ToC structure (for comparison)",
    )
    parser.add_argument("--verbose", action="store_true", help="per-question details")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    report: dict[str, Any] = {"mode": args.mode}
    if args.only in (None, "rust"):
        report["rust_book"] = rust_book(args.corpus, args.mode, args.half)
    sets = {
        "fb": ("financebench", None, args.out),
        "own": ("filings", args.questions, args.out / "own" if args.out else None),
    }
    for key, (label, own_file, out) in sets.items():
        if args.only not in (None, key, "filings") or (key == "own" and own_file is None):
            continue
        if args.cross and out is None:
            import tempfile

            out = Path(tempfile.mkdtemp(prefix=f"{key}-irs-"))
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        fb = financebench(
            args.corpus,
            args.mode,
            args.cross,
            out,
            CompileOptions(use_printed_toc=not args.no_printed_toc),
            args.half,
            None if own_file is None else own_questions(args.corpus, own_file),
            args.out / "pages" if args.out else None,
        )
        if not args.verbose:
            fb.pop("questions")
        report[label] = fb
    if not args.verbose and "rust_book" in report:
        report["rust_book"].pop("sample_misses")
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
