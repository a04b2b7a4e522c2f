"""The MCP server's library reads its lexicons from VECTORLESS_LEXICONS (default: finance)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vectorless_assets.mcp_server.library import Library
from vectorless_assets.navigator.lexicons import LexiconError, default_lexicons


def test_the_library_takes_its_lexicons_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VECTORLESS_LEXICONS", raising=False)
    assert Library(tmp_path).catalog().lexicons == default_lexicons()
    monkeypatch.setenv("VECTORLESS_LEXICONS", "none")
    assert Library(tmp_path).catalog().lexicons.members == ()
    monkeypatch.setenv("VECTORLESS_LEXICONS", "fnance")
    with pytest.raises(LexiconError, match="unknown lexicon 'fnance'"):
        Library(tmp_path)
