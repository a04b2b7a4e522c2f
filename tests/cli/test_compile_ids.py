"""`vectorless compile` keeps node ids across edits (`passes.common.node_ids`): through Dagster
with one and two worker processes (`VECTORLESS_WORKERS`), in process, and with `--force`,
each path giving the same ids.

Two documents are compiled, edited (a preface inserted into one; a section deleted and one
moved in the other), compiled again and then compiled with `--force`. Every untouched section
keeps the id of the first compile, the preface takes the first id above the high-water mark,
and every path agrees. Dagster runs in a subprocess (its own instance under a temporary
`DAGSTER_HOME`), as a user runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import sections as S
from vectorless_assets.cli import main
from vectorless_assets.ir import load_ir
from vectorless_assets.ir.document import Document, dangling_node_ids

REPO = Path(__file__).resolve().parents[2]
GUIDE = S.generate(10, words=20)
NOTES = S.generate(9, seed=1, words=20)
PREFACE = S.Section(2, "Preface", "Read this first. " + S.paragraph(77, 20))
EDITED = {
    "guide.md": S.insert(GUIDE, 0, PREFACE),
    "notes.md": S.move(S.delete(NOTES, 2), 4, 7),
}


def write(docs: Path, version: dict[str, list[S.Section]]) -> None:
    docs.mkdir(exist_ok=True)
    for name, sections in version.items():
        (docs / name).write_bytes(S.render(sections, title=name))


def through_dagster(tmp_path: Path, out: Path, workers: int, *flags: str) -> dict[str, Document]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECTORLESS_")}
    env |= {
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
        "DAGSTER_HOME": str(tmp_path / "home"),
        "VECTORLESS_WORKERS": str(workers),
    }
    (tmp_path / "home").mkdir(exist_ok=True)
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    argv = ["compile", str(tmp_path / "docs"), "--out", str(out), "--json", "-q", *flags]
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Warning" not in done.stderr, done.stderr[-2000:]  # a quiet compile prints no warning
    return irs(json.loads(done.stdout))


def in_process(tmp_path: Path, out: Path, capsys: pytest.CaptureFixture[str], *flags: str):
    argv = ["compile", "--in-process", str(tmp_path / "docs"), "--out", str(out), "--json", "-q"]
    assert main([*argv, *flags]) == 0
    return irs(json.loads(capsys.readouterr().out))


def irs(results: list[dict]) -> dict[str, Document]:
    assert all(r["ok"] for r in results), results
    return {r["key"]: load_ir(r["ir_path"]) for r in results}


def ids(doc: Document) -> dict[str, str]:
    """Section title -> node id (titles are distinct in these documents)."""
    return {n.title: n.node_id for n in doc.tree.nodes}


def check_kept(first: dict[str, Document], later: dict[str, Document]) -> None:
    """Every section of `first` still in `later` has its id; ids unique; indexes consistent."""
    for key, doc in later.items():
        before, now = ids(first[key]), ids(doc)
        assert {t: now[t] for t in before if t in now} == {t: before[t] for t in now if t in before}
        assert len(set(now.values())) == len(doc.tree.nodes) and not dangling_node_ids(doc)
    guide = later["guide.md"]
    assert ids(guide)["Preface"] == f"{len(first['guide.md'].tree.nodes) + 1:04d}"
    assert [(c.title, c.node_id) for c in guide.meta.changes.added] in (
        [("Preface", ids(guide)["Preface"])],
        [],  # a forced compile of the same bytes: nothing changed since the previous IR
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_node_ids_survive_an_edit_through_dagster_in_process_and_forced(
    tmp_path: Path, workers: int, capsys: pytest.CaptureFixture[str]
) -> None:
    docs, dagster_out, process_out = tmp_path / "docs", tmp_path / "ir", tmp_path / "ir-process"
    write(docs, {"guide.md": GUIDE, "notes.md": NOTES})
    first = through_dagster(tmp_path, dagster_out, workers)
    assert {k: ids(d) for k, d in in_process(tmp_path, process_out, capsys).items()} == {
        k: ids(d) for k, d in first.items()
    }
    write(docs, EDITED)
    second = through_dagster(tmp_path, dagster_out, workers)
    check_kept(first, second)
    assert second["guide.md"].meta.action == "incremental"
    assert {k: ids(d) for k, d in in_process(tmp_path, process_out, capsys).items()} == {
        k: ids(d) for k, d in second.items()
    }
    forced = through_dagster(tmp_path, dagster_out, workers, "--force")
    assert forced["guide.md"].meta.action == "full"
    assert {k: ids(d) for k, d in forced.items()} == {k: ids(d) for k, d in second.items()}
    check_kept(first, forced)
    forced_here = in_process(tmp_path, process_out, capsys, "--force")
    assert {k: ids(d) for k, d in forced_here.items()} == {k: ids(d) for k, d in second.items()}
