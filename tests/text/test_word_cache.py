"""The per-compile token cache: exact counts, each text tokenised once, one cache per compile."""

from __future__ import annotations

import random
from collections import Counter

from vectorless_assets import compile_document
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline import compile as compile_module
from vectorless_assets.text.word_cache import WordCache, merged
from vectorless_assets.text.words import is_keyword, split_words

TEXT = "The cache and the cache key: 2024 keys, a Cache — “keys” of the store."


def test_counts_are_those_of_split_words_and_keywords() -> None:
    cache = WordCache()
    expected = Counter(split_words(TEXT))
    assert list(cache.word_counts(TEXT).items()) == list(expected.items())
    assert list(cache.keyword_counts(TEXT).items()) == [
        (t, n) for t, n in expected.items() if is_keyword(t)
    ]


def test_a_text_read_for_keywords_still_gives_all_its_words() -> None:
    cache = WordCache()
    keywords = cache.keyword_counts(TEXT)
    assert keywords == {"cache": 3, "key": 1, "keys": 2, "store": 1}
    assert cache.word_counts(TEXT) == Counter(split_words(TEXT))  # keywords first, then the rest
    assert list(cache.word_counts(TEXT))[:4] == list(keywords)


def test_each_text_is_counted_once_and_shared_by_equal_texts() -> None:
    cache = WordCache()
    first = cache.keyword_counts(TEXT)
    assert cache.keyword_counts("".join(list(TEXT))) is first  # an equal string, another object
    words = cache.word_counts("Cache keys")
    assert cache.word_counts("Cache keys") is words
    assert cache.keyword_counts("Cache keys") == words  # derived from the kept counts
    assert len(cache) == 2


def test_merged_counts_equal_the_counts_of_the_joined_texts() -> None:
    cache = WordCache()
    titles = ["Cache keys", "Keys — and stores", "Stores"]
    parts = [cache.keyword_counts(t) for t in titles]
    assert list(merged(parts).items()) == list(cache.keyword_counts("\n".join(titles)).items())


def test_every_compile_gets_its_own_cache(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    made: list[PassContext] = []
    real = compile_module.PassContext

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(compile_module, "PassContext", spy)
    for _ in range(2):
        compile_document(
            b"# Cache\n\nThe cache keeps keys. Keys expire.\n", name="c.md", mode="deep"
        )
    assert len(made) == 2 and made[0].texts is not made[1].texts
    assert len(made[0].texts) > 0  # the passes shared it: leaf contents were counted once


def test_a_text_read_once_is_counted_without_being_kept() -> None:
    cache = WordCache()
    once = cache.keyword_counts(TEXT, keep=False)
    assert once == {"cache": 3, "key": 1, "keys": 2, "store": 1} and len(cache) == 0
    kept = cache.keyword_counts(TEXT)
    assert kept == once and len(cache) == 1 and cache.keyword_counts(TEXT, keep=False) is kept


def test_shared_word_memos_are_bounded_and_do_not_change_results(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The process-wide word memos are emptied by a new cache once over their limit, and a
    text's counts are the same with full, emptied or freshly filled memos."""
    from vectorless_assets.text import word_cache

    text = "The Kernel builds the kernel — naïve café: 42 builds"
    expected = (WordCache().word_counts(text), WordCache().keyword_counts(text))
    monkeypatch.setattr(word_cache, "SHARED_WORDS", 3)
    WordCache().keyword_counts("one two three four five six")
    assert len(word_cache._PIECES) > 3
    cache = WordCache()  # over the limit: emptied
    assert len(word_cache._WORDS) == 0 and len(word_cache._PIECES) == 0
    assert (cache.word_counts(text), WordCache().keyword_counts(text)) == expected
    assert list(WordCache().keyword_counts(text)) == ["kernel", "builds", "naïve", "café"]


def test_split_counts_keep_their_documented_order_on_random_texts() -> None:
    """Keywords are in first-occurrence order, a keyword-read text's other words follow
    alphabetically (the C-level split by flags equals the definition on random texts)."""
    rng = random.Random(7)
    pieces = [
        "The",
        "cache",
        "of",
        "2024",
        "a",
        "Keys",
        "key",
        "x",
        "naïve",
        "—",
        "東京都",
        "is",
        "Été",
        "über",
        "Ωmega",
        "ß",
        "İ",
        "zebra",
        "1st",
        "日本",
        "  ",
        "\n",
    ]
    for _ in range(200):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        counts = list(Counter(split_words(text)).items())
        keys = [(t, n) for t, n in counts if is_keyword(t)]
        others = sorted((t, n) for t, n in counts if not is_keyword(t))
        assert list(WordCache().keyword_counts(text, keep=False).items()) == keys
        cache = WordCache()
        assert list(cache.keyword_counts(text).items()) == keys
        assert list(cache.word_counts(text).items()) == keys + others
        words_first = WordCache()  # read in full first: the keywords are picked from the words
        assert list(words_first.word_counts(text).items()) == counts
        assert list(words_first.keyword_counts(text, keep=False).items()) == keys
        assert list(words_first.keyword_counts(text).items()) == keys


def test_keywords_read_from_pieces_are_the_shared_word_strings() -> None:
    """A text read for its keywords (straight from its UTF-8 pieces) holds the same string
    object per word as every other text's counts (`text.words.WordTable`)."""
    from vectorless_assets.text import word_cache

    cache = WordCache()
    first = cache.keyword_counts("Cache naïve 東京 keys of the cache")
    again = cache.keyword_counts("keys: naïve CACHE, 東京!", keep=False)
    assert list(first) == ["cache", "naïve", "東京", "keys"]
    assert all(a is b for a, b in zip(sorted(first), sorted(again), strict=True))
    assert all(word_cache._WORDS[w.encode()] is w for w in first)
    assert list(cache.word_counts("Cache naïve 東京 keys of the cache")) == [*first, "of", "the"]
