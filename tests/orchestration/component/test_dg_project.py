"""The component in a project made by `create-dagster`: `dg scaffold defs`, `dg check defs`,
`dg list defs`, and one partition materialized through the project's definitions (`dg launch`)
on a temporary SQLite instance.

Two compilers (`docs`, `contracts`) in one project never collide: every name carries the
compiler's prefix (docs/dagster.md, "Two compilers in one project: the prefix").
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest
import yaml

from tests.orchestration.component.dg_support import COMPONENT, HostProject, create_project
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.orchestration.assets.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    DOCUMENT_IR,
    PARTITIONS_NAME,
    prefixed_key,
    prefixed_name,
)

GUIDE = "# Guide\n\nIntro.\n\n## Install\n\nRun the installer.\n"
CONTRACT = "# Contract\n\nParties.\n\n## Terms\n\nPay on time.\n"


def _materialize(project: HostProject, compiler: str, rel: str) -> Path:
    """Register the partition of `rel` and run the compile job of the compiler scaffolded in
    the folder `compiler` (its prefix) for it (`dg launch`); return the IR file it wrote into
    the compiler's IR folder."""
    prefix = compiler
    key = partition_key_for(rel)
    with dg.DagsterInstance.from_config(str(project.home)) as instance:
        instance.add_dynamic_partitions(prefixed_name(PARTITIONS_NAME, prefix), [key])
    project.dg("launch", "--job", prefixed_name(COMPILE_JOB, prefix), "--partition", key)
    with dg.DagsterInstance.from_config(str(project.home)) as instance:
        runs = instance.get_runs()
        assert runs and runs[0].status == dg.DagsterRunStatus.SUCCESS
    return project.path / ".vectorless" / compiler / "ir" / f"{key_to_doc_id(key)}.bin"


