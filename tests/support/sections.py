"""Generated Markdown documents as a list of sections, and the edits a living document sees.

Used by the incremental-compilation tests and `benchmarks/speed/bench_incremental.py`. A document
is a list of `Section(level, title, body)`; every body is distinct (it names its section),
so sections differ unless a test makes them equal on purpose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "zeta",
    "theta",
    "kappa",
    "lambda",
    "sigma",
    "omega",
    "river",
    "stone",
    "cloud",
    "field",
]


@dataclass(frozen=True)
class Section:
    level: int
    title: str
    body: str


def paragraph(seed: int, words: int = 60) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) + str(rng.randrange(100)) for _ in range(words)) + "."


def generate(n: int, *, seed: int = 0, words: int = 60) -> list[Section]:
    """`n` sections: chapters (level 2) of three to four subsections (level 3)."""
    out: list[Section] = []
    for i in range(n):
        level = 2 if i % 4 == 0 else 3
        out.append(
            Section(
                level,
                f"Section {seed}.{i}",
                f"Section {seed}.{i} says: {paragraph(seed * 100_003 + i, words)}",
            )
        )
    return out


def render(sections: list[Section], title: str = "Living document") -> bytes:
    parts = [f"# {title}\n\nThis document changes over time.\n"]
    parts += [f"\n{'#' * s.level} {s.title}\n\n{s.body}\n" for s in sections]
    return "".join(parts).encode()


def edit(sections: list[Section], i: int, text: str = "An edited sentence.") -> list[Section]:
    return [replace(s, body=s.body + " " + text) if k == i else s for k, s in enumerate(sections)]


def insert(sections: list[Section], i: int, section: Section) -> list[Section]:
    return [*sections[:i], section, *sections[i:]]


def delete(sections: list[Section], i: int) -> list[Section]:
    return [s for k, s in enumerate(sections) if k != i]


def move(sections: list[Section], i: int, j: int) -> list[Section]:
    rest = delete(sections, i)
    return insert(rest, min(j, len(rest)), sections[i])


def rename(sections: list[Section], i: int, title: str) -> list[Section]:
    return [replace(s, title=title) if k == i else s for k, s in enumerate(sections)]


def relevel(sections: list[Section], i: int) -> list[Section]:
    return [replace(s, level=5 - s.level) if k == i else s for k, s in enumerate(sections)]
