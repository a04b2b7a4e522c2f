"""One mode setting: what `vectorless compile` compiled through Dagster is what the code location
(same `VECTORLESS_MODE`) shows as Synced, partition by partition, with Dagster's own resolver;
a `--mode` the code location does not compile in is refused (one line), `--in-process` takes
any mode."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from tests.support.staleness import assert_all_fresh
from vectorless_assets.cli import main
from vectorless_assets.ir import load_ir
from vectorless_assets.orchestration.base.names import names_for
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.instance import local_instance

DOCS = {
    "a.md": "# Alpha\n\nAlpha text about pumps.\n\n## Setup\n\nMount the pump.\n",
    "sub/b.md": "# Beta\n\nBeta text.\n\n## Use\n\nRun it daily.\n",
}


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "docs"
    for rel, text in DOCS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    for name in ("VECTORLESS_MODE", "VECTORLESS_LLM_BASE_URL", "VECTORLESS_IR_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("VECTORLESS_WORKERS", "1")
    return root


def _code_location(docs: Path, ir: Path, mode: str) -> tuple[dg.Definitions, Settings]:
    """What `dagster dev` loads with VECTORLESS_MODE=`mode` and the CLI's folders."""
    settings = Settings.from_env(
        {"VECTORLESS_DOCS_DIR": str(docs), "VECTORLESS_IR_DIR": str(ir), "VECTORLESS_MODE": mode}
    )
    return build_defs(settings), settings


@pytest.mark.parametrize(
    "how", ["--mode equal to VECTORLESS_MODE", "VECTORLESS_MODE alone"], ids=["flag", "env"]
)
def test_a_compile_in_the_set_mode_is_fresh_in_the_code_location(
    docs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, how: str
) -> None:
    monkeypatch.setenv("VECTORLESS_MODE", "standard")
    flag = ["--mode", "standard"] if how.startswith("--mode") else []
    ir = tmp_path / "ir"
    assert main(["compile", str(docs), "--out", str(ir), "-q", *flag]) == 0, capsys.readouterr()
    assert {load_ir(p).meta.mode for p in ir.glob("*.bin")} == {"standard"}
    defs, settings = _code_location(docs, ir, "standard")
    assert_all_fresh(local_instance(), defs, settings, names_for(""), len(DOCS))


def test_a_mode_dagster_does_not_compile_in_is_refused_in_one_line(
    docs: Path, tmp_path: Path, capsys
) -> None:
    ir = tmp_path / "ir"
    assert main(["compile", str(docs), "--out", str(ir), "--mode", "standard"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: --mode standard is not the mode")
    assert "VECTORLESS_MODE=fast, the default" in err and "set VECTORLESS_MODE=standard" in err
    assert not ir.exists() and not (tmp_path / "home").exists()
    # the same in process (not tracked by Dagster) compiles in the mode asked for
    assert (
        main(["compile", str(docs), "--out", str(ir), "-q", "--mode", "deep", "--in-process"]) == 0
    )
    assert {load_ir(p).meta.mode for p in ir.glob("*.bin")} == {"deep"}
