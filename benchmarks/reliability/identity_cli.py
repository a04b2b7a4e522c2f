"""The identity harness's CLI and Dagster-definitions parts (`bench_identity.py`).

What a user of the command line reads must survive a behaviour-preserving refactor too: the
text and `--json` output of `vectorless compile` (through Dagster, first compile, a skip, an
edit; and `--in-process`), `ls` and `toc` over the compiled folder and each IR. Each output is
kept with what varies between runs masked (the temporary root, durations, timestamps), so the
baseline stores its text, not only a hash: a difference is readable.

The definitions' names: every job, sensor, schedule and asset check of the default code
location.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "vectorless_assets" / "samples"
_MASKS = [
    (re.compile(r"\d+(\.\d+)? ?(ms|s)\b"), "<t>"),
    (re.compile(r'"ms": [0-9.]+'), '"ms": <t>'),
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(\+00:00|Z)?"), "<time>"),
]


def masked(text: str, work: Path) -> str:
    text = text.replace(str(work), "<work>")
    for pattern, mask in _MASKS:
        text = pattern.sub(mask, text)
    return text


def _cli(work: Path, *argv: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VECTORLESS_", "DAGSTER_"))}
    env |= {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "DAGSTER_HOME": str(work / "home"),
        "VECTORLESS_WORKERS": "1",
        "PYTHONWARNINGS": "ignore",
    }
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return masked(f"exit {done.returncode}\n{done.stdout}\n-- stderr --\n{done.stderr}", work)


def cli_part(work: Path) -> dict[str, str]:
    """`{command line: masked output}` of the CLI walk described in the module docstring."""
    work = work / "cli"
    docs, out = work / "docs", work / "irs"
    (work / "home").mkdir(parents=True)
    shutil.copytree(SAMPLES, docs)
    runs: dict[str, str] = {}

    def run(*argv: str) -> None:
        runs[f"{len(runs):02d} vectorless {' '.join(argv)}"] = _cli(work, *argv)

    run("compile", "docs", "--out", "irs")
    run("compile", "docs", "--out", "irs", "--json")
    guide = docs / "field-guide.md"
    guide.write_text(guide.read_text() + "\n## Appendix\n\nOne more section.\n")
    run("compile", "docs", "--out", "irs")
    run("compile", "--in-process", "docs", "--out", "irs2", "--json")
    for fmt in ("table", "csv", "json"):
        run("ls", "irs", "--format", fmt)
    run("toc", "irs")
    for ir in sorted(out.glob("*.bin")):
        run("ls", f"irs/{ir.name}")
        run("ls", f"irs/{ir.name}", "0002", "--json")
        run("toc", f"irs/{ir.name}")
        run("toc", f"irs/{ir.name}", "--json")
    return runs


def definitions_part() -> dict[str, Any]:
    """The names of the default code location's jobs, sensors, schedules and asset checks."""
    from vectorless_assets.orchestration.definitions import defs

    d = defs()
    graph = d.resolve_asset_graph()
    checks = sorted(k.to_user_string() for k in graph.asset_check_keys)
    return {
        "jobs": sorted(j.name for j in d.resolve_all_job_defs()),
        "sensors": sorted(s.name for s in (d.sensors or [])),
        "schedules": sorted(s.name for s in (d.schedules or [])),
        "asset_checks": checks,
    }


if __name__ == "__main__":  # print the CLI part of one run, for a quick look
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(cli_part(Path(tmp)), indent=1, ensure_ascii=False))
        print(json.dumps(definitions_part(), indent=1))
