"""`vectorless compile --prune` (issue 35): the sensor's mass-delete guard, a missing root
named as such, and through Dagster the pruned documents' partitions and field values gone."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from vectorless_assets.cli import main
from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.orchestration.base.keys import PARTITIONS_NAME

NAMES = [f"doc{i}.md" for i in range(5)]


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for name in NAMES:
        (root / name).write_text(f"# {name}\n\nText of {name}.\n")
    return root


def test_a_prune_of_a_folder_holding_one_stray_file_is_refused(
    docs: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A half-synced checkout or an empty folder where a share was: before, `--prune` retired
    every other IR (5 of 6); now it is refused as the sensor refuses such a tick, and the
    variable that lets the sensor go on lets the prune go on."""
    monkeypatch.delenv("VECTORLESS_SENSOR_ALLOW_MASS_DELETE", raising=False)
    out = tmp_path / "ir"
    argv = ["compile", "--in-process", "-q", str(docs), "--out", str(out)]
    assert main(argv) == 0
    for name in NAMES:
        (docs / name).unlink()
    (docs / "stray.md").write_text("# Stray\n\nOne file.\n")
    capsys.readouterr()
    assert main([*argv, "--prune"]) == 1
    err = capsys.readouterr().err.splitlines()
    refused = [line for line in err if line.startswith("error: ")]
    assert len(refused) == 1 and "--prune refused: 5 of 6 known documents" in refused[0], err
    assert "VECTORLESS_SENSOR_ALLOW_MASS_DELETE=1" in refused[0]
    assert sum(line.startswith("left ") for line in err) == 5
    assert all((out / f"{doc_id_for(name)}.bin").exists() for name in NAMES)
    assert not (out / ".deleted").exists()

    monkeypatch.setenv("VECTORLESS_SENSOR_ALLOW_MASS_DELETE", "1")
    assert main([*argv, "--prune"]) == 0
    assert sum(line.startswith("retired ") for line in capsys.readouterr().err.splitlines()) == 5
    assert sorted(p.name for p in out.glob("*.bin")) == [f"{doc_id_for('stray.md')}.bin"]


def test_pruning_one_gone_document_is_not_refused(docs: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "ir"
    argv = ["compile", "--in-process", "-q", str(docs), "--out", str(out)]
    assert main(argv) == 0
    (docs / NAMES[0]).unlink()
    assert main([*argv, "--prune"]) == 0
    assert (out / ".deleted" / f"{doc_id_for(NAMES[0])}.bin").exists()


@pytest.mark.parametrize("how", ["folder", "root"])
def test_a_missing_root_is_named_as_missing(docs: Path, tmp_path: Path, capsys, how: str) -> None:
    """Before: `cannot read source: No such file` (a folder taken for a file), pruning nothing
    and saying nothing of why."""
    gone = tmp_path / "unmounted"
    args = [str(gone)] if how == "folder" else [str(docs / NAMES[0]), "--root", str(gone)]
    argv = ["compile", "--in-process", "-q", *args, "--out", str(tmp_path / "ir"), "--prune"]
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and str(gone) in err[0], err
    assert "does not exist" in err[0] and "cannot read source" not in err[0]
    assert not (tmp_path / "ir").exists()


def test_a_prune_through_dagster_deletes_the_partition_and_field_values(
    docs: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the partition and its field values stayed, so "Materialize all" then failed on
    the pruned document; the sensor's deletion removes both, and so does the prune now."""
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    out = tmp_path / "ir"
    argv = ["compile", "-q", str(docs), "--out", str(out)]
    assert main(argv) == 0
    pk = NAMES[0]  # its partition key: no character to encode
    fields = out / ".fields"
    assert list(fields.glob(f"*/{pk}.json"))
    (docs / NAMES[0]).unlink()
    assert main([*argv, "--prune"]) == 0
    assert (out / ".deleted" / f"{doc_id_for(NAMES[0])}.bin").exists()
    assert list(fields.glob(f"*/{pk}.json")) == []
    with dg.DagsterInstance.from_config(str(tmp_path / "home")) as instance:
        assert sorted(instance.get_dynamic_partitions(PARTITIONS_NAME)) == NAMES[1:]
