"""`vectorless compile`: source documents -> `<doc_id>.bin` IR files."""

from __future__ import annotations

import argparse
import time
from contextlib import ExitStack
from pathlib import Path

from vectorless_assets.cli.compile_setup import CompileSetup
from vectorless_assets.cli.gone import missing_paths, report_gone
from vectorless_assets.cli.output import emit_json, error, one_line, progress
from vectorless_assets.cli.results import as_json, change_line, ms
from vectorless_assets.environment import DEFAULT_IR_DIR, Environment
from vectorless_assets.frontends.discovery import SourceRef, expand
from vectorless_assets.frontends.registry import REGISTRY
from vectorless_assets.ir import save_ir
from vectorless_assets.ir.errors import CompileError, IRWriteError
from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.options import MODES, CompileOptions
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.pipeline.compile import KEY_RECORDED, compile_document

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


def compile_in_process(
    refs: list[SourceRef],
    out: Path,
    options: CompileOptions,
    setup: CompileSetup,
    *,
    force: bool = False,
    refresh_llm: bool = False,
    show_progress: bool = True,
) -> list[DocumentOutcome]:
    """Compile each source with `compile_document` and save it; one failure never stops the rest.

    The IR folder is the memory: a document's previous IR there makes the compile a skip or an
    incremental update (`compile_document(previous=)`); the lasting LLM cache lives beside it
    (`environment.cache_path_for`, `setup.llm_cache`).
    """
    from vectorless_assets.environment import STATE_SUBDIR, cache_path_for, document_lock_path
    from vectorless_assets.llm.cache import LLMCache
    from vectorless_assets.orchestration.storage.locks import file_lock  # plain flock: no Dagster

    llm = setup.llm
    cache_path = cache_path_for(out, setup.llm_cache) if llm is not None else None
    cache = LLMCache(cache_path) if cache_path else None
    results: list[DocumentOutcome] = []
    for i, ref in enumerate(refs, start=1):
        t0 = time.perf_counter()
        result = DocumentOutcome(status="failed", document_key=ref.key, path=str(ref.path))
        try:
            # a name that is not UTF-8 fails here, for this document only
            result.doc_id = doc_id_for(ref.key)
            target = out / f"{result.doc_id}.bin"
            # from reading the previous IR (the same-key check) to writing the new one: another
            # compile of this document into this folder (another root's file with the same key)
            # waits, then finds this IR and is refused, instead of both writing
            lock, lock_path = ExitStack(), document_lock_path(out / STATE_SUBDIR, result.doc_id)
            try:
                lock.enter_context(file_lock(lock_path))
            except OSError as exc:  # a read-only or full IR folder
                raise CompileError(ref.key, f"cannot lock {lock_path}: {exc}") from exc
            with lock:
                # forced too: a forced compile reuses nothing but keeps node ids and created_at
                doc = compile_document(
                    ref.path,
                    options=options,
                    root=ref.root,
                    llm=llm,
                    previous=target if target.exists() else None,
                    force=force,
                    llm_cache=cache,
                    refresh_llm=refresh_llm,
                    llm_concurrency=setup.llm_concurrency,
                )
                meta = doc.meta
                if meta is None or meta.action != "skip" or meta.action_reason == KEY_RECORDED:
                    # durable (fsync'd file and folder) before it is reported ok
                    try:
                        save_ir(doc, target)
                    except IRWriteError as exc:
                        # a read-only or full IR folder: this document failed
                        raise CompileError(ref.key, str(exc)) from exc
            result.nodes, result.ir_path = len(doc.tree.nodes), str(target)
            result.reason = (
                f"{meta.action}: {meta.action_reason}" if meta and meta.action_reason else ""
            )
            if meta is not None and meta.action == "skip" and meta.action_reason != KEY_RECORDED:
                result.status = "skipped"
            else:
                # a skip that recorded the document's key was written above: still unchanged
                result.status = (
                    "skipped" if meta is not None and meta.action == "skip" else "compiled"
                )
                result.changes = meta.changes.model_dump() if meta is not None else None
                # frontend warnings (scanned PDF, page limit, ...) and errors (an optional
                # pass that failed and was skipped) are shown
                for d in doc.diagnostics:
                    if (d.source == "parse" and d.severity != "info") or d.severity == "error":
                        progress(f"  {ref.key}: {d.severity}: {d.message}", enabled=show_progress)
        except CompileError as exc:
            result.error, result.status = exc.problem, "failed"
        # a bug in a pass must not stop the batch
        except Exception as exc:
            result.error, result.status = f"internal error: {type(exc).__name__}: {exc}", "failed"
        result.seconds = time.perf_counter() - t0
        results.append(result)
        if not result.ok:
            state = f"FAILED: {result.error}"
        elif result.status == "skipped":
            state = "unchanged, skipped"
        else:
            state = (
                f"ok ({result.nodes} nodes, {ms(result):.0f} "
                f"ms{', ' + result.reason if result.reason else ''})"
            )
        progress(f"[{i}/{len(refs)}] {ref.key} {state}", enabled=show_progress)
    if cache is not None:
        cache.close()
    return results


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
