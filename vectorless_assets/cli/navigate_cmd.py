"""`vectorless ls|cat|find|toc|locate`: read compiled IRs (a file or a folder of them).

Each command takes an IR file (`<doc_id>.bin`) or a folder of IR files. On a folder, `ls`
prints the corpus table (`Catalog.to_frame`, `--format table|csv|json`), `find` and `locate`
search every document, and `cat`/`toc` need `--doc` (a doc_id, doc_id prefix or name) unless
the folder holds one document. Every command has `--json` (the navigator's plain data, as an
agent would see it). `locate --llm` adds an LLM-guided search over the table of contents
(`navigator.guided`, configured by `VECTORLESS_LLM_*`): its LLM usage goes to stderr, and
`--json` then prints `{"hits": [...], "llm_usage": {...}}`; a failing model leaves the no-LLM
results. Only
`locate` ranks, so only `locate` reads `VECTORLESS_LEXICONS` (`Environment.lexicons`).
Exit status: 0 on success, 1 when an IR is refused (tampered, corrupted) or a target is
not found, 2 on a malformed setting (`VECTORLESS_LEXICONS`, `VECTORLESS_LLM_*`), as for
`vectorless compile`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from vectorless_assets.cli.output import emit_json, error, one_line, print_frame
from vectorless_assets.environment import Environment
from vectorless_assets.ir import toc_view
from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator import Catalog, DocumentNavigator, NavigationError
from vectorless_assets.navigator.lexicons import Lexicons
from vectorless_assets.navigator.ranking.guided import MAX_CALLS, usage_json
from vectorless_assets.navigator.views import span_text


def register(sub: argparse._SubParsersAction) -> None:
    """Add the navigation subcommands to an argparse subparsers object."""
    specs = [
        ("ls", "list a node's children (file) or the documents of a folder", cmd_ls),
        ("cat", "print a node's text with its citation", cmd_cat),
        ("find", "find nodes whose title or text contains a string", cmd_find),
        ("toc", "print the table of contents", cmd_toc),
        ("locate", "rank sections for a question (no LLM unless --llm)", cmd_locate),
    ]
    for name, help_text, handler in specs:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("ir", metavar="IR-or-folder", help="an IR file or a folder of IR files")
        if name == "ls":
            p.add_argument(
                "node",
                nargs="?",
                default=None,
                help="node id, title or child index (default: root)",
            )
            p.add_argument(
                "--format",
                choices=LS_FORMATS,
                default=None,
                help=(
                    "table (default), csv or json; a folder lists one row per document "
                    "(ir.corpus columns); --json is --format json"
                ),
            )
        if name == "cat":
            p.add_argument("node", help="node id, title or child index")
        if name in ("find", "locate"):
            p.add_argument("query", help="text to look for / the question")
        if name == "find":
            p.add_argument("--limit", type=int, default=20, help="at most this many results")
        if name == "toc":
            p.add_argument("--depth", type=int, default=None, help="only this many levels")
        if name == "locate":
            p.add_argument("-k", type=int, default=5, help="number of hits (default 5)")
            p.add_argument(
                "--llm",
                action="store_true",
                help=(
                    "LLM-guided: the model reads the table of contents (VECTORLESS_LLM_* "
                    "settings); no-LLM hits fill the rest"
                ),
            )
            p.add_argument(
                "--max-calls",
                type=int,
                default=MAX_CALLS,
                help=f"with --llm: at most this many LLM calls (default {MAX_CALLS})",
            )
        p.add_argument("--doc", default=None, help="in a folder: doc_id, doc_id prefix or name")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(handler=handler)


# -- helpers --------------------------------------------------------------------------------
def _open(
    args: argparse.Namespace, lexicons: Lexicons | None = None
) -> DocumentNavigator | Catalog:
    """The IR file, or the folder's catalog (or its `--doc`), ranking with `lexicons` (None:
    the default; only `locate` ranks)."""
    path = Path(args.ir)
    if path.is_dir():
        catalog = Catalog(path, lexicons=lexicons)
        for r in catalog.rejected:
            error(f"refused {r['path']}: {r['problem']}")
        if args.doc:
            return catalog.get(args.doc)
        return catalog
    return DocumentNavigator.open(path, lexicons=lexicons)


def _single(target: DocumentNavigator | Catalog) -> DocumentNavigator:
    if isinstance(target, DocumentNavigator):
        return target
    if len(target) == 1:
        return next(iter(target.navigators.values()))
    raise NavigationError(f"{target.folder} holds {len(target)} documents: pick one with --doc")


#: `vectorless ls --format` choices
LS_FORMATS = ("table", "csv", "json")


def _run(args: argparse.Namespace, body: Any, *, ranks: bool = False) -> int:
    """Open the target, run `body` on it and print its (JSON, lines) result; a refused IR, a
    missing target or (for a command that `ranks`) a bad VECTORLESS_LEXICONS is one line."""
    try:
        lexicons = Environment.read().lexicons if ranks else None
    except ValueError as exc:  # a malformed VECTORLESS_LEXICONS: a setting, not the IR
        error(str(exc))
        return 2
    try:
        result = body(_open(args, lexicons))
    except (IRIntegrityError, NavigationError) as exc:
        error(str(exc))
        return 1
    if args.json:
        emit_json(result[0])
    else:
        for line in result[1]:
            print(one_line(line))
    return 0


# -- commands -------------------------------------------------------------------------------
def cmd_ls(args: argparse.Namespace) -> int:
    """A node's children (an IR file), or the folder's documents as a table (`ir.corpus`: the
    frame `Catalog.to_frame` builds) in the `--format` asked for."""
    fmt = "json" if args.json else args.format or "table"
    try:
        target = _open(args)
        if isinstance(target, Catalog) and args.node is None:
            frame = target.to_frame()
            rows = None
        else:
            rows = _single(target).ls(args.node)
    except (IRIntegrityError, NavigationError) as exc:
        error(str(exc))
        return 1
    if rows is None:
        print_frame(frame, fmt)
    elif fmt == "json":
        emit_json(rows)
    elif fmt == "csv":
        import pandas as pd

        pd.DataFrame(rows).to_csv(sys.stdout, index=False)
    else:
        for r in rows:
            print(
                one_line(
                    f"{r['index']:>3}. {r['node_id']}  {r['title']}  [{span_text(r)}]  "
                    f"({r['leaf_count']} leaves)  {r['description'][:80]}"
                )
            )
    return 0


def cmd_cat(args: argparse.Namespace) -> int:
    def body(t: DocumentNavigator | Catalog) -> tuple[Any, list[str]]:
        item = _single(t).cat(args.node)
        head = f"== {' > '.join(item['path'])}  ({item['node_id']}, {span_text(item)})"
        kids = [f"  -> {c['node_id']} {c['title']}" for c in item["children"]]
        return item, [head, item["content"].strip(), *kids]

    return _run(args, body)


def cmd_find(args: argparse.Namespace) -> int:
    def body(t: DocumentNavigator | Catalog) -> tuple[Any, list[str]]:
        navs = list(t.navigators.values()) if isinstance(t, Catalog) else [t]
        rows = [
            {"doc_id": n.doc.doc_id, **r}
            for n in navs
            for r in n.find(args.query, limit=args.limit)
        ][: args.limit]
        prefix = len(navs) > 1
        return rows, [
            (
                f"{(r['doc_id'][:8] + ' ') if prefix else ''}{r['node_id']}  "
                f"{r['title']}  [{span_text(r)}]  {r['where']}: {r['snippet'][:100]}"
            )
            for r in rows
        ]

    return _run(args, body)


def cmd_toc(args: argparse.Namespace) -> int:
    def body(t: DocumentNavigator | Catalog) -> tuple[Any, list[str]]:
        nav = _single(t)
        return nav.toc(max_depth=args.depth), toc_view.lines(
            toc_view.entries(nav.doc, max_depth=args.depth)
        )

    return _run(args, body)


def cmd_locate(args: argparse.Namespace) -> int:
    llm, usage = None, LLMUsage()
    if args.llm:
        try:
            llm = Environment.read().llm_client()
        except ValueError as exc:
            error(str(exc))
            return 2
        if llm is None:
            error("--llm needs an LLM: set VECTORLESS_LLM_BASE_URL and VECTORLESS_LLM_MODEL")
            return 2

    def body(t: DocumentNavigator | Catalog) -> tuple[Any, list[str]]:
        hits = (
            t.locate(args.query, k=args.k, llm=llm, usage=usage, max_calls=max(0, args.max_calls))
            if llm
            else t.locate(args.query, k=args.k)
        )
        lines = []
        for rank, h in enumerate(hits, start=1):
            doc = f"{h['doc_name']}: " if "doc_name" in h else ""
            found = f"  via {h['via']}" if "via" in h else ""
            score = f"  score {h['score']}" if h["score"] is not None else ""
            focus = f", read {span_text(h['focus'])}" if h.get("focus") else ""
            lines.append(
                f"{rank}. {doc}{' > '.join(h['path'])}  ({h['node_id']}, "
                f"{span_text(h)}{focus}){score}{found}"
            )
            lines.append(f"     {h['reason']}")
        if llm is None:
            return hits, lines or ["no match"]
        u = usage_json(usage)
        guided = any(h.get("via") == "llm" for h in hits)
        failed = usage.failures or usage.skipped
        fallback = (
            (" (some calls failed)" if guided else " (failed: no-LLM results)") if failed else ""
        )
        print(
            (
                f"llm: {u['calls']} call(s), {u['failures']} failed, {u['skipped']} "
                f"skipped, ~{u['tokens']} tokens{fallback}"
            ),
            file=sys.stderr,
            flush=True,
        )
        return {"hits": hits, "llm_usage": u}, lines or ["no match"]

    return _run(args, body, ranks=True)
