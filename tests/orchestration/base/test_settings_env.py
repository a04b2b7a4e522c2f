"""The Dagster settings come from the one environment reader (`environment.Environment`)."""

from __future__ import annotations

import os
from pathlib import Path

from vectorless_assets.environment import DEFAULT_IR_DIR, SAMPLES_DIR, Environment
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs

LLM = {"VECTORLESS_LLM_BASE_URL": "http://127.0.0.1:9/v1", "VECTORLESS_LLM_MODEL": "m"}


def test_the_dagster_path_reads_the_llm_concurrency(tmp_path: Path) -> None:
    """VECTORLESS_LLM_CONCURRENCY reached the CLI's compiles but not the Dagster `llm`
    resource, which always said 4 although its field says it reads the variable."""
    env = {**LLM, "VECTORLESS_LLM_CONCURRENCY": "2", "VECTORLESS_IR_DIR": str(tmp_path)}
    settings = Settings.from_env(env)
    assert settings.llm_concurrency == 2
    defs = build_defs(settings)
    assert defs.resources[settings.names.llm].concurrency == 2
    assert Settings.from_env(LLM).llm_concurrency == 4


def test_the_cli_and_dagster_share_one_default_ir_folder() -> None:
    settings = Settings.from_env({})
    assert (
        settings.ir_dir
        == os.path.abspath(Environment.read({}).ir_dir())
        == os.path.abspath(DEFAULT_IR_DIR)
    )
    assert settings.docs_dir == str(SAMPLES_DIR)


def test_from_env_equals_from_environment(tmp_path: Path) -> None:
    env = {**LLM, "VECTORLESS_MODE": "deep", "VECTORLESS_WORKERS": "3", "VECTORLESS_DOCS_DIR": "d"}
    assert Settings.from_env(env) == Settings.from_environment(Environment.read(env))
    settings = Settings.from_env(env)
    assert (settings.options.mode, settings.options.llm_model, settings.workers) == ("deep", "m", 3)
