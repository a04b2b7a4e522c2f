"""The `dagster dev` steps of `bench_100k.py`: the asset page's partition queries and a UI
"Materialize all" over every partition, watched then cancelled (mixed into `_steps.Bench`)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import ROOT  # noqa: E402
from _ui_queries import post, time_queries  # noqa: E402
from bench_backfill import BACKFILL  # noqa: E402

CANCEL = """mutation($id: String!) { cancelPartitionBackfill(backfillId: $id) { __typename
  ... on PythonError { message } } }"""
BUSY_RUNS = ("QUEUED", "NOT_STARTED", "STARTING", "STARTED", "CANCELING")


class UISteps:
    """Needs `work`, `env`, `url`, `instance`, `settings`, `defs` and `measure()` (`Bench`)."""

    @contextmanager
    def dagster_dev(self) -> Iterator[int]:
        """`dagster dev -w workspace.yaml` (webserver + daemon) on this instance; its port."""
        from pathlib import Path

        from tests.support.dagster_dev import serve

        dagster = str(Path(sys.executable).with_name("dagster"))
        t0 = time.perf_counter()
        with serve([dagster, "dev", "-w", "workspace.yaml"], ROOT, self.work, self.env) as port:
            print(f"  dagster dev up in {time.perf_counter() - t0:.0f} s", flush=True)
            yield port

    def _keys(self) -> list[str]:
        return list(self.instance.get_dynamic_partitions(self.settings.names.partitions.name))

    def graphql(self, port: int, asset: str) -> dict[str, Any]:
        """The asset page's partition queries, first and best of 3 each."""
        keys = self._keys()
        times = time_queries(port, asset, keys[len(keys) // 2])
        slowest = max((t["best_s"] or 0) for t in times.values())
        broke = {k: t["error"] for k, t in times.items() if "error" in t}
        return {"seconds": slowest, "queries": times, "broke": broke, "partitions": len(keys)}

    def _sql(self, query: str, **params: Any) -> Any:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                return conn.execute(text(query), params).scalar()
        finally:
            engine.dispose()

    def backfill(self, port: int, watch: float, cancel_wait: float = 600) -> dict[str, Any]:
        """A "Materialize all" over every partition as the UI sends it (every key listed, every
        materializable asset); the backfill daemon watched `watch` seconds, then cancelled
        (waited for at most `cancel_wait` seconds: Dagster looks at a cancel request only
        between chunks of 25 submitted runs)."""
        import dagster as dg

        keys = self._keys()
        assets = sorted(self.defs.resolve_asset_graph().materializable_asset_keys)
        params = {
            "partitionNames": keys,
            "assetSelection": [{"path": list(k.path)} for k in assets],
            "fromFailure": False,
        }
        last_event = self._sql("select coalesce(max(id), 0) from event_logs")
        t0 = time.perf_counter()
        try:
            out = post(port, BACKFILL, {"p": params}, timeout=600)
        except OSError as exc:
            return {"broke": f"launch: {type(exc).__name__}: {exc}", **self.measure()}
        launch = time.perf_counter() - t0
        answer = (out.get("data") or {}).get("launchPartitionBackfill") or {}
        if answer.get("__typename") != "LaunchBackfillSuccess":
            return {"launch_s": round(launch, 2), "broke": str(out)[:500], **self.measure()}
        backfill_id = answer["backfillId"]
        print(f"  backfill {backfill_id} launched in {launch:.1f} s", flush=True)
        runs = dg.RunsFilter(tags={"dagster/backfill": backfill_id})
        first_run = None
        while time.perf_counter() - t0 < launch + watch:
            if first_run is None and self.instance.get_runs_count(runs):
                first_run = time.perf_counter() - t0
                print(f"  first backfill run after {first_run:.1f} s", flush=True)
            time.sleep(2)
        created = sorted(
            r.create_timestamp.timestamp() for r in self.instance.get_run_records(runs)
        )
        launched = len(created)
        gaps = [b - a for a, b in zip(created, created[1:], strict=False)]
        succeeded = self.instance.get_runs_count(
            dg.RunsFilter(tags=runs.tags, statuses=[dg.DagsterRunStatus.SUCCESS])
        )
        compiled = self._sql(
            "select count(*) from event_logs where id > :last and asset_key = :key "
            "and dagster_event_type = 'ASSET_MATERIALIZATION'",
            last=last_event,
            key=dg.AssetKey("document_ir").to_string(),
        )
        body = self._sql("select length(body) from bulk_actions where key = :id", id=backfill_id)
        status = self.instance.get_backfill(backfill_id).status.value
        t1 = time.perf_counter()
        post(port, CANCEL, {"id": backfill_id})
        busy = dg.RunsFilter(tags=runs.tags, statuses=[dg.DagsterRunStatus(s) for s in BUSY_RUNS])
        while time.perf_counter() - t1 < cancel_wait and (
            self.instance.get_backfill(backfill_id).status.value in ("REQUESTED", "CANCELING")
            or self.instance.get_runs_count(busy)
        ):
            time.sleep(2)
        return {
            "launch_s": round(launch, 2),
            "first_run_s": round(first_run, 1) if first_run is not None else None,
            "watched_s": watch,
            "status_when_watched": status,
            "runs_launched": launched,
            "seconds_between_runs": round(sum(gaps) / len(gaps), 1) if gaps else None,
            "runs_succeeded": succeeded,
            "documents_compiled": compiled,
            "backfill_row_kb": round((body or 0) / 1e3, 1),
            "cancel_s": round(time.perf_counter() - t1, 1),
            "status_after_cancel": self.instance.get_backfill(backfill_id).status.value,
            "partitions": len(keys),
            "assets": len(assets),
            **self.measure(),
        }
