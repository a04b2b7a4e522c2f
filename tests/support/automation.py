"""Shared helpers of the automation tests: ticks on a real instance, running what they request."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from vectorless_assets.orchestration.base.keys import COMPILE_JOB, RECOMPILE_JOB, SENSOR_NAME
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore

QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


class Harness:
    """Documents folder + IR folder + ephemeral instance + definitions."""

    def __init__(
        self,
        tmp_path: Path,
        settings: Settings | None = None,
        *,
        on_disk: bool = False,
        instance: dg.DagsterInstance | None = None,
        **sensor: object,
    ) -> None:
        self.docs, self.ir = tmp_path / "docs", tmp_path / "ir"
        self.docs.mkdir(exist_ok=True)
        self.settings = settings or Settings.create(docs_dir=self.docs, ir_dir=self.ir)
        self.defs = build_defs(self.settings)
        if sensor:
            from vectorless_assets.orchestration.automation.sensors import build_documents_sensor

            jobs = [
                self.defs.resolve_job_def(COMPILE_JOB),
                self.defs.resolve_job_def(RECOMPILE_JOB),
            ]
            self.sensor = build_documents_sensor(self.settings, jobs, **sensor)  # type: ignore[arg-type]
        else:
            self.sensor = self.defs.resolve_sensor_def(SENSOR_NAME)
        # schedule contexts need an instance reference: an SQLite instance in tmp_path
        if on_disk and instance is None:
            (tmp_path / "home").mkdir(exist_ok=True)
            instance = dg.DagsterInstance.local_temp(str(tmp_path / "home"))
        self.instance = instance or dg.DagsterInstance.ephemeral()
        self.cursor: str | None = None
        self.runs: list[str] = []

    def resources(self) -> dict[str, object]:
        return {
            "documents": DocumentsRoot(path=self.settings.docs_dir),
            "ir_store": IRStore(path=self.settings.ir_dir),
        }

    def write(self, rel: str, text: str) -> Path:
        path = self.docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def tick(self) -> dg.SensorResult:
        context = dg.build_sensor_context(
            instance=self.instance,
            cursor=self.cursor,
            resources=self.resources(),
            definitions=self.defs,
        )
        result = self.sensor(context)
        if isinstance(result, dg.SkipReason):
            raise AssertionError(result.skip_message)
        # build_sensor_context does not apply them
        for request in result.dynamic_partitions_requests or []:
            if isinstance(request, dg.AddDynamicPartitionsRequest):
                self.instance.add_dynamic_partitions(
                    request.partitions_def_name, list(request.partition_keys)
                )
            else:
                for key in request.partition_keys:
                    self.instance.delete_dynamic_partition(request.partitions_def_name, key)
        for event in result.asset_events or []:
            self.instance.report_runless_asset_event(event)
        self.cursor = result.cursor
        return result

    def launch(self, request: dg.RunRequest) -> dg.ExecuteInProcessResult:
        """Execute a requested run in process (what the daemon would launch); run keys
        deduplicate."""
        if request.run_key is not None:
            assert request.run_key not in self.runs, f"run key {request.run_key} requested twice"
            self.runs.append(request.run_key)
        job = self.defs.resolve_job_def(request.job_name or COMPILE_JOB)
        config = {**QUIET, **(request.run_config or {})}
        if request.partition_key:
            selection = list(request.asset_selection) if request.asset_selection else None
            result = job.execute_in_process(
                instance=self.instance,
                partition_key=request.partition_key,
                asset_selection=selection,
                run_config=config,
                raise_on_error=False,
            )
        else:
            result = job.execute_in_process(
                instance=self.instance, run_config=config, raise_on_error=False
            )
        failures = [
            e.step_failure_data.user_failure_data or e.step_failure_data.error
            for e in result.all_events
            if e.is_step_failure
        ]
        assert result.success, failures
        return result


def materialized(result: dg.ExecuteInProcessResult) -> dict[str, set[str]]:
    """`{partition: {asset names}}` materialized by a run."""
    out: dict[str, set[str]] = {}
    for event in result.all_events:
        if event.is_step_materialization:
            mat = event.step_materialization_data.materialization
            if mat.partition is None:  # the run's corpus table, not a document's asset
                continue
            out.setdefault(mat.partition or "", set()).add(mat.asset_key.path[-1])
    return out


def bumped(settings: Settings, pass_name: str, run=None) -> Settings:
    """`settings` with one pass's version bumped (optionally its function replaced), as a deploy
    would."""
    import dataclasses

    spec = settings.table.by_name[pass_name]
    return dataclasses.replace(
        settings,
        table=settings.table.replaced(pass_name, version=spec.version + ".1", run=run or spec.run),
    )


def requested(requests: list[dg.RunRequest]) -> list[str]:
    """The documents (partition keys) a tick's run requests compile, sorted: the documents of
    batched `recompile_documents` requests, or the partition of a partition run."""
    keys: list[str] = []
    for request in requests:
        config = (request.run_config or {}).get("ops", {}).get("recompile", {}).get("config", {})
        keys += config.get("documents") or (
            [request.partition_key] if request.partition_key else []
        )
    return sorted(keys)
