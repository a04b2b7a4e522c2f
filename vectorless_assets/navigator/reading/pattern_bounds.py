"""Bounds on a `grep` pattern, checked before the `regex` engine compiles it.

The time budget of `grep` covers matching, not compiling, and compiling is where a nested
counted repeat explodes: `regex` expands `(?:x{4000}){4000}` into sixteen million items
(6 s and 4.3 GB), and `(?:x{65535}){65535}` grows until the OOM killer ends the process.
So a pattern from a user or an agent is measured first, by a scan of its text that needs no
compiling: at most `MAX_PATTERN_CHARS` characters, and at most `MAX_EXPANDED_ITEMS` items
once every counted repeat `{m,n}` is expanded (the product of nested counts: what the
compiled pattern holds). The scan errs on the large side (an alternation counts as the sum
of its branches, a character class as one item), so what it lets through compiles in
milliseconds and a few megabytes.
"""

from __future__ import annotations

import re

#: the longest pattern `grep` accepts (characters)
MAX_PATTERN_CHARS = 1000
#: the most items a pattern may hold once its counted repeats are expanded
MAX_EXPANDED_ITEMS = 20_000

_COUNT = re.compile(r"\{(\d*)(?:,(\d*))?\}")
_BRACED_ESCAPES = frozenset("pPNxuUg")


class PatternTooLarge(ValueError):
    """A pattern beyond the bounds: the message says which and by how much."""


def _skip_class(pattern: str, i: int) -> int:
    """The index after the character class that starts at `pattern[i]` ("[")."""
    i += 1
    if i < len(pattern) and pattern[i] == "^":
        i += 1
    if i < len(pattern) and pattern[i] == "]":  # a leading "]" is a literal
        i += 1
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if pattern.startswith("[:", i):  # a POSIX class, [:alpha:]
            end = pattern.find(":]", i + 2)
            i = end + 2 if end != -1 else i + 1
            continue
        if ch == "]":
            return i + 1
        i += 1
    return i


def expanded_items(pattern: str) -> int:
    """An upper estimate of the items `pattern` holds with every counted repeat expanded."""
    stack: list[list[int]] = [[0, 0]]  # per open group: [items so far, items of the last atom]
    i = 0
    while i < len(pattern):
        ch, frame = pattern[i], stack[-1]
        count = _COUNT.match(pattern, i) if ch == "{" else None
        if count is not None and (count.group(1) or count.group(2)):
            low, high = int(count.group(1) or 0), count.group(2)
            times = max(low, int(high) if high else low, 1)
            frame[0] += frame[1] * (times - 1)
            frame[1] *= times
            i = count.end()
            continue
        if ch == "(":
            stack.append([0, 0])
        elif ch == ")" and len(stack) > 1:
            inner = stack.pop()
            stack[-1][0] += inner[0]
            stack[-1][1] = inner[0]
        elif ch in "*+?|":
            pass  # a repeat that is not counted expands nothing; a branch adds its items
        else:
            if ch == "[":
                i = _skip_class(pattern, i)
            elif ch == "\\":
                braced = pattern[i + 1 : i + 2] in _BRACED_ESCAPES and pattern[i + 2 : i + 3] == "{"
                end = pattern.find("}", i + 3) if braced else -1
                i = end + 1 if end != -1 else i + 2
            else:
                i += 1
            frame[0] += 1
            frame[1] = 1
            continue
        i += 1
    while len(stack) > 1:  # an unclosed group: the engine refuses it, count it anyway
        inner = stack.pop()
        stack[-1][0] += inner[0]
    return stack[0][0]


def check_pattern(pattern: str) -> None:
    """Raise `PatternTooLarge` when `pattern` is longer than `MAX_PATTERN_CHARS` or expands to
    more than `MAX_EXPANDED_ITEMS` items (see the module)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PatternTooLarge(
            f"the pattern has {len(pattern):,} characters (at most {MAX_PATTERN_CHARS:,})"
        )
    items = expanded_items(pattern)
    if items > MAX_EXPANDED_ITEMS:
        raise PatternTooLarge(
            f"the pattern's counted repeats expand to about {items:,} items (at most "
            f"{MAX_EXPANDED_ITEMS:,}): use + or * instead of large {{m,n}} counts, "
            "especially nested ones"
        )
