"""Fixtures for the MCP server tests: a folder of IRs compiled from Markdown written here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from vectorless_assets import compile_document, save_ir

REPO = Path(__file__).resolve().parents[2]

APPENDIX = "\n\n".join(
    " ".join(
        (
            f"Bolt M{8 + (i + j) % 16} on flange {j} is tightened to "
            f"{40 + 5 * ((i * j) % 30)} newton metres in a cross pattern."
        )
        for j in range(8)
    )
    for i in range(14)
)

PUMP = f"""# Centrifugal Pump Manual

This manual covers installing, operating and maintaining the CP-40 centrifugal pump.

## Installation

### Foundation

Set the pump on a level concrete foundation and grout the baseplate. Anchor bolts must be
tightened before the piping is connected.

### Piping

Support the suction pipe so that it puts no load on the pump casing. Keep the suction line
short and straight. See Section 3 for priming the pump before the first start.

## Operation

### Priming

Fill the casing and the suction line with water before start-up and vent the air through
the priming plug. A pump that runs dry destroys its mechanical seal within seconds.

### Checks

Listen for cavitation noise and watch the discharge pressure gauge during the first hour.

## Maintenance

### Checks

Listen for cavitation noise and watch the discharge pressure gauge during the first hour.

### Seal replacement

Drain the casing, remove the impeller and press the new mechanical seal into place.

## Appendix A: Torque values

{APPENDIX}
"""

OLDER = "\n\n".join(
    f"## Version 1.{i}\n\n"
    + " ".join(
        f"Change {i}.{j}: the {w} module was reworked for release 1.{i}."
        for j, w in enumerate(["valve", "sensor", "display", "alarm"] * 15)
    )
    for i in range(8, 0, -1)
)

NOTES = f"""# Release notes

## Version 2.0

The controller firmware now logs discharge pressure every second. Security fixes for the
web console: sessions expire after ten minutes of inactivity.

## Version 1.9

The flow meter driver reads pulses at twice the previous rate.

{OLDER}
"""

GARDEN = """# Garden diary

## Spring

Sow tomatoes indoors in March and plant them out after the last frost.

## Summer

Water the beds in the evening; mulch keeps the soil moist.
"""


def tamper(path: Path) -> None:
    """Change one word of an IR file without updating its checksum."""
    data = path.read_bytes()
    assert b"tomatoes" in data
    path.write_bytes(data.replace(b"tomatoes", b"potatoes", 1))


@pytest.fixture(scope="session")
def ir_folder(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Three compiled documents (deep mode); the garden diary's file is tampered with."""
    folder = tmp_path_factory.mktemp("ir")
    ids = {}
    for name, text in (
        ("pump-manual.md", PUMP),
        ("release-notes.md", NOTES),
        ("garden.md", GARDEN),
    ):
        doc = compile_document(text.encode(), name=name, mode="deep")
        save_ir(doc, folder / f"{doc.doc_id}.bin")
        ids[name] = doc.doc_id
    tamper(folder / f"{ids['garden.md']}.bin")
    return {"folder": folder, "ids": ids}


def server_command(folder: Path, *extra: str) -> tuple[str, list[str], dict[str, str]]:
    """How to start `vectorless mcp` on `folder` as a subprocess of this Python."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    return sys.executable, ["-c", code, "mcp", str(folder), *extra], env
