"""A memo for values that are pure functions of the (frozen) compile options.

`OptionsMemo` keeps such values for the last `_MEMO_SIZE` options (keyed by `options_key`):
the pass table's code versions (`tablespec.PassTable.code_versions`) and the logic
fingerprint (`assemble.logic_fingerprint`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from vectorless_assets.options import CompileOptions

T = TypeVar("T")

#: How many distinct options each memo keeps values for.
_MEMO_SIZE = 64


def options_key(options: CompileOptions) -> tuple[object, ...]:
    """A memo key for values that are pure functions of `options`' canonical JSON: the
    (frozen) options with the type of each value (1 and 1.0 are equal but print apart)."""
    return (options, *map(type, options.__dict__.values()))


class OptionsMemo(Generic[T]):
    """Values that are pure functions of the (frozen) options, kept for the last
    `_MEMO_SIZE` options (keyed by `options_key`).

    The options object last asked about is answered without building its key (hashing
    every option): a compile asks about its one options object several times.
    """

    def __init__(self) -> None:
        self._values: dict[tuple[object, ...], T] = {}
        self._last: tuple[CompileOptions, T] | None = None

    def get(self, options: CompileOptions, compute: Callable[[], T]) -> T:
        """The memoised value for `options`, computed by `compute` the first time."""
        last = self._last
        if last is not None and last[0] is options:
            return last[1]
        key = options_key(options)
        if key not in self._values:
            if len(self._values) >= _MEMO_SIZE:
                self._values.clear()
            self._values[key] = compute()
        value = self._values[key]
        self._last = (options, value)
        return value
