"""`vectorless demo`: compile the bundled sample documents and print what came out."""

from __future__ import annotations

import argparse

from vectorless_assets.cli.compile_cmd import run_compile
from vectorless_assets.cli.compile_setup import CompileSetup
from vectorless_assets.cli.output import error
from vectorless_assets.environment import DEFAULT_IR_DIR, SAMPLES_DIR, Environment
from vectorless_assets.frontends.discovery import expand
from vectorless_assets.ir import load_ir, toc_view
from vectorless_assets.options import MODES, CompileOptions


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="compile the bundled sample documents and print their outlines")
    p.add_argument(
        "--mode",
        choices=MODES,
        default=None,
        help="compilation mode (default: $VECTORLESS_MODE or fast; any with --in-process)",
    )
    p.add_argument(
        "--out",
        default=None,
        help=f"IR folder (default: $VECTORLESS_IR_DIR or {DEFAULT_IR_DIR})",
    )
    p.add_argument("--in-process", action="store_true", help="compile without Dagster")
    p.set_defaults(handler=cmd_demo)


def cmd_demo(args: argparse.Namespace) -> int:
    refs = expand([str(SAMPLES_DIR)])
    environment = Environment.read()
    try:
        setup = CompileSetup.read(environment, in_process=args.in_process, mode=args.mode)
    except ValueError as exc:
        error(str(exc))
        return 2
    out = environment.ir_dir(args.out)
    results = run_compile(
        refs,
        out,
        CompileOptions(mode=setup.mode),
        setup,
        in_process=args.in_process,
        force=False,
        show_progress=True,
    )
    for r in results:
        print()
        if not r.ok:
            print(f"{r.document_key}: FAILED: {r.error}")
            continue
        doc = load_ir(r.ir_path)
        print(f"== {doc.name} ({r.document_key}) -> {r.ir_path}")
        if doc.summary:
            print(f"   {doc.summary[:200]}")
        for line in toc_view.lines(toc_view.entries(doc), max_lines=40):
            print("   " + line)
    ok = sum(r.ok for r in results)
    print(
        f"\n{ok}/{len(results)} sample documents compiled into {out}; try: "
        f"vectorless inspect {out}/<doc_id>.bin"
    )
    return 0 if ok == len(results) else 1
