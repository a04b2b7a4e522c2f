"""The steps of `bench_100k.py` on one work folder: its PostgreSQL server, instance and
documents. Each step takes its recorded progress (`_resume`), records progress as it goes
and returns its results (time, documents, instance size and event rows after it)."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import ROOT  # noqa: E402
from _resume import RunState  # noqa: E402
from _ui_steps import UISteps  # noqa: E402
from bench_distributed import pg_stop, postgres  # noqa: E402
from bench_scale import QUIET, _du, generate, tick  # noqa: E402


class Bench(UISteps):
    """The work folder `work`: docs, IRs, `$DAGSTER_HOME` and the server (a context manager)."""

    def __init__(self, work: Path, n: int, state: RunState) -> None:
        self.work, self.n, self.state = work, n, state
        self.docs, self.ir, self.home = work / "docs", work / "ir", work / "home"

    def __enter__(self) -> Bench:
        import dagster as dg

        from vectorless_assets.options import CompileOptions
        from vectorless_assets.orchestration.base.settings import Settings
        from vectorless_assets.orchestration.definitions import build_defs
        from vectorless_assets.orchestration.storage.pg_event_log import postgres_storage_yaml

        if (self.work / "pg" / "pgdata" / "postmaster.pid").exists():
            pg_stop(self.work / "pg" / "pgdata")  # left running by a killed invocation
        self.url, self.pgdata = postgres(self.work / "pg")
        self.home.mkdir(exist_ok=True)
        config = (ROOT / "dagster.yaml").read_text(encoding="utf-8") + postgres_storage_yaml()
        (self.home / "dagster.yaml").write_text(config, encoding="utf-8")
        self.env = {
            "DAGSTER_HOME": str(self.home),
            "DAGSTER_PG_URL": self.url,
            "VECTORLESS_DOCS_DIR": str(self.docs),
            "VECTORLESS_IR_DIR": str(self.ir),
            "VECTORLESS_MODE": "fast",
        }
        os.environ.update(self.env)
        self.settings = Settings.create(
            docs_dir=self.docs, ir_dir=self.ir, options=CompileOptions(mode="fast")
        )
        self.defs = build_defs(self.settings)
        self.instance = dg.DagsterInstance.from_config(str(self.home))
        return self

    def __exit__(self, *exc: object) -> None:
        self.instance.dispose()
        pg_stop(self.pgdata)

    def measure(self) -> dict[str, int]:
        """The instance's size (database + `$DAGSTER_HOME`), event rows and runs now."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                size = conn.execute(text("select pg_database_size(current_database())")).scalar()
                rows = conn.execute(text("select count(*) from event_logs")).scalar()
                runs = conn.execute(text("select count(*) from runs")).scalar()
        finally:
            engine.dispose()
        return {"instance_bytes": size + _du(self.home), "event_rows": rows, "runs": runs}

    def generate(self, progress: dict) -> dict[str, Any]:
        t0 = time.perf_counter()
        size = generate(self.docs, self.n)
        return {"seconds": round(time.perf_counter() - t0, 1), "docs_mb": round(size / 1e6, 1)}

    def _requests_file(self, step: str) -> Path:
        return self.work / f"requests-{step}.jsonl"

    def _cursor_before(self, step: str) -> str | None:
        """The sensor cursor the ticks of `step` start from: the last one any step recorded."""
        for name in ("tick_unchanged", "sense"):
            if self.state.done(name) and name != step:
                return self.state.result(name).get("cursor")
        return None

    def sense(self, step: str, progress: dict) -> dict[str, Any]:
        """Ticks until a full pass over the root completes; the run requests to a file."""
        cursor = progress.get("cursor", self._cursor_before(step))
        if not progress:
            self._requests_file(step).write_text("", encoding="utf-8")
        p = {
            "ticks": 0,
            "eval_s": 0.0,
            "apply_s": 0.0,
            "slowest_s": 0.0,
            "requests": 0,
            "cpu_s": 0.0,
            **progress,
        }
        while True:
            c0 = cpu_seconds()
            result, evaluated, applied = tick(self.defs, self.instance, self.settings, cursor)
            p["cpu_s"] += cpu_seconds() - c0
            with self._requests_file(step).open("a", encoding="utf-8") as out:
                for r in result.run_requests or []:
                    out.write(json.dumps(_request_dict(r)) + "\n")
            cursor = result.cursor
            p["ticks"] += 1
            p["eval_s"] += evaluated
            p["apply_s"] += applied
            p["slowest_s"] = max(p["slowest_s"], evaluated)
            p["requests"] += len(result.run_requests or [])
            p["documents"] = p.get("documents", 0) + len(result.asset_events or [])
            print(
                f"  [{step}] tick {p['ticks']}: {evaluated:.1f} s + {applied:.1f} s applying "
                f"{len(result.asset_events or [])} observations, "
                f"{len(result.run_requests or [])} run requests",
                flush=True,
            )
            self.state.advance(step, cursor=cursor, **p)
            if '"pos":""' in cursor:  # the pass wrapped: every document was looked at
                break
        seconds = p["eval_s"] + p["apply_s"]
        return {**p, "seconds": round(seconds, 1), "cursor": cursor, **self.measure()}

    def compile(
        self, step: str, requests_step: str, progress: dict, limit: int = 0
    ) -> dict[str, Any]:
        """Every run request of `requests_step`, executed one after another in process; the
        failed ones once more at the end (a Ctrl-C fails the run under way: Dagster turns
        the interrupt into a failed run; the plan skips what that run had compiled). With
        `limit`, only the first runs that cover `limit` documents (the others stay requested
        and uncompiled: the later steps then run over every partition, `limit` compiled)."""
        lines = self._requests_file(requests_step).read_text(encoding="utf-8").splitlines()
        requests = [json.loads(line) for line in lines if line]
        requested = len(requests)
        if limit:
            covered = 0
            for end, request in enumerate(requests, start=1):
                covered += int(request["tags"].get("vectorless/documents", "1"))
                if covered >= limit:
                    requests = requests[:end]
                    break
        p = {"next": 0, "seconds": 0.0, "cpu_s": 0.0, "failed_runs": [], "documents": 0}
        p = {**p, **progress}
        for i in range(p["next"], len(requests)):
            ok = self._timed(requests[i], p)
            p["failed_runs"] = p["failed_runs"] + ([] if ok else [i])
            p["documents"] += int(requests[i]["tags"].get("vectorless/documents", "1"))
            p["next"] = i + 1
            self.state.advance(step, **p)
            print(
                f"  [{step}] run {i + 1}/{len(requests)}: {'ok' if ok else 'FAILED'}, "
                f"{p['seconds']:.0f} s so far",
                flush=True,
            )
        retried = p.pop("failed_runs")
        failed = [i for i in retried if not self._timed(requests[i], p)]
        p["seconds"], p["cpu_s"] = round(p["seconds"], 1), round(p["cpu_s"], 1)
        irs = len(list(self.ir.glob("*.bin")))
        return {
            **p,
            "runs_executed": len(requests),
            "runs_requested": requested,
            "retried": len(retried),
            "failed": len(failed),
            "ir_files": irs,
            **self.measure(),
        }

    def _timed(self, request: dict[str, Any], p: dict[str, Any]) -> bool:
        """`_execute(request)`, its wall and CPU seconds added to `p`."""
        t0, c0 = time.perf_counter(), cpu_seconds()
        ok = self._execute(request)
        p["seconds"] += time.perf_counter() - t0
        p["cpu_s"] += cpu_seconds() - c0
        return ok

    def _execute(self, request: dict[str, Any]) -> bool:
        import dagster as dg

        job = self.defs.resolve_job_def(request["job_name"])
        kw: dict[str, Any] = {}
        if request.get("partition_key"):
            kw = {
                "partition_key": request["partition_key"],
                "asset_selection": [dg.AssetKey(k) for k in request["asset_selection"] or []],
            }
        result = job.execute_in_process(
            instance=self.instance,
            run_config={**QUIET, **(request["run_config"] or {})},
            tags=request["tags"],
            raise_on_error=False,
            **kw,
        )
        return result.success

    def tick_unchanged(self, progress: dict) -> dict[str, Any]:
        """Two ticks with nothing changed: the first after the compile reads every new IR
        record (ir_health), the second is the steady tick."""
        cursor, out = self.state.result("sense")["cursor"], {}
        for name in ("first", "steady"):
            c0 = cpu_seconds()
            result, evaluated, applied = tick(self.defs, self.instance, self.settings, cursor)
            cursor = result.cursor
            out[f"{name}_cpu_s"] = round(cpu_seconds() - c0, 2)
            out[f"{name}_s"] = round(evaluated + applied, 2)
            out[f"{name}_requests"] = len(result.run_requests or [])
            print(f"  {name} tick over unchanged files: {out[f'{name}_s']} s", flush=True)
        return {**out, "seconds": out["steady_s"], "cursor": cursor, **self.measure()}

    def edit(self, progress: dict) -> dict[str, Any]:
        """Every 100th document gets a sentence more (1% of them)."""
        edited = sorted(self.docs.rglob("*.md"))[::100]
        for path in edited:
            with path.open("a", encoding="utf-8") as out:
                out.write("\n\nEdited for the benchmark.\n")
        return {"documents": len(edited), "edited_at": time.time()}


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (its process pools) so far: the
    work of a step apart from what other jobs on a shared machine take from its wall time
    (PostgreSQL's own processes are not counted)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _request_dict(request: Any) -> dict[str, Any]:
    """A sensor's `RunRequest` as JSON (what `Bench._execute` runs)."""
    return {
        "job_name": request.job_name,
        "run_config": request.run_config or {},
        "tags": dict(request.tags),
        "partition_key": request.partition_key,
        "asset_selection": [list(k.path) for k in request.asset_selection or []],
    }
