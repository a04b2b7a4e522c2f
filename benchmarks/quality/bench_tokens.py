"""Calibrate `text.llm_tokens.estimate_tokens` against real cl100k token counts (run by hand).

tiktoken's cl100k vocabulary is not downloadable here, but the `litellm` wheel bundles the
BPE ranks file (``litellm/litellm_core_utils/tokenizers/9b5ad71b2ce5302211f9c61530b329a4922fc6a4``,
sha256 223921b7...65b2a7). This script implements the cl100k BPE in pure Python on top of that
file (no tiktoken needed; the pre-tokenizer regex is approximated with `re`, exact for ASCII
prose) and prints estimate / cl100k per corpus group, for whole files and for prose only
(lines outside code fences, tables and HTML). Not a runtime dependency of the project.

    pip download litellm --no-deps -d /tmp/lw
    unzip -j /tmp/lw/litellm-*.whl 'litellm/litellm_core_utils/tokenizers/9b5ad71b*' -d /tmp/lw
    python benchmarks/quality/bench_tokens.py --bpe /tmp/lw/9b5ad71b2ce5302211f9c61530b329a4922fc6a4
"""

from __future__ import annotations

import argparse
import base64
import re
import sys
from pathlib import Path

from vectorless_assets.text.llm_tokens import estimate_tokens

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import MD as CORPUS  # noqa: E402

# cl100k pre-tokenizer, with \p{L} -> [^\W\d_] and \p{N} -> \d (the `re` module has no \p)
_PRE = re.compile(
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|(?:[^\r\n\w]|_)?[^\W\d_]+|\d{1,3}| ?(?:[^\s\w]|_)+[\r\n]*"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+"
)
GROUPS = {
    "rust-book (prose + code)": "rust-book/src/*.md",
    "prometheus docs": "prometheus-docs/docs/**/*.md",
    "system-design-primer EN": "system-design-primer/README.md",
    "tldr pages": "tldr/pages/common/*.md",
    "system-design-primer JA (CJK)": "system-design-primer/README-ja.md",
}


def load_ranks(path: Path) -> dict[bytes, int]:
    ranks: dict[bytes, int] = {}
    for line in path.read_bytes().splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def bpe_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Number of cl100k tokens of one pre-tokenized piece (standard rank-ordered BPE merges)."""
    if piece in ranks:
        return 1
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best, best_rank = -1, None
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and (best_rank is None or r < best_rank):
                best, best_rank = i, r
        if best < 0:
            break
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return len(parts)


def cl100k_count(text: str, ranks: dict[bytes, int], cache: dict[str, int]) -> int:
    total = 0
    for piece in _PRE.findall(text):
        n = cache.get(piece)
        if n is None:
            n = cache[piece] = bpe_count(piece.encode("utf-8"), ranks)
        total += n
    return total


def prose_only(text: str) -> str:
    """Lines outside fences, tables, HTML and front matter (the paragraphs and lists)."""
    out, fence = [], ""
    for line in text.split("\n"):
        s = line.strip()
        if fence:
            fence = "" if s.startswith(fence) else fence
            continue
        if s.startswith(("```", "~~~")):
            fence = s[:3]
            continue
        if s.startswith(("|", "<", "{{")) or line.startswith("    "):
            continue
        out.append(line)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--bpe", type=Path, required=True, help="cl100k ranks file from the litellm wheel"
    )
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    ranks = load_ranks(args.bpe)
    cache: dict[str, int] = {}
    print(f"{'group':32} {'kind':6} {'cl100k':>9} {'estimate':>9} {'ratio':>6}")
    for name, pattern in GROUPS.items():
        texts = [p.read_text(encoding="utf-8") for p in sorted(args.corpus.glob(pattern))]
        for kind, parts in (("all", texts), ("prose", [prose_only(t) for t in texts])):
            real = sum(cl100k_count(t, ranks, cache) for t in parts)
            est = sum(estimate_tokens(t) for t in parts)
            print(f"{name:32} {kind:6} {real:9d} {est:9d} {est / max(real, 1):6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
