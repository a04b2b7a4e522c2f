"""Issue 25, item 2: a damaged lasting LLM cache never fails a compile.

Random bytes in `<ir>/.cache/llm.sqlite` made every compile fail with `sqlite3.DatabaseError:
file is not a database` (a traceback, rc 1; through Dagster every document). The damaged
file is now moved aside, named in a warning, and a new cache is made.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.cli import main
from vectorless_assets.llm.cache import CACHE_FILE, LLMCache


def test_random_bytes_in_the_cache_are_moved_aside_and_the_compile_succeeds(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    src, out = tmp_path / "src", tmp_path / "ir"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nFirst part.\n\n## One\n\nOne text here.\n", encoding="utf-8")
    cache_file = out / CACHE_FILE
    cache_file.parent.mkdir(parents=True)
    cache_file.write_bytes(os.urandom(8192))
    with FakeLLMServer() as srv:
        monkeypatch.setenv("VECTORLESS_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("VECTORLESS_LLM_MODEL", "fake-model")
        monkeypatch.delenv("VECTORLESS_LLM_CACHE", raising=False)
        with pytest.warns(UserWarning, match=r"llm\.sqlite is damaged .*moved aside"):
            rc = main(
                [
                    "compile",
                    "--in-process",
                    "--json",
                    "-q",
                    "--mode",
                    "deep",
                    str(src),
                    "--out",
                    str(out),
                ]
            )
        assert srv.requests > 0
    results = json.loads(capsys.readouterr().out)
    assert rc == 0 and [r["ok"] for r in results] == [True]
    aside = [p.name for p in cache_file.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].startswith("llm.sqlite.damaged-")
    assert len(LLMCache(cache_file)) > 0  # the new cache kept this compile's answers


def test_a_healthy_cache_is_opened_without_warning(tmp_path: Path, recwarn) -> None:
    path = tmp_path / "c.sqlite"
    cache = LLMCache(path)
    cache.put("k", "answer")
    cache.close()
    assert LLMCache(path).get("k") == "answer"
    assert not [w for w in recwarn if "damaged" in str(w.message)]
