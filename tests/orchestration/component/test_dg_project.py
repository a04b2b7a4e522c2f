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
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    DOCUMENT_IR,
    PARTITIONS_NAME,
    prefixed_key,
    prefixed_name,
)
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for

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


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> tuple[HostProject, Path, str]:
    """One project with one scaffolded compiler, for the malformed-configuration cases (each
    writes its edit of the scaffolded defs.yaml and puts the scaffolded text back)."""
    project = create_project(tmp_path_factory.mktemp("malformed"))
    defs_yaml = project.scaffold("docs")
    return project, defs_yaml, defs_yaml.read_text(encoding="utf-8")


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
    scaffolded: tuple[HostProject, Path, str], edit, line: str
) -> None:
    project, defs_yaml, scaffolded_text = scaffolded
    document = yaml.safe_load(scaffolded_text)
    edit(document["attributes"])
    defs_yaml.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    try:
        result = project.dg("check", "defs", check=False)
    finally:
        defs_yaml.write_text(scaffolded_text, encoding="utf-8")
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert any(line in text for text in output.splitlines()), output[-3000:]


HOST_IO_MANAGER = """import dagster as dg


@dg.definitions
def defs() -> dg.Definitions:
    return dg.Definitions(resources={"io_manager": dg.FilesystemIOManager(base_dir="io")})
"""


def test_scaffold_check_list_and_materialize_two_compilers_that_never_collide(
    tmp_path: Path,
) -> None:
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

    project.scaffold("contracts")
    own = project.path / "src" / project.name / "defs" / "host_io" / "defs.py"
    own.parent.mkdir()
    own.write_text(HOST_IO_MANAGER, encoding="utf-8")  # the host's own IO manager
    project.write_document("docs", "guide/index.md", GUIDE)
    project.write_document("contracts", "supply.md", CONTRACT)
    project.dg("check", "defs")  # no duplicate job/sensor/schedule names or asset keys
    listed = project.defs_json()
    keys = [tuple(a["asset_key_parts"]) for a in listed["assets"]]
    assert {k[0] for k in keys} == {"docs", "contracts"} and len(keys) == len(set(keys))
    assert sum(k[0] == "docs" for k in keys) == sum(k[0] == "contracts" for k in keys)
    assert prefixed_key("tree", "docs") in keys
    sources = {a.get("source", "").split(":")[0] for a in listed["assets"]}
    yamls = {f"src/{project.name}/defs/{p}/defs.yaml" for p in ("docs", "contracts")}
    assert sources <= yamls | {""}  # "": the observable `source`
    for prefix in ("docs", "contracts"):
        source = f"src/{project.name}/defs/{prefix}/defs.yaml"
        assert prefixed_key(DOCUMENT_IR, prefix) in keys
        for section in ("jobs", "sensors", "schedules"):
            mine = [d["name"] for d in listed[section] if d.get("source", "").startswith(source)]
            assert mine and all(n.startswith(prefix + "__") for n in mine), (section, mine)
    assert {j["name"] for j in listed["jobs"]} == {
        f"{p}__{j}"
        for p in ("docs", "contracts")
        for j in ("compile_documents", "recompile_documents")
    }
    for section in ("assets", "jobs", "resources", "schedules", "sensors"):
        names = [d.get("asset_key") or d["name"] for d in listed[section]]
        assert len(names) == len(set(names)), section
    resources = {r["name"]: r["type"] for r in listed["resources"]}
    # each compiler binds `<prefix>__io_manager`, never the host's `io_manager`, which it keeps
    assert resources["io_manager"].endswith("FilesystemIOManager")
    assert {prefixed_name("io_manager", p) for p in ("docs", "contracts")} <= set(resources)
    docs_ir = _materialize(project, "docs", "guide/index.md")
    contracts_ir = _materialize(project, "contracts", "supply.md")
    assert "Install" in [n.title for n in load_ir(docs_ir).tree.nodes]
    assert "Terms" in [n.title for n in load_ir(contracts_ir).tree.nodes]
    assert not (project.path / ".vectorless" / "contracts" / "ir" / docs_ir.name).exists()


def test_two_compilers_with_one_ir_dir_are_refused_at_load_naming_both(
    scaffolded: tuple[HostProject, Path, str],
) -> None:
    """Issue 35 item 5: two compilers sharing an IR folder shared its `.state` and retired each
    other's IRs on alternate sensor ticks; now the code location refuses them at load."""
    project, defs_yaml, scaffolded_text = scaffolded
    contracts_yaml = defs_yaml.parent.parent / "contracts" / "defs.yaml"
    contracts_yaml.parent.mkdir()
    for path, prefix, ir_dir in (
        (defs_yaml, "docs", "shared/ir"),
        (contracts_yaml, "contracts", "shared/./ir/"),
    ):
        document = yaml.safe_load(scaffolded_text)
        document["attributes"].update(
            prefix=prefix, documents_root=f"documents/{prefix}", ir_dir=ir_dir
        )
        path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    try:
        result = project.dg("check", "defs", check=False)
    finally:
        defs_yaml.write_text(scaffolded_text, encoding="utf-8")
        contracts_yaml.unlink()
        contracts_yaml.parent.rmdir()
    output = result.stdout + result.stderr
    assert result.returncode != 0
    line = next((t for t in output.splitlines() if "share ir_dir" in t), output[-3000:])
    assert (
        "'docs'" in line and "'contracts'" in line and str(project.path / "shared" / "ir") in line
    )
