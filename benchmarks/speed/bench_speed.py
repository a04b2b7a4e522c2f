"""In-process compile speed, side by side with the original implementation (run by hand).

One run measures, on the Markdown files of ``../shared/corpus/md`` outside ``large/``, one file
at a time, the sum over all files of the wall and CPU time of the compile calls (failures
included: the work was done before failing):

* this project in fast and deep mode (no LLM), in this process, after one warm-up compile
  (imports are not compile time); best of ``--repeat`` runs by CPU time;
* the original Rust implementation (``vectorless==0.1.15`` from PyPI) in its own virtual
  environment, in a subprocess: its ``import vectorless`` is broken, so the Rust module
  ``vectorless/_vectorless.abi3.so`` is loaded with importlib; ``Engine(api_key="x",
  model="gpt-4o", endpoint="http://127.0.0.1:9/v1")`` compiles offline (every pass, the LLM
  unreachable), with a fresh workspace per file created outside the timed call. Its log
  lines go to /dev/null. ``--setup-original`` creates that environment (pip, no deps).

With ``--bound``, one more row: deep mode with every text-core function answering from a
memo (``_speed_bound.py``, in a subprocess): what no native text core could beat. Its
memos are frozen out of the collector (``gc.freeze``), which alone saves ~0.02 s; the
like-for-like baseline is ``_speed_bound.py --family none``.

Then, unless skipped: where deep mode spends its CPU over the corpus (per pass, and the top
functions by own time under cProfile), and the 9.1 MB file in deep mode in a fresh process
(CPU, wall, peak RSS, per-pass CPU). CPU time is the stable figure on a shared machine;
the load average is printed.

    python benchmarks/speed/bench_speed.py [--repeat 3] [--original-venv DIR] [--bound]
    [--no-profile] [--no-big]
    python benchmarks/speed/bench_speed.py --setup-original [--original-venv DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _speed_profile import corpus_profile

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import BIG, require  # noqa: E402
from _corpus import MD as CORPUS  # noqa: E402

ORIGINAL = "vectorless==0.1.15"
DEFAULT_VENV = Path(os.environ.get("VECTORLESS_ORIGINAL_VENV", "/tmp/vectorless-0.1.15"))


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*.md") if "large" not in p.relative_to(CORPUS).parts)


def sources_of(files: list[Path]) -> list[tuple[str, bytes]]:
    return [(str(p.relative_to(CORPUS)), p.read_bytes()) for p in files]


def run_ours(mode: str, sources: list[tuple[str, bytes]], repeat: int) -> dict[str, Any]:
    """Sum of wall and CPU seconds of `compile_document` over `sources`, best of `repeat`."""
    from vectorless_assets import compile_document
    from vectorless_assets.ir.errors import CompileError

    compile_document(b"# Warm-up\n\nImports are not compile time.\n", name="warm-up.md", mode=mode)
    best: dict[str, Any] | None = None
    for _ in range(repeat):
        wall = cpu = 0.0
        failures = 0
        for name, data in sources:
            w0, c0 = time.perf_counter(), time.process_time()
            try:
                compile_document(data, name=name, mode=mode)
            except CompileError:
                failures += 1
            wall += time.perf_counter() - w0
            cpu += time.process_time() - c0
        if best is None or cpu < best["cpu"]:
            best = {"wall": wall, "cpu": cpu, "failures": failures}
    assert best is not None
    return best


def original_child(out: str, paths: list[str]) -> None:
    """(In the original's venv) compile `paths` one at a time; write the sums to `out`."""
    import asyncio
    import importlib.util
    import shutil

    site = next(Path(sys.prefix).glob("lib/python3*/site-packages/vectorless"))
    so = next(site.glob("_vectorless*.so"))
    spec = importlib.util.spec_from_file_location("vectorless._vectorless", so)
    assert spec is not None and spec.loader is not None
    rust = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rust)

    async def main() -> dict[str, Any]:
        wall = cpu = 0.0
        failures = 0
        for path in paths:
            workspace = tempfile.mkdtemp(prefix="vl-orig-")
            config = rust.Config()
            config.set_workspace_dir(workspace)
            engine = rust.Engine(
                api_key="x", model="gpt-4o", endpoint="http://127.0.0.1:9/v1", config=config
            )
            w0, c0 = time.perf_counter(), time.process_time()
            try:
                await engine.compile(path)
            except Exception:  # any failure of the original counts, with its time
                failures += 1
            wall += time.perf_counter() - w0
            cpu += time.process_time() - c0
            shutil.rmtree(workspace, ignore_errors=True)
        return {"wall": wall, "cpu": cpu, "failures": failures}

    Path(out).write_text(json.dumps(asyncio.run(main())), encoding="utf-8")


