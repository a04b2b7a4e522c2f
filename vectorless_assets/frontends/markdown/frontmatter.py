"""A fast path for trivial YAML front matter: lines of ``key: value`` read without PyYAML.

Most front matter is a handful of ``title: Foo`` / ``sort_rank: 3`` lines, and
`yaml.safe_load` spends ~0.6 ms on each block (about a tenth of a small file's fast compile).
`simple_mapping` reads such a block itself, but only where the result is provably what
`yaml.safe_load` returns, and answers None (use PyYAML) otherwise:

* every line is empty or ``key: value`` in column 0, ASCII only, the key a word
  of at most 128 characters (``[A-Za-z_][A-Za-z0-9_-]*``; PyYAML
  limits a simple key to 1024), one or more spaces after the colon, the value a single-line
  plain scalar from a conservative character set (no ``:``, ``#``, quotes, brackets, tabs or
  other YAML indicators; it starts with a letter or digit and ends with a non-space), or a
  single-line quoted scalar with no escapes: ``"..."`` holding printable ASCII but ``"`` and
  ``\\``, or ``'...'`` holding printable ASCII but ``'`` (a quoted scalar is always the
  string between its quotes, as written: YAML resolves no tag for it and folds no line);
* the key and the value are what PyYAML's own implicit resolver (the one `SafeLoader` uses)
  tags as strings, except a value in canonical decimal (``0`` or ``[1-9][0-9]*``), which is
  the int PyYAML makes of it; anything else it would resolve (booleans such as ``yes``/``on``,
  null, floats, dates, octal, sexagesimal...) falls back to PyYAML;
* a repeated key keeps its first position and its last value, as PyYAML's dict does.

Tested equal (values and their types) to `yaml.safe_load` on random blocks built from the
characters that matter to YAML.
"""

from __future__ import annotations

import re

import yaml

_LINE = re.compile(
    r"([A-Za-z_][A-Za-z0-9_-]{0,127}): +(?:"
    r"([A-Za-z0-9](?:[A-Za-z0-9 _.,/()'+=?!;&*%$~^-]*[A-Za-z0-9_.,/()'+=?!;&*%$~^-])?)"  # plain
    r"|\"([ !#-\[\]-~]*)\""  # double-quoted, no escapes
    r"|'([ -&(-~]*)')"  # single-quoted
)
_DECIMAL = re.compile(r"0|[1-9][0-9]*")
_RESOLVER = yaml.resolver.Resolver()
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


def _tag(text: str) -> str:
    """The tag PyYAML's implicit resolver gives the plain scalar `text`."""
    return _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))


def simple_mapping(raw: str) -> dict[str, str | int] | None:
    """`yaml.safe_load(raw)` for a block of trivial ``key: value`` lines, else None."""
    if not raw.isascii():
        return None
    out: dict[str, str | int] = {}
    for line in raw.split("\n"):
        if not line:
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            return None
        key, value, double, single = m.groups()
        if _tag(key) != _STR:
            return None
        quoted = double if double is not None else single
        if quoted is not None:
            out[key] = quoted
            continue
        tag = _tag(value)
        if tag == _STR:
            out[key] = value
        elif tag == _INT and _DECIMAL.fullmatch(value):
            out[key] = int(value)
        else:
            return None
    return out or None
