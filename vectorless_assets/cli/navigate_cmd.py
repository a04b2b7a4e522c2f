"""`vectorless ls|cat|find|toc`: read compiled IRs (a file or a folder of them).

Each command takes an IR file (`<doc_id>.bin`) or a folder of IR files. On a folder, `ls`
prints the corpus table (`Catalog.to_frame`, `--format table|csv|json`), `find` searches
every document, and `cat`/`toc` need `--doc` (a doc_id, doc_id prefix or name) unless the
folder holds one document. Every command has `--json` (the navigator's plain data, as an
agent would see it). `locate`, the one that ranks, is `locate_cmd`; it opens its target and
reports problems the same way (`open_target`, `run_on_target`). Exit status: 0 on success, 1
when an IR is refused (tampered, corrupted) or a target is not found, 2 on a malformed
setting (`VECTORLESS_LEXICONS`, `VECTORLESS_LLM_*`), as for `vectorless compile`.
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
from vectorless_assets.navigator import Catalog, DocumentNavigator, NavigationError
from vectorless_assets.navigator.lexicons import Lexicons
from vectorless_assets.navigator.views import span_text


def add_target(p: argparse.ArgumentParser) -> None:
    """The argument every command reading IRs starts with: the IR file or folder."""
    p.add_argument("ir", metavar="IR-or-folder", help="an IR file or a folder of IR files")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the navigation subcommands to an argparse subparsers object."""
    specs = [
        ("ls", "list a node's children (file) or the documents of a folder", cmd_ls),
        ("cat", "print a node's text with its citation", cmd_cat),
        ("find", "find nodes whose title or text contains a string", cmd_find),
        ("toc", "print the table of contents", cmd_toc),
    ]
    for name, help_text, handler in specs:
        p = sub.add_parser(name, help=help_text)
        add_target(p)
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
        if name == "find":
            p.add_argument("query", help="text to look for / the question")
        if name == "find":
            p.add_argument("--limit", type=int, default=20, help="at most this many results")
        if name == "toc":
            p.add_argument("--depth", type=int, default=None, help="only this many levels")
        add_common(p)
        p.set_defaults(handler=handler)


def add_common(p: argparse.ArgumentParser) -> None:
    """The options every command reading IRs ends with: `--doc` and `--json`."""
    p.add_argument("--doc", default=None, help="in a folder: doc_id, doc_id prefix or name")
    p.add_argument("--json", action="store_true", help="machine-readable output")


# -- helpers --------------------------------------------------------------------------------
def open_target(
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


def single(target: DocumentNavigator | Catalog) -> DocumentNavigator:
    if isinstance(target, DocumentNavigator):
        return target
    if len(target) == 1:
        return next(iter(target.navigators.values()))
    raise NavigationError(f"{target.folder} holds {len(target)} documents: pick one with --doc")


#: `vectorless ls --format` choices
LS_FORMATS = ("table", "csv", "json")


def run_on_target(args: argparse.Namespace, body: Any, *, ranks: bool = False) -> int:
    """Open the target, run `body` on it and print its (JSON, lines) result; a refused IR, a
    missing target or (for a command that `ranks`) a bad VECTORLESS_LEXICONS is one line."""
    try:
        lexicons = Environment.read().lexicons if ranks else None
    except ValueError as exc:  # a malformed VECTORLESS_LEXICONS: a setting, not the IR
        error(str(exc))
        return 2
    try:
        result = body(open_target(args, lexicons))
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
        target = open_target(args)
        if isinstance(target, Catalog) and args.node is None:
            frame = target.to_frame()
            rows = None
        else:
            rows = single(target).ls(args.node)
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
        item = single(t).cat(args.node)
        head = f"== {' > '.join(item['path'])}  ({item['node_id']}, {span_text(item)})"
        kids = [f"  -> {c['node_id']} {c['title']}" for c in item["children"]]
        return item, [head, item["content"].strip(), *kids]

    return run_on_target(args, body)


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

    return run_on_target(args, body)


def cmd_toc(args: argparse.Namespace) -> int:
    def body(t: DocumentNavigator | Catalog) -> tuple[Any, list[str]]:
        nav = single(t)
        return nav.toc(max_depth=args.depth), toc_view.lines(
            toc_view.entries(nav.doc, max_depth=args.depth)
        )

    return run_on_target(args, body)
