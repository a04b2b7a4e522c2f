"""Where vectorless keeps its files: the project-local folder, and beside an IR folder the
compiles' state, their per-document locks and the lasting LLM cache.

Every path both compile paths (in process and through Dagster) agree on is decided here, so
a compile of a document in process and one through Dagster into the same IR folder take the
same lock and share the same LLM cache. The `VECTORLESS_*` variables that choose the folders
are read by `environment`.
"""

from __future__ import annotations

import os
from pathlib import Path

from vectorless_assets.llm.cache import CACHE_FILE

#: The project-local folder of everything vectorless keeps (IRs, caches, the CLI's instance).
LOCAL_DIR = Path(".vectorless")
#: The folder inside a local IR folder of what compiles keep beside the IRs: the automation's
#: state file and the per-document lock files (`document_lock_path`).
STATE_SUBDIR = ".state"


def document_lock_path(state_dir: str | os.PathLike[str], doc_id: str) -> str:
    """The lock file of document `doc_id` in the state folder `state_dir`
    (`<IR folder>/.state` for a local IR folder): every compile of the document into that IR
    folder, in process or through Dagster, holds it from reading the previous IR to writing the
    new one (`orchestration.storage.locks.file_lock`), so two of them take turns."""
    return os.path.join(os.fspath(state_dir), "locks", f"{doc_id}.lock")


def cache_path_for(ir_dir: str | os.PathLike[str], setting: str | None = None) -> str | None:
    """Where the lasting cache lives: `setting` ("off" / "" = no cache; a path), else beside a
    local IR folder (`<ir_dir>/.cache/llm.sqlite`), else per machine for a remote one
    (`./.vectorless/cache/llm.sqlite`)."""
    if setting is not None and setting.strip().lower() in ("", "off", "none", "0", "false"):
        return None
    if setting:
        return os.path.abspath(os.path.expanduser(setting))
    base = os.fspath(ir_dir)
    if "://" in base:
        return os.path.abspath(os.path.join(LOCAL_DIR, "cache", "llm.sqlite"))
    return os.path.join(os.path.abspath(base), CACHE_FILE)
