"""The one-call node digest equals its definition (one BLAKE2b update per length and part)."""

from __future__ import annotations

import hashlib
import random

from vectorless_assets.helpers.fingerprints import _digest

PIECES = ["", "a", "Title", "naïve café", "日本語", "\ud800", "x" * 300, "\n", "# Head\n\ntext"]


def reference_digest(*parts: str) -> str:
    """The digest as first written: one update for each part's length, one for its bytes."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def test_digest_equals_the_update_per_part_definition() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        parts = [
            "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 4)))
            for _ in range(rng.randint(0, 5))
        ]
        assert _digest(*parts) == reference_digest(*parts)


def test_digest_separates_parts() -> None:
    assert _digest("ab", "c") != _digest("a", "bc")
    assert _digest("") != _digest()
