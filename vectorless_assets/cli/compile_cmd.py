"""`vectorless compile`: source documents -> `<doc_id>.bin` IR files."""

from __future__ import annotations

import argparse
from pathlib import Path

from vectorless_assets.cli.compile_setup import CompileSetup
from vectorless_assets.cli.gone import missing_paths, report_gone
from vectorless_assets.cli.in_process import compile_in_process
from vectorless_assets.cli.output import emit_json, error, one_line, progress
from vectorless_assets.cli.results import as_json, change_line
from vectorless_assets.environment import DEFAULT_IR_DIR, Environment
from vectorless_assets.frontends.discovery import SourceRef, expand
from vectorless_assets.frontends.registry import REGISTRY
from vectorless_assets.options import MODES, CompileOptions
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome

#: The file suffixes a folder is searched for, in the frontends' order (`frontends.registry`).
SUFFIXES = [s for frontend in REGISTRY.frontends for s in frontend.suffixes]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compile", help="compile documents (Markdown, PDF, DOCX) into IR files")
    p.add_argument(
        "paths",
        nargs="+",
        help=f"files or folders (searched recursively for {'/'.join(SUFFIXES)})",
    )
    p.add_argument(
        "--mode",
        choices=MODES,
        default=None,
        help=(
            "compilation mode (default: $VECTORLESS_MODE or fast; through Dagster only that "
            "setting, any with --in-process)"
        ),
    )
    p.add_argument(
        "--out",
        default=None,
        help=f"IR folder (default: $VECTORLESS_IR_DIR or {DEFAULT_IR_DIR})",
    )
    p.add_argument(
        "--root", default=None, help="documents root: keys and doc_ids are paths relative to it"
    )
    p.add_argument(
        "--no-outline", action="store_true", help="ignore PDF outlines (detect headings)"
    )
    p.add_argument(
        "--in-process", action="store_true", help="compile in this process without Dagster"
    )
    p.add_argument("--force", action="store_true", help="recompile even when nothing changed")
    p.add_argument(
        "--prune",
        action="store_true",
        help=(
            "move the IRs of sources gone from a compiled folder to "
            "<out>/.deleted/ (as the sensor does)"
        ),
    )
    p.add_argument(
        "--refresh-llm",
        action="store_true",
        help="ask the LLM again for cached prompts (--in-process; the new answers are cached)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable results on stdout")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(handler=cmd_compile)


def duplicate_keys(refs: list[SourceRef]) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {}
    for ref in refs:
        seen.setdefault(ref.key, []).append(str(ref.path))
    return {k: v for k, v in seen.items() if len(v) > 1}


def skipped(name: str, why: str) -> None:
    """One line per file a folder's listing leaves out (a name that is not UTF-8, a link out of the
    root)."""
    progress(f"skipped {name}: {why}")


def cmd_compile(args: argparse.Namespace) -> int:
    missing = missing_paths(args)
    if missing:
        for problem in missing:
            error(problem + (": nothing compiled or pruned" if args.prune else ""))
        return 2
    try:
        refs = expand(args.paths, args.root, on_skip=skipped)
    except ValueError as exc:
        # an explicit file outside --root
        error(str(exc))
        return 2
    if not refs:
        found = ", ".join(SUFFIXES[:-1]) + " or " + SUFFIXES[-1]
        error(f"no {found} files found in " + ", ".join(args.paths))
        return 2
    dups = duplicate_keys(refs)
    if dups:
        for key, paths in dups.items():
            error(f"two sources share the key {key!r}: {', '.join(paths)} (use --root)")
        return 2
    environment = Environment.read()
    try:
        # a malformed VECTORLESS_* variable, a --mode Dagster does not compile in, or a cache
        # path that is no cache file: one line naming it, before anything is compiled
        setup = CompileSetup.read(environment, in_process=args.in_process, mode=args.mode)
        out = environment.ir_dir(args.out)
        setup.check_cache(out)
    except ValueError as exc:
        error(str(exc))
        return 2
    options = CompileOptions(mode=setup.mode, use_pdf_outline=not args.no_outline)
    results = run_compile(
        refs,
        out,
        options,
        setup,
        in_process=args.in_process,
        force=args.force,
        refresh_llm=args.refresh_llm,
        show_progress=not args.quiet,
    )
    pruned = report_gone(args, refs, out)
    if args.json:
        emit_json([as_json(r) for r in results])
    else:
        for r in results:
            if not r.ok:
                error(f"{r.path}: {r.error}")
            elif change_line(r):
                print(one_line(change_line(r)))
        ok = sum(r.ok for r in results)
        print(
            f"{ok}/{len(results)} documents compiled into {out}"
            + (f" ({len(results) - ok} failed)" if ok < len(results) else "")
        )
    return 0 if pruned and all(r.ok for r in results) else 1


def run_compile(
    refs: list[SourceRef],
    out: Path,
    options: CompileOptions,
    setup: CompileSetup,
    *,
    in_process: bool,
    force: bool,
    show_progress: bool,
    refresh_llm: bool = False,
) -> list[DocumentOutcome]:
    """Compile through Dagster on the local instance, or in process when asked."""
    if in_process:
        return compile_in_process(
            refs,
            out,
            options,
            setup,
            force=force,
            refresh_llm=refresh_llm,
            show_progress=show_progress,
        )
    from vectorless_assets.cli.dagster_bridge import compile_with_dagster

    return compile_with_dagster(refs, out, options, setup, force=force, show_progress=show_progress)
