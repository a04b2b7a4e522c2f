"""Words of the generated books: heading titles, people, body filler, roman numerals."""

from __future__ import annotations

import random


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


ROMAN = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
WORDS = _words(
    "law court state order public market theory claim rights reform evidence policy trade "
    "history method doctrine liability contract capital labour reason duty power science "
    "practice language culture memory family archive city empire river border contract "
    "principle structure function authority interest justice nature value conflict network"
)
FILLER = _words(
    "the of and a to in is that for it as was with be by on not this are or from at which "
    "but have an they more had one were their has been would there all so its when who may "
    "than other into these some could them only most between such over also after those "
    "while argument evidence question general particular period century account practice"
)
ADJ = _words("Early Modern Legal Public Private Common Critical Comparative Social Political")


def roman(n: int) -> str:
    out = ""
    for v, s in ROMAN:
        while n >= v:
            out, n = out + s, n - v
    return out


def title(rng: random.Random, words: int | None = None) -> str:
    n = words or rng.choice((2, 3, 3, 4, 5))
    ws = [rng.choice(WORDS) for _ in range(n)]
    if n >= 3 and rng.random() < 0.5:
        ws[1:1] = ["and"] if rng.random() < 0.5 else ["of"]
    t = " ".join(w if i and w in ("and", "of") else w.capitalize() for i, w in enumerate(ws))
    return f"{rng.choice(ADJ)} {t}" if rng.random() < 0.3 else t


def person(rng: random.Random) -> str:
    first = rng.choice(_words("Anna Boris Clara David Eva Felix Greta Hugo Ines Jonas Karin Lukas"))
    last = rng.choice(_words("Adler Brandt Castell Dorn Eckert Fuchs Graf Hahn Iser Jung Kraus"))
    return f"{first} {last}"
