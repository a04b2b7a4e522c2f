"""tokenspans: the token estimate of many spans at once equals the pattern's, span by span."""

from __future__ import annotations

import random

import pytest

from tests.support.paths import CORPUS
from vectorless_assets import tokenspans
from vectorless_assets.frontends.markdown.parser import parse_markdown
from vectorless_assets.textutil import estimate_tokens

ALPHABET = "aaaaabbZ01234567  \t\n\n.,;_-*#()日本語のテ・ー한국éÉ²٣\u00a0\u3000\u0301—\x0b\r"


def _spans(rng: random.Random, length: int) -> list[tuple[int, int]]:
    cuts = sorted(rng.sample(range(length + 1), min(length + 1, rng.randint(0, 14))))
    return [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]


@pytest.mark.parametrize("chunk", [1, 300, 1 << 20])
def test_vectorised_counts_equal_the_pattern(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(tokenspans, "BATCH_MIN_CHARS", 0)
    monkeypatch.setattr(tokenspans, "BATCH_CHUNK_CHARS", chunk)
    rng = random.Random(chunk)
    for _ in range(1500):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 300)))
        text += "x" * rng.randint(0, 90) + " " * rng.randint(0, 90) + "-" * rng.randint(0, 70)  # runs past the table
        spans = _spans(rng, len(text))
        assert tokenspans.estimate_tokens_spans(text, spans) == [estimate_tokens(text[a:b]) for a, b in spans], repr(text)


def test_separators_the_two_patterns_disagree_on_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokenspans, "BATCH_MIN_CHARS", 0)
    text = "ab\x1ccd ef\x1fgh é"  # \x1c is punctuation to the ASCII pattern, whitespace to Unicode's
    spans = [(0, 7), (8, 13)]
    assert tokenspans.estimate_tokens_spans(text, spans) == [estimate_tokens(text[a:b]) for a, b in spans]


@pytest.mark.skipif(not (CORPUS / "md" / "large").is_dir(), reason="shared corpus absent")
def test_the_markdown_frontend_counts_as_before_on_the_large_corpus_files() -> None:
    for path in sorted((CORPUS / "md" / "large").glob("*.md")):
        parsed = parse_markdown(path.read_bytes())
        assert [n.token_count for n in parsed.raw_nodes] == [estimate_tokens(n.content) for n in parsed.raw_nodes], path.name
