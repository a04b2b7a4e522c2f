"""`jobs.local_run`: the CLI's run builds the recompile job and its resources, nothing more."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: modules of the code location a CLI compile has no use for
NOT_NEEDED = (
    "vectorless_assets.orchestration.automation",
    "vectorless_assets.orchestration.definitions",
    "vectorless_assets.orchestration.component",
    "vectorless_assets.orchestration.storage.doc_state",
    "vectorless_assets.orchestration.assets.compile_asset",
    "vectorless_assets.orchestration.assets.source",
    "vectorless_assets.orchestration.jobs.compile_job",
)

CODE = """
import sys
from vectorless_assets.orchestration.compile_paths import compile_paths
[res] = compile_paths(["a.md"], docs_root=sys.argv[1], ir_dir=sys.argv[2])
assert res.status == "compiled", res
print("\\n".join(m for m in sys.modules if m.startswith(tuple(sys.argv[3:]))))
"""


def test_a_cli_compile_loads_no_sensor_schedule_scan_or_state_code(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nText.\n", encoding="utf-8")
    env = {**os.environ, "DAGSTER_HOME": str(tmp_path / "home")}
    (tmp_path / "home").mkdir()
    out = subprocess.run(
        [sys.executable, "-c", CODE, str(docs), str(tmp_path / "ir"), *NOT_NEEDED],
        env=env,
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    )
    assert out.stdout.strip() == ""
