"""`DocumentCompilerComponent`: one document compiler (a folder of documents) in a Dagster project.

Its YAML attributes become a `Settings` through `Settings.from_env` (`config.compiler_env`)
and its definitions are `definitions.build_defs(settings, standalone=False)`: the same code
as the standalone project, minus the executor (a component never sets its host's executor),
every name, asset key and resource key carrying the required `prefix` (`Settings.names`:
`docs/document_ir`, `docs__compile_documents`, `docs__io_manager`), so two compilers in one
project never collide and the host's default `io_manager` stays the host's.
A missing or unreadable documents root is a warning when the code location loads and a skip
reason at each sensor tick, never a load error: an unmounted share must not take down the
host's code location. Two compilers of one project with the same IR folder are refused at load
(one line naming both): the folder's automation state (`<ir_dir>/.state`) is not per prefix, so
they would retire each other's IRs on alternate sensor ticks.

Do not add `from __future__ import annotations` here: Dagster resolves the annotations.
"""

import dataclasses
import logging
import os
from typing import Literal

import dagster as dg
from pydantic import BaseModel, Field, field_validator

from vectorless_assets.locations import LOCAL_DIR
from vectorless_assets.orchestration.automation.crons import (
    DEFAULT_CRON,
    check_cron,
    force_cron_after,
)
from vectorless_assets.orchestration.automation.scan import root_problem
from vectorless_assets.orchestration.base.keys import check_prefix
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.component.config import (
    LLM_ENV_PREFIX,
    ComponentConfigError,
    compiler_env,
    config_error,
    resolve_location,
)
from vectorless_assets.orchestration.component.scaffold import DocumentCompilerScaffolder
from vectorless_assets.orchestration.definitions import build_defs

LOG = logging.getLogger("dagster.vectorless")


class SensorConfig(dg.Model, dg.Resolvable):
    """The documents sensor: started by default or not, and its minimum interval."""

    running: bool = Field(
        False, description="start the documents sensor by default (else switch it on in the UI)"
    )
    interval_seconds: int = Field(
        30, description="minimum seconds between two sensor ticks (at least 1)"
    )


class ScheduleConfig(dg.Model, dg.Resolvable):
    """The recompile schedules (stopped by default): their crons (`automation.crons`)."""

    cron: str = Field(
        DEFAULT_CRON, description="cron of the recompile schedule (what is stale; five fields)"
    )
    force_cron: str | None = Field(
        None,
        description=(
            "cron of the forced recompile (every document; default: an hour after `cron`)"
        ),
    )

    @property
    def force(self) -> str:
        """The forced recompile's cron: `force_cron`, else an hour after `cron`."""
        return self.force_cron or force_cron_after(self.cron)


