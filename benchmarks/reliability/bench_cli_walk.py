"""The CLI walk: which of the package's code `vectorless compile <one sample>` passes through.

Run by hand (seconds)::

    python benchmarks/reliability/bench_cli_walk.py          # the package this interpreter imports
    python benchmarks/reliability/bench_cli_walk.py --src ../other-wt   # another checkout (main)
    python benchmarks/reliability/bench_cli_walk.py --json --stops   # machine-readable, every stop
    python benchmarks/reliability/bench_cli_walk.py --imports        # module bodies count as stops

In this process, on a fresh `DAGSTER_HOME` and IR folder in a temporary directory, it imports
the CLI and runs `vectorless compile <sample>` (one bundled sample, through Dagster) under
`sys.setprofile`. From the calls it keeps the package's functions (code under
`vectorless_assets/`) in the order each is first called, then collapses consecutive functions
of the same file into one *stop*. Module and class bodies (run once by an import) are not
functions and are left out of the walk (the imports are counted apart, below); `--imports`
keeps them as stops too.
It reports:

- `stops`: the length of that walk;
- `files`: the distinct files it visits;
- `returns`: stops in a file the walk had already visited and left;
- `modules`: the package modules imported by the end of the run (`sys.modules`), and how many
  of them are orchestration automation (`orchestration.automation.*`, `storage.doc_state`).

The compile runs in this process (one document: the run's worker pool computes it in the
run's own process), so the walk covers the CLI, the Dagster runner, the job and the passes.
Timings are not reported: the walk is a count of places, deterministic for a given tree.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import sys
import tempfile
from pathlib import Path

PACKAGE = "vectorless_assets"
#: marks a module or class body (code an import runs) in the walk
BODY = " (body)"
AUTOMATION = (
    "vectorless_assets.orchestration.automation",
    "vectorless_assets.orchestration.storage.doc_state",
)


def _package_dir(src: Path | None) -> Path:
    """The folder of the package that will be imported (from `src` when given)."""
    if src is not None:
        sys.path.insert(0, str(src.resolve()))
    import importlib.util

    spec = importlib.util.find_spec(PACKAGE)
    assert spec is not None and spec.origin is not None, f"{PACKAGE} is not importable"
    return Path(spec.origin).resolve().parent


def walk(package_dir: Path, sample: str, work: Path) -> tuple[list[str], list[str], int]:
    """(first-call order of the package's code as `file:qualified name`, bodies marked `BODY`;
    modules imported; exit status) of `vectorless compile <sample>` under `sys.setprofile`."""
    prefix = str(package_dir) + os.sep
    seen: set[object] = set()
    order: list[str] = []

    def profile(frame, event, arg):  # noqa: ANN001, ANN202 - the sys.setprofile signature
        if event != "call":
            return
        code = frame.f_code
        if code in seen:
            return
        seen.add(code)
        if code.co_filename.startswith(prefix):
            rel = Path(code.co_filename).relative_to(package_dir).as_posix()
            body = "" if code.co_flags & inspect.CO_OPTIMIZED else BODY
            order.append(f"{rel}:{code.co_qualname}{body}")

    os.environ["DAGSTER_HOME"] = str(work / "dagster")
    for var in [v for v in os.environ if v.startswith("VECTORLESS_LLM")]:
        del os.environ[var]
    (work / "dagster").mkdir()
    argv = ["compile", str(package_dir / "samples" / sample), "--out", str(work / "ir"), "-q"]
    sys.setprofile(profile)
    try:  # the command's own output goes to stderr: stdout is the report's
        with contextlib.redirect_stdout(sys.stderr):
            from vectorless_assets.cli import main

            status = main(argv)
    finally:
        sys.setprofile(None)
    modules = sorted(m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + "."))
    return order, modules, status


def stops_of(order: list[str]) -> list[str]:
    """Consecutive functions of one file collapsed into one stop (the file)."""
    stops: list[str] = []
    for entry in order:
        file = entry.split(":", 1)[0]
        if not stops or stops[-1] != file:
            stops.append(file)
    return stops


def summary(stops: list[str], modules: list[str]) -> dict[str, object]:
    """Stops, distinct files, returns to a file already left, modules imported."""
    returns, visited = 0, set()
    for i, file in enumerate(stops):
        if file in visited and stops[i - 1] != file:
            returns += 1
        visited.add(file)
    automation = [m for m in modules if m.startswith(AUTOMATION)]
    return {
        "stops": len(stops),
        "files": len(visited),
        "returns": returns,
        "modules": len(modules),
        "automation_modules": automation,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--src", type=Path, help="import the package from this checkout")
    parser.add_argument("--sample", default="incident-runbook.md", help="bundled sample to compile")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--stops", action="store_true", help="also list every stop")
    parser.add_argument(
        "--imports", action="store_true", help="count the module bodies imports run as stops too"
    )
    args = parser.parse_args()
    package_dir = _package_dir(args.src)
    with tempfile.TemporaryDirectory(prefix="cli-walk-") as tmp:
        order, modules, status = walk(package_dir, args.sample, Path(tmp))
    if not args.imports:
        order = [entry for entry in order if not entry.endswith(BODY)]
    stops = stops_of(order)
    result = {"package": str(package_dir), "exit_status": status, **summary(stops, modules)}
    if args.stops:
        result["walk"] = stops
        result["module_names"] = modules
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for key, value in result.items():
        if isinstance(value, list):
            print(f"{key} ({len(value)}):")
            print("".join(f"  {v}\n" for v in value), end="")
        else:
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
