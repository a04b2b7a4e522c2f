"""`vectorless locate`: rank the sections of compiled IRs for a question.

The one reading command that ranks: it reads `VECTORLESS_LEXICONS` (`Environment.lexicons`),
and with `--llm` it adds an LLM-guided search over the table of contents
(`navigator.guided`, configured by `VECTORLESS_LLM_*`): its LLM usage goes to stderr, and
`--json` then prints `{"hits": [...], "llm_usage": {...}}`; a failing model leaves the no-LLM
results. The target, `--doc`, `--json` and the exit status are those of the other reading
commands (`navigate_cmd`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from vectorless_assets.cli.navigate_cmd import add_common, add_target, run_on_target
from vectorless_assets.cli.output import error
from vectorless_assets.environment import Environment
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator import Catalog, DocumentNavigator
from vectorless_assets.navigator.ranking.guided import MAX_CALLS, usage_json
from vectorless_assets.navigator.views import span_text


def register(sub: argparse._SubParsersAction) -> None:
    """Add `locate` to an argparse subparsers object."""
    p = sub.add_parser("locate", help="rank sections for a question (no LLM unless --llm)")
    add_target(p)
    p.add_argument("query", help="text to look for / the question")
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
    add_common(p)
    p.set_defaults(handler=cmd_locate)


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

    return run_on_target(args, body, ranks=True)