def run_original(venv: Path, files: list[Path]) -> dict[str, Any] | None:
    python = venv / "bin" / "python"
    if not python.exists() or not list(
        venv.glob("lib/python3*/site-packages/vectorless/_vectorless*.so")
    ):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "original.json"
        args = [str(python), __file__, "_original", str(out), *map(str, files)]
        subprocess.run(
            args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp
        )
        return json.loads(out.read_text(encoding="utf-8"))


def run_bound(repeat: int) -> dict[str, Any]:
    """`_speed_bound.py` in a fresh process (its patches stay there)."""
    helper = Path(__file__).with_name("_speed_bound.py")
    out = subprocess.run(
        [sys.executable, str(helper), "--repeat", str(repeat)],
        check=True,
        capture_output=True,
        text=True,
        cwd=helper.parent,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def setup_original(venv: Path) -> None:
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", ORIGINAL], check=True)
    print(f"{ORIGINAL} installed in {venv}")


def table(rows: list[tuple[str, dict[str, Any]]], size_mb: float, n: int) -> None:
    print(
        f"Same run, same {n} Markdown files of md/ outside large/ "
        f"({size_mb:.2f} MB), compile time only, one file at a time:\n"
    )
    print("| system | wall s | CPU s | MB/s (wall) | MB/s (CPU) | failures |")
    print("|---|---|---|---|---|---|")
    for label, r in rows:
        pct = 100 * r["failures"] / n
        print(
            f"| {label} | {r['wall']:.2f} | {r['cpu']:.2f} | "
            f"{size_mb / r['wall']:.2f} | {size_mb / r['cpu']:.2f} | "
            f"{r['failures']} ({pct:.1f}%) |"
        )


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_original"]:
        original_child(argv[1], argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of our side per mode (best CPU kept)"
    )
    parser.add_argument("--original-venv", type=Path, default=DEFAULT_VENV)
    parser.add_argument(
        "--setup-original", action="store_true", help=f"create the venv with {ORIGINAL} and exit"
    )
    parser.add_argument(
        "--bound",
        action="store_true",
        help="add deep mode with the text core memoised (an upper bound)",
    )
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--no-big", action="store_true")
    args = parser.parse_args(argv)
    if args.setup_original:
        setup_original(args.original_venv)
        return
    require(CORPUS)
    files = corpus_files()
    size_mb = sum(p.stat().st_size for p in files) / 1e6
    print(f"load average at start: {os.getloadavg()[0]:.2f}\n")
    rows: list[tuple[str, dict[str, Any]]] = []
    original = run_original(args.original_venv, files)
    if original is not None:
        rows.append(
            (
                (
                    f"original Rust implementation {ORIGINAL.split('==')[1]} (all passes, "
                    "LLM unreachable)"
                ),
                original,
            )
        )
    for mode in ("fast", "deep"):
        rows.append(
            (
                f"this project, {mode}" + (" (no LLM)" if mode == "deep" else ""),
                run_ours(mode, sources_of(files), args.repeat),
            )
        )
    deep = rows[-1][1]
    if args.bound:
        rows.append(
            ("deep, text core memoised (upper bound of a native text core)", run_bound(args.repeat))
        )
    table(rows, size_mb, len(files))
    if original is None:
        print(
            f"\n(original not measured: no {ORIGINAL} in {args.original_venv}; "
            "`--setup-original` installs it)"
        )
    else:
        print(
            f"\ndeep vs original: {original['wall'] / deep['wall']:.2f}x (wall), "
            f"{original['cpu'] / deep['cpu']:.2f}x (CPU)"
        )
        if args.bound:
            bound = rows[-1][1]
            print(
                f"bound vs original: {original['wall'] / bound['wall']:.2f}x (wall), "
                f"{original['cpu'] / bound['cpu']:.2f}x (CPU)"
            )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    if not args.no_profile:
        print()
        corpus_profile(sources_of(files))
    if not args.no_big and BIG.is_file():
        print()
        helper = Path(__file__).with_name("_speed_profile.py")
        out = subprocess.run(
            [sys.executable, str(helper), "big", str(BIG)],
            check=True,
            capture_output=True,
            text=True,
        )
        print(out.stdout.rstrip())


if __name__ == "__main__":
    main()
