"""The Dagster entry point: `defs` (lazy, for `dagster dev -w workspace.yaml`) and `build_defs`.

`defs` is decorated with `@dg.definitions`, so importing this module reads no environment
and builds nothing; Dagster calls it when it loads the code location, and only then are the
`VECTORLESS_*` variables read (`environment.Environment`, `settings.Settings.from_environment`).

The default executor of the standalone project is the in-process executor: one step per
document run, and Dagster's multiprocess executor costs ≈ 30 s per run on a small machine. The
`DocumentCompilerComponent` (`orchestration.component`) builds its definitions here too, with
`standalone=False`: a component never sets its host project's executor, and every name,
asset key, partitions definition and resource key carries its prefix (`Settings.names`), so
two compilers in one project never collide; the jobs set their executor themselves.
"""

import dagster as dg

from vectorless_assets.environment import Environment
from vectorless_assets.orchestration.assets.compile_asset import build_compile_asset
from vectorless_assets.orchestration.assets.corpus import build_corpus_asset
from vectorless_assets.orchestration.assets.source import build_source_asset
from vectorless_assets.orchestration.automation.crons import (
    DEFAULT_CRON,
    check_cron,
    force_cron_after,
)
from vectorless_assets.orchestration.automation.schedules import build_recompile_schedule
from vectorless_assets.orchestration.automation.sensors import build_documents_sensor
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.jobs.compile_job import build_compile_job
from vectorless_assets.orchestration.jobs.recompile import build_recompile_job, chunk_io_manager
from vectorless_assets.orchestration.storage.io_manager import JsonIOManager
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore, LLMResource


def build_defs(
    settings: Settings | None = None,
    *,
    sensor_interval: int = 10,
    sensor_running: bool = False,
    cron: str = DEFAULT_CRON,
    force_cron: str | None = None,
    standalone: bool = True,
) -> dg.Definitions:
    """Definitions for `settings` (default: from the environment).

    `sensor_interval` is the documents sensor's minimum interval in seconds; `sensor_running`
    starts it by default (otherwise switch it on in the UI, Automation); `cron` is
    `recompile_schedule`'s cron and `force_cron` `force_recompile_schedule`'s (default: an hour
    after `cron`, `crons.force_cron_after`). `standalone=False` (a `DocumentCompilerComponent`
    inside a host project) leaves the executor to the host: the definitions set none. The
    resource keys are `settings.names`' (`docs__io_manager` for the prefix `docs`: a prefixed
    compiler never sets the host's default `io_manager`).
    """
    settings = settings or Settings.from_env()
    names = settings.names
    compile_asset = build_compile_asset(settings)
    job = build_compile_job(compile_asset, names)
    recompile = build_recompile_job(settings)
    status = dg.DefaultSensorStatus.RUNNING if sensor_running else dg.DefaultSensorStatus.STOPPED
    return dg.Definitions(
        assets=[build_source_asset(names), compile_asset, build_corpus_asset(settings)],
        jobs=[job, recompile],
        sensors=[
            build_documents_sensor(
                settings, [job, recompile], interval_seconds=sensor_interval, default_status=status
            )
        ],
        schedules=[
            build_recompile_schedule(settings, cron=cron),
            build_recompile_schedule(
                settings, force=True, cron=force_cron or force_cron_after(cron)
            ),
        ],
        resources={
            names.documents: DocumentsRoot(path=settings.docs_dir),
            names.ir_store: IRStore(path=settings.ir_dir),
            names.llm: LLMResource.from_settings(settings),
            names.io_manager: JsonIOManager(base_path=settings.fields_dir),
            # the batched job's chunk lists (shared folder)
            names.chunk_io: chunk_io_manager(settings),
        },
        executor=dg.in_process_executor if standalone else None,
    )


@dg.definitions
def defs() -> dg.Definitions:
    """The code location `workspace.yaml` loads (settings from the environment).

    Automation knobs: `VECTORLESS_SENSOR_INTERVAL` (seconds, default 10),
    `VECTORLESS_SENSOR=on` (the documents sensor runs without switching it on in the UI) and
    the schedules' crons `VECTORLESS_RECOMPILE_CRON` and `VECTORLESS_FORCE_RECOMPILE_CRON`
    (a malformed one is a `ValueError` naming it).
    """
    environment = Environment.read()
    cron = check_cron(environment.recompile_cron or DEFAULT_CRON, "VECTORLESS_RECOMPILE_CRON")
    force = environment.force_recompile_cron
    return build_defs(
        Settings.from_environment(environment),
        sensor_interval=environment.sensor_interval,
        sensor_running=environment.sensor_running,
        cron=cron,
        force_cron=check_cron(force, "VECTORLESS_FORCE_RECOMPILE_CRON") if force else None,
    )