@dg.scaffold_with(DocumentCompilerScaffolder)
class DocumentCompilerComponent(dg.Component, dg.Resolvable, dg.Model):
    """Compile a folder of Markdown, PDF and DOCX documents into Document IR files.

    One partition per document, one asset per IR field, a documents sensor and recompile
    schedules. Relative folders are relative to the project root. The LLM (optional) is read
    from the environment only: `<llm_env_prefix>_BASE_URL`, `_MODEL`, `_API_KEY`.
    """

    prefix: str = Field(
        description=(
            "names this compiler's assets, jobs, sensors, schedules and resources (e.g. docs)"
        )
    )
    documents_root: str = Field(
        description="folder of the documents: a path or a UPath URL (s3://...)"
    )
    ir_dir: str | None = Field(
        None, description="folder of the IR files (default .vectorless/<prefix>/ir)"
    )
    fields_dir: str | None = Field(
        None, description="folder of the field values (default <ir_dir>/.fields)"
    )
    mode: Literal["fast", "standard", "deep"] = Field("fast", description="compile mode")
    llm_env_prefix: str = Field(
        LLM_ENV_PREFIX,
        description="environment variables of the LLM: <prefix>_BASE_URL, _MODEL, _API_KEY",
    )
    sensor: SensorConfig = Field(default_factory=SensorConfig)
    schedule: ScheduleConfig = Field(default_factory=ScheduleConfig)

    @field_validator("prefix")
    @classmethod
    def _prefix(cls, value: str) -> str:
        if not value:
            raise ValueError("required, and not empty")
        return check_prefix(value)

    @field_validator("documents_root")
    @classmethod
    def _documents_root(cls, value: str) -> str:
        # "" would resolve to the project root itself (an unset template variable, say)
        if not value.strip():
            raise ValueError(
                "required, and not empty (an unset template variable?): the folder or URL "
                "of the documents"
            )
        return value

    @field_validator("sensor")
    @classmethod
    def _sensor(cls, value: SensorConfig) -> SensorConfig:
        if value.interval_seconds < 1:
            raise ValueError(
                f"sensor.interval_seconds: {value.interval_seconds} is not a number of seconds >= 1"
            )
        return value

    @field_validator("schedule")
    @classmethod
    def _schedule(cls, value: ScheduleConfig) -> ScheduleConfig:
        check_cron(value.cron, "schedule.cron")
        if value.force_cron is not None:
            check_cron(value.force_cron, "schedule.force_cron")
        return value

    @classmethod
    def load(
        cls, attributes: BaseModel | None, context: dg.ComponentLoadContext
    ) -> "DocumentCompilerComponent":
        """The component from its YAML attributes; a malformed attribute is one
        `ComponentConfigError` line naming it (`config.config_error`)."""
        try:
            return super().load(attributes, context)
        except Exception as exc:
            message = config_error(exc)
            if message is None:
                raise
            raise ComponentConfigError(f"{cls.__name__}: {message}") from None

    def settings(self, project_root: str | os.PathLike[str]) -> Settings:
        """This compiler's `Settings`, folders resolved against `project_root`."""
        ir_dir = resolve_location(
            self.ir_dir or os.path.join(LOCAL_DIR, self.prefix, "ir"), project_root
        )
        env = compiler_env(
            docs_dir=resolve_location(self.documents_root, project_root),
            ir_dir=ir_dir,
            fields_dir=resolve_location(self.fields_dir, project_root) if self.fields_dir else None,
            mode=self.mode,
            llm_env_prefix=self.llm_env_prefix,
        )
        settings = Settings.from_env(env, prefix=self.prefix)
        cache_variable = self.llm_env_prefix.rstrip("_") + "_CACHE"  # named when it is no cache
        return dataclasses.replace(settings, llm_cache_variable=cache_variable)

    def shared_ir_dir(self, context: dg.ComponentLoadContext) -> str | None:
        """Why this compiler's IR folder may not be used: another compiler of the project has
        the same one (None: it is this compiler's alone)."""
        try:
            siblings = context.component_tree.get_all_components(DocumentCompilerComponent)
        except Exception:  # no project tree to list (a test context): nothing to compare with
            return None
        mine = _folder(self.settings(context.project_root).ir_dir)
        for other in siblings:
            theirs = _folder(other.settings(context.project_root).ir_dir)
            if other.prefix != self.prefix and theirs == mine:
                return (
                    f"compilers {self.prefix!r} and {other.prefix!r} share ir_dir {mine}: "
                    "give each its own (its .state would retire the other's IRs)"
                )
        return None

    def build_defs(self, context: dg.ComponentLoadContext) -> dg.Definitions:
        problem = self.shared_ir_dir(context)
        if problem:
            raise ComponentConfigError(f"{type(self).__name__}: {problem}")
        settings = self.settings(context.project_root)
        problem = root_problem(settings.docs_dir)
        if problem:
            LOG.warning(
                f"vectorless {self.prefix}: documents root {settings.docs_dir} "
                f"{problem}; the documents sensor skips until it is back"
            )
        return build_defs(
            settings,
            sensor_interval=self.sensor.interval_seconds,
            sensor_running=self.sensor.running,
            cron=self.schedule.cron,
            force_cron=self.schedule.force,
            standalone=False,
        )


def _folder(location: str) -> str:
    """A folder's location compared between compilers: a URL as given (without a trailing
    slash), a path made absolute and normalised."""
    if "://" in location:
        return location.rstrip("/")
    return os.path.normpath(os.path.abspath(location))
