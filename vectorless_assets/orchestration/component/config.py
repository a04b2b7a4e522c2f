"""The component's attribute checks and the environment it builds `Settings` from.

The YAML schema (`dg check yaml`, run first by `dg check defs`) catches a missing or
misspelled attribute, an unknown mode and a non-number where a number belongs; the checks
here (`automation.crons.check_cron`) run when the component loads and raise one-line
`ValueError`s naming the attribute. The LLM is never configured in YAML: `compiler_env` maps
the variables `<llm_env_prefix>_BASE_URL`, `_MODEL`, `_API_KEY` (and the limits, `_CACHE`)
onto the `VECTORLESS_LLM_*` names `Settings.from_env` reads, so a component is configured by
the one code path the standalone project uses.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from pydantic import ValidationError

#: the variables the standalone project reads the LLM from (`environment`, `llm.guard`)
LLM_ENV_PREFIX = "VECTORLESS_LLM"


class ComponentConfigError(ValueError):
    """A malformed attribute of a `DocumentCompilerComponent` (one line naming it)."""


def resolve_location(location: str, base: str | os.PathLike[str]) -> str:
    """A URL as given; a relative path against `base` (the host project's root)."""
    if "://" in location:
        return location
    path = os.path.expanduser(location)
    return path if os.path.isabs(path) else os.path.join(os.fspath(base), path)


def compiler_env(
    *,
    docs_dir: str,
    ir_dir: str,
    fields_dir: str | None,
    mode: str,
    llm_env_prefix: str = LLM_ENV_PREFIX,
    env: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The `VECTORLESS_*` mapping `Settings.from_env` reads for one compiler.

    Folders and mode come from the YAML; the LLM variables from `env` (default `os.environ`)
    under `llm_env_prefix` (`CONTRACTS_LLM_BASE_URL` -> `VECTORLESS_LLM_BASE_URL` for
    `llm_env_prefix: CONTRACTS_LLM`). Nothing else of `env` is passed on.
    """
    env = os.environ if env is None else env
    head = llm_env_prefix.rstrip("_") + "_"
    out = {
        "VECTORLESS_LLM_" + name[len(head) :]: value
        for name, value in env.items()
        if name.startswith(head)
    }
    out.update(VECTORLESS_DOCS_DIR=docs_dir, VECTORLESS_IR_DIR=ir_dir, VECTORLESS_MODE=mode)
    if fields_dir:
        out["VECTORLESS_FIELDS_DIR"] = fields_dir
    return out


_NESTED = re.compile(r"Resolver for field '(\w+)'")


def config_error(exc: BaseException) -> str | None:
    """One line naming the attribute a resolution error is about, e.g.
    `attributes.mode: Input should be 'fast', 'standard' or 'deep' (got 'bogus')`; None
    when no pydantic validation error is in the chain of `exc`.

    Dagster wraps an error of a nested attribute (`sensor: {interval_seconds: ten}`) in a
    resolution error naming the outer field; its name is put in front."""
    parents: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ValidationError):
            error = current.errors()[0]
            loc = ".".join([*parents, *(str(part) for part in error["loc"])])
            msg = str(error["msg"]).removeprefix("Value error, ")
            head = msg.split(":", 1)[0]
            if head == loc or head.startswith(loc + "."):  # our checks name the attribute already
                return f"attributes.{msg}"
            given = error.get("input")
            shown = isinstance(given, str | int | float | bool) and repr(given) not in msg
            return f"attributes.{loc}: {msg}" + (f" (got {given!r})" if shown else "")
        match = _NESTED.search(str(current))
        if match and (not parents or parents[-1] != match.group(1)):
            parents.append(match.group(1))
        current = current.__cause__ or current.__context__
    return None
