"""The two recompile schedules never fire at the same minute: the forced one has its own cron,
an hour after the other by default, in the standalone code location (environment) and in a
`DocumentCompilerComponent` (attributes)."""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.orchestration.automation.crons import force_cron_after
from vectorless_assets.orchestration.base.keys import (
    FORCE_SCHEDULE_NAME,
    SCHEDULE_NAME,
    prefixed_name,
)
from vectorless_assets.orchestration.component.component import DocumentCompilerComponent
from vectorless_assets.orchestration.component.config import ComponentConfigError


def _crons(defs: dg.Definitions, prefix: str = "") -> tuple[str, str]:
    return tuple(  # type: ignore[return-value]
        defs.resolve_schedule_def(prefixed_name(name, prefix)).cron_schedule
        for name in (SCHEDULE_NAME, FORCE_SCHEDULE_NAME)
    )


def _code_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> dg.Definitions:
    monkeypatch.setenv("VECTORLESS_DOCS_DIR", str(tmp_path))
    monkeypatch.setenv("VECTORLESS_IR_DIR", str(tmp_path / "ir"))
    for name in ("VECTORLESS_RECOMPILE_CRON", "VECTORLESS_FORCE_RECOMPILE_CRON"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return importlib.import_module("vectorless_assets.orchestration.definitions").defs()


def _component_defs(tmp_path: Path, schedule: dict | None = None) -> dg.Definitions:
    attributes: dict = {"prefix": "docs", "documents_root": str(tmp_path)}
    if schedule is not None:
        attributes["schedule"] = schedule
    component = DocumentCompilerComponent.from_attributes_dict(attributes=attributes)
    context = dg.ComponentTree.for_test().load_context
    return component.build_defs(replace(context, project_root=tmp_path))


def test_the_forced_recompile_runs_an_hour_after_the_other_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _crons(_code_location(monkeypatch, tmp_path)) == ("0 3 * * *", "0 4 * * *")
    assert _crons(_component_defs(tmp_path), "docs") == ("0 3 * * *", "0 4 * * *")
    # moving the other one moves the forced one's default along
    assert _crons(
        _code_location(monkeypatch, tmp_path, VECTORLESS_RECOMPILE_CRON="30 23 * * 1-5")
    ) == ("30 23 * * 1-5", "30 0 * * 1-5")
    assert _crons(_component_defs(tmp_path, {"cron": "15 2 * * *"}), "docs") == (
        "15 2 * * *",
        "15 3 * * *",
    )


def test_each_cron_is_set_on_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = _code_location(
        monkeypatch,
        tmp_path,
        VECTORLESS_RECOMPILE_CRON="0 1 * * *",
        VECTORLESS_FORCE_RECOMPILE_CRON="0 5 * * 0",
    )
    assert _crons(loaded) == ("0 1 * * *", "0 5 * * 0")
    defs = _component_defs(tmp_path, {"cron": "0 1 * * *", "force_cron": "0 5 * * 0"})
    assert _crons(defs, "docs") == ("0 1 * * *", "0 5 * * 0")


def test_a_malformed_cron_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ValueError, match=r"^VECTORLESS_FORCE_RECOMPILE_CRON: 'weekly' is not a"):
        _code_location(monkeypatch, tmp_path, VECTORLESS_FORCE_RECOMPILE_CRON="weekly")
    with pytest.raises(ComponentConfigError) as err:
        _component_defs(tmp_path, {"force_cron": "61 * * * *"})
    assert str(err.value).endswith(
        "attributes.schedule.force_cron: '61 * * * *' is not a valid cron string "
        "(five fields, e.g. '0 3 * * *')"
    )


@pytest.mark.parametrize(
    ("cron", "forced"),
    [
        ("0 3 * * *", "0 4 * * *"),
        ("45 23 * * *", "45 0 * * *"),
        ("0 */6 * * *", "30 */6 * * *"),
        ("45 4,16 * * *", "15 4,16 * * *"),
        ("*/10 * * * *", "0 4 * * *"),
    ],
)
def test_an_hour_after(cron: str, forced: str) -> None:
    assert force_cron_after(cron) == forced
