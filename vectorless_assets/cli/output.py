"""Printing helpers shared by the CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any


def emit_json(value: Any) -> None:
    """`value` as JSON on stdout; a file name that is not UTF-8 (lone surrogates) is written
    as `\\udcXX` escapes, so the output stays valid UTF-8 and valid JSON."""
    text = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write(text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")


def one_line(text: str) -> str:
    """`text` with control characters (a newline in a file name, ...) escaped as `\\n`, `\\x1b`:
    one printed line per item whatever the names contain; tabs stay."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


def progress(message: str, *, enabled: bool = True) -> None:
    if enabled:
        print(one_line(message), file=sys.stderr, flush=True)


def error(message: str) -> None:
    print(f"error: {one_line(message)}", file=sys.stderr, flush=True)


def print_frame(frame: Any, fmt: str) -> None:
    """The corpus frame on stdout: JSON records, CSV, or an aligned text table."""
    if fmt == "json":
        from vectorless_assets.ir.corpus import as_records

        emit_json(as_records(frame))
    elif fmt == "csv":
        frame.to_csv(sys.stdout, index=False)
    elif len(frame):
        shown = frame.drop(columns=["doc_id", "ir_path"])
        for line in shown.to_string(index=False, na_rep="-").splitlines():
            print(one_line(line))
