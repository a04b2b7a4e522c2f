"""Two `vectorless compile --in-process` of different roots into one IR folder (issue 35).

Both roots hold `s0.md` ... `s3.md`: the same keys, so the same doc_ids. Before, each
process checked for another root's IR, compiled, then wrote, with nothing held between: both
passed the check, both reported every shared document compiled, and the folder held a mix of
both roots (11 "compiled" for 7 IR files here). Now the check and the write hold the
document's lock: one root's file is compiled, the other is refused as a key conflict.

Deterministic: both processes pass a barrier and every compile is followed by a pause before
the write, the window in which the other process would check the same document.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import time
from pathlib import Path

from vectorless_assets.cli import in_process, main
from vectorless_assets.ir import load_ir
from vectorless_assets.ir.identity import doc_id_for

SHARED = [f"s{i}.md" for i in range(4)]
ROOTS = {"one": [*SHARED, "z1.md", "z2.md"], "two": [*SHARED, "z3.md"]}


def _compile_root(root: str, out: str, barrier, result: str) -> None:  # noqa: ANN001
    compile_document = in_process.compile_document

    def slow(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        doc = compile_document(*args, **kwargs)
        time.sleep(0.3)  # checked, not yet written
        return doc

    in_process.compile_document = slow
    barrier.wait()
    with open(result, "w") as fh, contextlib.redirect_stdout(fh):
        main(["compile", "--in-process", "--json", "-q", root, "--out", out])


def test_two_roots_into_one_folder_compile_each_key_once(tmp_path: Path) -> None:
    for name, files in ROOTS.items():
        (tmp_path / name).mkdir()
        for file in files:
            (tmp_path / name / file).write_text(f"# {name} {file}\n\nFrom root {name}.\n")
    out = tmp_path / "ir"
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(len(ROOTS))
    procs = [
        ctx.Process(
            target=_compile_root,
            args=(str(tmp_path / name), str(out), barrier, str(tmp_path / f"{name}.json")),
        )
        for name in ROOTS
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode is not None
    results = {name: json.loads((tmp_path / f"{name}.json").read_text()) for name in ROOTS}
    compiled = {(name, r["key"]) for name, rows in results.items() for r in rows if r["ok"]}
    irs = sorted(out.glob("*.bin"))
    assert len(compiled) == len(irs) == len(SHARED) + 3
    for key in SHARED:
        winners = [name for name in ROOTS if (name, key) in compiled]
        assert len(winners) == 1, (key, winners)
        loser = next(name for name in ROOTS if name != winners[0])
        refused = next(r for r in results[loser] if r["key"] == key)
        assert "has the same key and would overwrite it" in refused["error"]
        # the IR is the winner's, whole: not the other root's file under the winner's report
        doc = load_ir(out / f"{doc_id_for(key)}.bin")
        assert doc.source_path == str(tmp_path / winners[0] / key)
        assert any(f"From root {winners[0]}." in n.content for n in doc.tree.nodes)
