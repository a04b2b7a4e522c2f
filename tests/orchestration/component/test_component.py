"""`DocumentCompilerComponent` in process: attributes -> Settings -> the project's definitions.

The component builds its definitions with `definitions.build_defs` from a `Settings` made by
`Settings.from_env` (the standalone code path), minus the executor; malformed attributes are
one line naming the attribute; a missing documents root is a warning at load and a skip at
each sensor tick.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.options import MODES
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    SCHEDULE_NAME,
    SENSOR_NAME,
    prefixed_name,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.component.component import DocumentCompilerComponent
from vectorless_assets.orchestration.component.config import ComponentConfigError, compiler_env
from vectorless_assets.orchestration.component.scaffold import prefix_for, scaffold_attributes
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore


def _component(**attributes: object) -> DocumentCompilerComponent:
    return DocumentCompilerComponent.from_attributes_dict(
        attributes={"prefix": "docs", "documents_root": "documents", **attributes}
    )


def component_defs(component: DocumentCompilerComponent, project_root: Path) -> dg.Definitions:
    """The component's definitions with `project_root` as the host project's root."""
    context = dg.ComponentTree.for_test().load_context
    return component.build_defs(replace(context, project_root=project_root))


@pytest.mark.parametrize(
    ("attributes", "line"),
    [
        (
            {"mode": "bogus"},
            "attributes.mode: Input should be 'fast', 'standard' or 'deep' (got 'bogus')",
        ),
        ({"prefix": ""}, "attributes.prefix: required, and not empty"),
        # an empty template variable meant the whole project root (issue 35)
        ({"documents_root": ""}, "attributes.documents_root: required, and not empty"),
        ({"documents_root": "  "}, "attributes.documents_root: required, and not empty"),
        ({"prefix": "a__b"}, "attributes.prefix: prefix 'a__b' must start with a letter"),
        (
            {"schedule": {"cron": "61 * * * *"}},
            "attributes.schedule.cron: '61 * * * *' is not a valid cron string",
        ),
        (
            {"schedule": {"cron": "nightly"}},
            "attributes.schedule.cron: 'nightly' is not a valid cron string",
        ),
        (
            {"sensor": {"interval_seconds": "ten"}},
            "attributes.sensor.interval_seconds: Input should be a valid integer",
        ),
        (
            {"sensor": {"interval_seconds": 0}},
            "attributes.sensor.interval_seconds: 0 is not a number of seconds >= 1",
        ),
        (
            {"sensor": {"running": "maybe"}},
            "attributes.sensor.running: Input should be a valid boolean",
        ),
    ],
)
def test_a_malformed_attribute_is_one_line_naming_it(attributes: dict, line: str) -> None:
    with pytest.raises(ComponentConfigError) as err:
        _component(**attributes)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"DocumentCompilerComponent: {line}")


def test_the_mode_choices_are_the_compilers_modes() -> None:
    schema = DocumentCompilerComponent.model().model_json_schema()
    assert tuple(schema["properties"]["mode"]["anyOf"][0]["enum"]) == tuple(MODES)


def test_settings_come_from_the_standalone_code_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VECTORLESS_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("VECTORLESS_LLM_MODEL", "m1")
    monkeypatch.setenv("VECTORLESS_LLM_API_KEY", "k1")
    monkeypatch.setenv("VECTORLESS_LLM_RETRIES", "5")
    monkeypatch.setenv("VECTORLESS_DOCS_DIR", "/elsewhere")  # the YAML decides folders, not these
    settings = _component(mode="standard").settings(tmp_path)
    env = {
        "VECTORLESS_DOCS_DIR": str(tmp_path / "documents"),
        "VECTORLESS_IR_DIR": str(tmp_path / ".vectorless" / "docs" / "ir"),
        "VECTORLESS_MODE": "standard",
        "VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:9/v1",
        "VECTORLESS_LLM_MODEL": "m1",
        "VECTORLESS_LLM_API_KEY": "k1",
        "VECTORLESS_LLM_RETRIES": "5",
    }
    assert settings == Settings.from_env(env, prefix="docs")
    assert settings.llm_limits.retries == 5 and settings.options.llm_model == "m1"


def test_a_second_llm_is_read_from_its_own_variables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VECTORLESS_LLM_BASE_URL", "http://first/v1")
    monkeypatch.setenv("VECTORLESS_LLM_MODEL", "first")
    monkeypatch.setenv("CONTRACTS_LLM_BASE_URL", "http://second/v1")
    monkeypatch.setenv("CONTRACTS_LLM_MODEL", "second")
    settings = _component(
        prefix="contracts",
        llm_env_prefix="CONTRACTS_LLM",
        documents_root="s3://bucket/contracts",
        ir_dir="/srv/ir",
    ).settings(tmp_path)
    assert (settings.llm_base_url, settings.options.llm_model) == ("http://second/v1", "second")
    assert (settings.docs_dir, settings.ir_dir, settings.fields_dir) == (
        "s3://bucket/contracts",
        "/srv/ir",
        "/srv/ir/.fields",
    )
    env = compiler_env(
        docs_dir="d",
        ir_dir="i",
        fields_dir=None,
        mode="fast",
        llm_env_prefix="NONE_SET",
        env={"VECTORLESS_LLM_BASE_URL": "x", "HOME": "/root"},
    )
    # nothing else passes
    assert env == {
        "VECTORLESS_DOCS_DIR": "d",
        "VECTORLESS_IR_DIR": "i",
        "VECTORLESS_MODE": "fast",
    }


def test_the_component_builds_the_standalone_definitions_without_the_executor(
    tmp_path: Path,
) -> None:
    (tmp_path / "documents").mkdir()
    component = _component(
        sensor={"running": True, "interval_seconds": 7}, schedule={"cron": "15 2 * * 1"}
    )
    defs = component_defs(component, tmp_path)
    standalone = build_defs(component.settings(tmp_path))
    assert standalone.executor is dg.in_process_executor  # unchanged for the standalone project
    assert defs.executor is None  # the host's executor stays the host's
    repo, base = defs.get_repository_def(), standalone.get_repository_def()
    assert {k.to_user_string() for k in repo.asset_graph.get_all_asset_keys()} == {
        k.to_user_string() for k in base.asset_graph.get_all_asset_keys()
    }
    assert {j.name for j in repo.get_all_jobs()} == {j.name for j in base.get_all_jobs()}
    assert set(defs.resources or {}) == set(standalone.resources or {})
    sensor = defs.resolve_sensor_def(prefixed_name(SENSOR_NAME, "docs"))
    assert (
        sensor.minimum_interval_seconds == 7
        and sensor.default_status == dg.DefaultSensorStatus.RUNNING
    )
    schedule = defs.resolve_schedule_def(prefixed_name(SCHEDULE_NAME, "docs"))
    assert schedule.cron_schedule == "15 2 * * 1"
    job = prefixed_name(COMPILE_JOB, "docs")
    assert defs.resolve_job_def(job).name == job == "docs__compile_documents"


def test_a_missing_documents_root_warns_at_load_and_each_tick_skips(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    component = _component(documents_root="unmounted/share")
    with caplog.at_level(logging.WARNING, logger="dagster.vectorless"):
        defs = component_defs(component, tmp_path)  # loads: never an error
    assert any("unmounted/share does not exist" in r.getMessage() for r in caplog.records)
    settings = component.settings(tmp_path)
    resources = {
        settings.names.documents: DocumentsRoot(path=settings.docs_dir),
        settings.names.ir_store: IRStore(path=settings.ir_dir),
    }
    sensor = defs.resolve_sensor_def(settings.names.name(SENSOR_NAME))
    with dg.DagsterInstance.ephemeral() as instance:
        for _ in range(2):
            result = sensor(
                dg.build_sensor_context(instance=instance, resources=resources, definitions=defs)
            )
            assert isinstance(result, dg.SkipReason) and "does not exist" in (
                result.skip_message or ""
            )


@pytest.mark.parametrize(
    ("folder", "prefix"),
    [
        ("docs", "docs"),
        ("my-docs", "my_docs"),
        ("2024 reports", "d_2024_reports"),
        ("__", "documents"),
    ],
)
def test_a_scaffolded_defs_yaml_loads_whatever_the_folder_is_called(
    folder: str, prefix: str, tmp_path: Path
) -> None:
    assert prefix_for(folder) == prefix
    component = DocumentCompilerComponent.from_attributes_dict(
        attributes=scaffold_attributes(folder)
    )
    settings = component.settings(tmp_path)
    assert settings.prefix == prefix and settings.docs_dir == str(tmp_path / "documents" / prefix)
    assert settings.ir_dir == str(tmp_path / ".vectorless" / prefix / "ir")
