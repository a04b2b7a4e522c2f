"""How fast deep mode could get with a native text core (helper of `bench_speed.py`).

An upper bound, not a design: every function of the text core (tokenising, counting,
cleaning, sentence cutting, token estimates, reference scanning; `FAMILIES`) is replaced,
in every module that imported it, by a memo of its results, filled by one warm-up pass over
the corpus. The timed runs then pay a dict lookup per call where the compiler tokenises,
counts or cuts text, and nothing for building the results: less than any native (C, Rust)
implementation of those functions could cost. The per-compile token cache
(`WordCache.word_counts`, `keyword_counts`) answers from one memo across compiles too, and
the memos are moved out of the collector's sight (`gc.freeze`) once filled. Everything
else (pass logic, models, the pass runner) runs as it is. `--family` memoises only some
families (`none`: the baseline, frozen the same way). Run in its own process (the patches
are not undone):

    python benchmarks/speed/_speed_bound.py [--repeat 3] [--family tokens ...]  # JSON: wall, cpu...
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import pkgutil
import sys
from collections.abc import Callable
from typing import Any

#: family -> module -> its functions that read text and return words, counts, cut text or
#: a number (`tokens` also memoises the per-compile token cache's lookups, `CACHE_METHODS`)
FAMILIES: dict[str, dict[str, tuple[str, ...]]] = {
    "tokens": {
        "vectorless_assets.text.words": (
            "split_words",
            "split_words_by_line",
            "piece_counts",
            "word_counts",
            "keywords",
        ),
    },
    "sentences": {
        "vectorless_assets.passes.common.summarize": (
            "raw_sentences",
            "sentences_of",
            "first_raw_sentences",
        ),
    },
    "cleaning": {
        "vectorless_assets.passes.common.plaintext": (
            "plain",
            "keyword_text",
            "clean",
            "strip_front_matter",
        ),
        "vectorless_assets.passes.enrich.reference_scan": ("scan_text",),
        "vectorless_assets.text.cjk": ("spell_bigrams", "count_cjk_letters"),
    },
    "estimates": {
        "vectorless_assets.text.llm_tokens": ("estimate_tokens", "summary_tokens"),
        "vectorless_assets.passes.common.budget": ("truncate_tokens", "is_short"),
    },
}
#: the per-compile token cache's lookups (memoised by text, across compiles)
CACHE_METHODS = ("word_counts", "keyword_counts")


def memoised(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` answering from a memo of its results by arguments; a call with an unhashable
    argument (`word_counts` given a `WordTable`) is passed through (`functools.cache` would
    raise)."""
    memo: dict[Any, Any] = {}

    def lookup(*args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            return memo[key]
        except KeyError:
            out = memo[key] = fn(*args, **kwargs)
            return out
        except TypeError:
            return fn(*args, **kwargs)

    return lookup


def patch_kernels(families: tuple[str, ...] = tuple(FAMILIES)) -> int:
    """Replace every function of `families` by its memo wherever it was imported; the count
    of replaced names."""
    import vectorless_assets

    modules = [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(vectorless_assets.__path__, "vectorless_assets.")
        if ".orchestration" not in m.name and ".mcp_server" not in m.name
    ]
    replaced = 0
    kernels = [
        (home, name) for f in families for home, names in FAMILIES[f].items() for name in names
    ]
    for home, name in kernels:
        original = getattr(importlib.import_module(home), name)
        memo = memoised(original)
        for module in modules:
            if getattr(module, name, None) is original:
                setattr(module, name, memo)
                replaced += 1
    from vectorless_assets.text.word_cache import WordCache

    for name in CACHE_METHODS if "tokens" in families else ():
        method = getattr(WordCache, name)
        memo = memoised(lambda text, method=method, **kw: method(WordCache(), text, **kw))
        setattr(WordCache, name, lambda self, text, memo=memo, **kw: memo(text, **kw))
        replaced += 1
    return replaced


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--family",
        choices=[*FAMILIES, "none"],
        action="append",
        help="memoise only these (repeatable; none: the baseline, frozen the same way)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    from bench_speed import corpus_files, run_ours, sources_of

    families = tuple(f for f in args.family or FAMILIES if f != "none")
    replaced = patch_kernels(families)
    sources = sources_of(corpus_files())
    run_ours("deep", sources, 1)  # fills the memos
    gc.freeze()  # the memos (a measuring device) are not scanned by the collector
    result = run_ours("deep", sources, args.repeat)
    print(json.dumps({**result, "replaced": replaced}))


if __name__ == "__main__":
    main()
