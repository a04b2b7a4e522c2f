"""Choosing lexicons by name: `load_lexicons(spec)` and the default.

A spec is a comma-separated list of lexicons: ``"finance"`` (built in), ``"none"`` or an
empty string (no lexicon: the ranking uses no domain knowledge), or ``"package.module:NAME"``
for one's own (`NAME`: a `Lexicon`, such as a `GlossaryLexicon`, or a sequence of them).
The CLI and the MCP server take theirs from `VECTORLESS_LEXICONS`, read by
`environment.Environment.lexicons`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache

from vectorless_assets.navigator.lexicons.interface import Lexicon, Lexicons
from vectorless_assets.navigator.views import NavigationError

#: The lexicons used when none are chosen (rankings as they always were).
DEFAULT_SPEC = "finance"
#: What `lexicons=` accepts: a lexicon, several, a spec, or None for the default.
LexiconChoice = Lexicon | Sequence[Lexicon] | str | None


class LexiconError(NavigationError, ValueError):
    """A lexicon spec that names no lexicon (the CLI and the MCP server report it as they
    report any navigation error)."""


#: Built-in lexicons by name: where each lives, loaded like one's own (no import until asked).
BUILT_IN: dict[str, str] = {"finance": "vectorless_assets.navigator.lexicons.finance:FINANCE"}


def _load(spec: str) -> list[Lexicon]:
    module_name, _, attr = spec.partition(":")
    try:
        value = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise LexiconError(f"lexicon {spec!r} cannot be loaded: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a module that fails on import is one line too
        raise LexiconError(
            f"lexicon {spec!r} cannot be loaded: its module raised {type(exc).__name__}: {exc}"
        ) from None
    found = list(value) if isinstance(value, list | tuple) else [value]
    if not found or not all(isinstance(v, Lexicon) for v in found):
        raise LexiconError(
            f"lexicon {spec!r} is not a Lexicon (read, section_kinds, shown_years and a name)"
        )
    return found


def load_lexicons(spec: str) -> Lexicons:
    """The lexicons a spec names (see the module docstring), in its order."""
    members: list[Lexicon] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part or part.lower() == "none":
            continue
        if part.lower() in BUILT_IN:
            members.extend(_load(BUILT_IN[part.lower()]))
        elif ":" in part and all(part.partition(":")[::2]):
            members.extend(_load(part))
        else:
            raise LexiconError(
                f"unknown lexicon {part!r}: use {', '.join(sorted(BUILT_IN))}, 'none', "
                "or 'package.module:NAME' for your own"
            )
    return Lexicons(tuple(members))


@lru_cache(maxsize=1)
def default_lexicons() -> Lexicons:
    """The lexicons of `DEFAULT_SPEC`."""
    return load_lexicons(DEFAULT_SPEC)


def as_lexicons(choice: LexiconChoice) -> Lexicons:
    """Lexicons from what a `lexicons=` parameter was given (None: the default)."""
    if choice is None:
        return default_lexicons()
    if isinstance(choice, Lexicons):
        return choice
    if isinstance(choice, str):
        return load_lexicons(choice)
    if isinstance(choice, Lexicon):
        return Lexicons((choice,))
    return Lexicons(tuple(choice))
