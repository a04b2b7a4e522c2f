"""`environment.Environment`: every VECTORLESS_* variable typed, with its default, read on use."""

from __future__ import annotations

from pathlib import Path

import pytest

from vectorless_assets.environment import (
    DEFAULT_IR_DIR,
    SAMPLES_DIR,
    Environment,
    default_workers,
)


def test_defaults() -> None:
    env = Environment.read({})
    assert env.ir_dir() == DEFAULT_IR_DIR == Path(".vectorless/ir")
    assert env.docs_dir == str(SAMPLES_DIR) and (SAMPLES_DIR / "incident-runbook.md").exists()
    assert (env.fields_dir, env.mode, env.llm_client(), env.llm_cache) == (None, "fast", None, None)
    assert (env.llm_concurrency, env.workers, env.backfill_chunk) == (4, default_workers(), 100)
    assert (env.sensor_interval, env.sensor_running, env.allow_mass_delete) == (10, False, False)
    assert (env.celery_broker, env.celery_visibility_timeout, env.mcp_cache_bytes) == (
        "",
        600,
        16_000_000,
    )


def test_values() -> None:
    env = Environment.read(
        {
            "VECTORLESS_IR_DIR": "irs",
            "VECTORLESS_LLM_CONCURRENCY": "7",
            "VECTORLESS_SENSOR": "ON",
            "VECTORLESS_SENSOR_ALLOW_MASS_DELETE": " yes ",
            "VECTORLESS_CELERY_BROKER": "redis://b",
            "VECTORLESS_MCP_CACHE_MB": "0.5",
            "OTHER": "ignored",
        }
    )
    assert env.ir_dir() == Path("irs") and env.ir_dir("given") == Path("given")
    assert env.llm_concurrency == 7 and env.sensor_running and env.allow_mass_delete
    assert env.celery_backend == "redis://b" and env.mcp_cache_bytes == 500_000
    assert "OTHER" not in env.values


def test_a_malformed_variable_fails_only_where_it_is_read() -> None:
    env = Environment.read({"VECTORLESS_WORKERS": "many", "VECTORLESS_MODE": "turbo"})
    assert env.ir_dir() == DEFAULT_IR_DIR  # the CLI's commands still run
    with pytest.raises(ValueError, match="VECTORLESS_WORKERS must be a whole number"):
        _ = env.workers
    with pytest.raises(ValueError, match="VECTORLESS_MODE must be one of"):
        _ = env.mode