def test_scaffold_check_list_and_materialize_one_compiler(tmp_path: Path) -> None:
    project = create_project(tmp_path)
    assert COMPONENT in project.dg("list", "components").stdout
    defs_yaml = project.scaffold("docs")
    attributes = yaml.safe_load(defs_yaml.read_text(encoding="utf-8"))
    assert attributes["type"] == COMPONENT
    assert attributes["attributes"]["prefix"] == "docs"
    assert attributes["attributes"]["documents_root"] == "documents/docs"

    # no documents yet: the location loads, with a warning (an unmounted share must not fail it)
    check = project.dg("check", "defs")
    assert "All definitions loaded successfully." in check.stdout
    assert "documents/docs does not exist" in check.stdout + check.stderr

    project.write_document("docs", "guide/index.md", GUIDE)
    listed = project.defs_json()
    keys = {a["asset_key"] for a in listed["assets"]}
    assert {"/".join(prefixed_key(n, "docs")) for n in (DOCUMENT_IR, "tree")} <= keys
    sources = {a.get("source", "").split(":")[0] for a in listed["assets"]}
    assert sources <= {f"src/{project.name}/defs/docs/defs.yaml", ""}  # "": the observable `source`
    assert {j["name"] for j in listed["jobs"]} == {
        "docs__compile_documents",
        "docs__recompile_documents",
    }
    for section in ("assets", "jobs", "resources", "schedules", "sensors"):
        names = [d.get("asset_key") or d["name"] for d in listed[section]]
        assert len(names) == len(set(names)), section

    ir = _materialize(project, "docs", "guide/index.md")
    assert ir.exists() and "Install" in [n.title for n in load_ir(ir).tree.nodes]


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        (
            lambda a: a.update(mode="bogus"),
            "attributes.mode: Input should be 'fast', 'standard' or 'deep'",
        ),
        (lambda a: a.pop("prefix"), "'prefix' is a required property"),
        (
            lambda a: a["schedule"].update(cron="61 * * * *"),
            "attributes.schedule.cron: '61 * * * *' is not a valid cron string",
        ),
        (
            lambda a: a["sensor"].update(interval_seconds="ten"),
            "attributes.sensor.interval_seconds: Input should be a valid integer",
        ),
    ],
    ids=["unknown-mode", "missing-prefix", "bad-cron", "not-a-number"],
)
def test_malformed_configuration_fails_dg_check_defs_with_one_line_naming_the_field(
    tmp_path: Path, edit, line: str
) -> None:
    project = create_project(tmp_path)
    defs_yaml = project.scaffold("docs")
    document = yaml.safe_load(defs_yaml.read_text(encoding="utf-8"))
    edit(document["attributes"])
    defs_yaml.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    result = project.dg("check", "defs", check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert any(line in text for text in output.splitlines()), output[-3000:]


def test_two_compilers_in_one_project_never_collide(tmp_path: Path) -> None:
    project = create_project(tmp_path)
    project.scaffold("docs")
    project.scaffold("contracts")
    project.write_document("docs", "guide/index.md", GUIDE)
    project.write_document("contracts", "supply.md", CONTRACT)
    project.dg("check", "defs")  # no duplicate job/sensor/schedule names or asset keys
    listed = project.defs_json()
    keys = [tuple(a["asset_key_parts"]) for a in listed["assets"]]
    assert {k[0] for k in keys} == {"docs", "contracts"} and len(keys) == len(set(keys))
    assert sum(k[0] == "docs" for k in keys) == sum(k[0] == "contracts" for k in keys)
    for prefix in ("docs", "contracts"):
        source = f"src/{project.name}/defs/{prefix}/defs.yaml"
        assert prefixed_key(DOCUMENT_IR, prefix) in keys
        for section in ("jobs", "sensors", "schedules"):
            mine = [d["name"] for d in listed[section] if d.get("source", "").startswith(source)]
            assert mine and all(n.startswith(prefix + "__") for n in mine), (section, mine)
    resources = {r["name"] for r in listed["resources"]}
    assert "io_manager" not in resources  # the host's default IO manager is never set
    assert {prefixed_name("io_manager", p) for p in ("docs", "contracts")} <= resources
    docs_ir = _materialize(project, "docs", "guide/index.md")
    contracts_ir = _materialize(project, "contracts", "supply.md")
    assert docs_ir.exists() and contracts_ir.exists()
    assert not (project.path / ".vectorless" / "contracts" / "ir" / docs_ir.name).exists()


def test_two_compilers_with_one_ir_dir_are_refused_at_load_naming_both(tmp_path: Path) -> None:
    """Issue 35 item 5: two compilers sharing an IR folder shared its `.state` and retired each
    other's IRs on alternate sensor ticks; now the code location refuses them at load."""
    project = create_project(tmp_path)
    for prefix in ("docs", "contracts"):
        defs_yaml = project.scaffold(prefix)
        document = yaml.safe_load(defs_yaml.read_text(encoding="utf-8"))
        document["attributes"]["ir_dir"] = "shared/ir" if prefix == "docs" else "shared/./ir/"
        defs_yaml.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    result = project.dg("check", "defs", check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    line = next((t for t in output.splitlines() if "share ir_dir" in t), output[-3000:])
    assert (
        "'docs'" in line and "'contracts'" in line and str(project.path / "shared" / "ir") in line
    )


HOST_IO_MANAGER = """import dagster as dg


@dg.definitions
def defs() -> dg.Definitions:
    return dg.Definitions(resources={"io_manager": dg.FilesystemIOManager(base_dir="io")})
"""


def test_a_host_with_its_own_io_manager_keeps_it(tmp_path: Path) -> None:
    project = create_project(tmp_path)
    project.scaffold("docs")
    own = project.path / "src" / project.name / "defs" / "host_io" / "defs.py"
    own.parent.mkdir()
    own.write_text(HOST_IO_MANAGER, encoding="utf-8")
    # the compiler binds `docs__io_manager`, never the host's `io_manager`
    project.dg("check", "defs")
    resources = {r["name"]: r["type"] for r in project.defs_json()["resources"]}
    assert resources["io_manager"].endswith("FilesystemIOManager")
