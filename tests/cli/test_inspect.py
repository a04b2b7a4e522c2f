"""`vectorless inspect` shows when the IR was created and last compiled and what the last
compile changed (issue 38 item 6); a first compile is a new document, not N sections added."""

from __future__ import annotations

from pathlib import Path

from vectorless_assets.cli import main
from vectorless_assets.ir.persist import load_ir

FIRST = "# A\n\nIntro.\n\n## One\n\none\n\n## Two\n\ntwo\n"
EDITED = "# A\n\nIntro.\n\n## One\n\none, edited\n\n## Two\n\ntwo\n\n## Three\n\nthree\n"


def _compile_and_inspect(src: Path, out: Path, capsys) -> tuple[str, str]:
    assert main(["compile", "--in-process", "-q", str(src), "--out", str(out)]) == 0
    compiled = capsys.readouterr().out
    (ir,) = out.glob("*.bin")
    assert main(["inspect", str(ir)]) == 0
    return compiled, capsys.readouterr().out


def test_inspect_shows_created_at_and_the_last_change_set(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.delenv("VECTORLESS_LLM_BASE_URL", raising=False)
    src, out = tmp_path / "src", tmp_path / "ir"
    src.mkdir()
    (src / "a.md").write_text(FIRST, encoding="utf-8")
    compiled, shown = _compile_and_inspect(src, out, capsys)
    doc = load_ir(next(out.glob("*.bin")))
    created = doc.meta.created_at.isoformat()
    assert "a.md: new document (3 sections)" in compiled
    assert f"created_at {created}" in shown
    assert "last compile: full (new): new document (3 sections)" in shown

    (src / "a.md").write_text(EDITED, encoding="utf-8")
    compiled, shown = _compile_and_inspect(src, out, capsys)
    assert "a.md: " in compiled and "new document" not in compiled
    assert f"created_at {created}" in shown  # the first compile's time is kept
    again = load_ir(next(out.glob("*.bin")))
    summary = again.meta.changes.summary()
    assert f"last compile: incremental (source changed): {summary}" in shown
    assert "added" in summary
    for change in again.meta.changes.added + again.meta.changes.modified:
        assert f"{change.kind} {change.node_id} {change.title}" in shown
