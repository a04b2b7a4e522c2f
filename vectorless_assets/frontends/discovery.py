"""Document discovery: what a document is, where it is, and its key; one rule set for all.

The CLI, the Dagster partitions, the documents sensor and the schedules all list documents
here, so they agree:

* a document is a file whose suffix a registered frontend claims (`frontends.registry`:
  `.md`, `.markdown`, `.txt`, `.pdf`, `.docx`); names starting with `.` (and everything in
  hidden folders) are skipped;
* its key is its path relative to the documents root, `/`-separated (`ir.identity`);
* nothing outside the root is ever read: a key with `..`, an absolute key, or a symbolic
  link whose target lies outside the root is refused (`locate`), and skipped when listing;
  links inside the root are followed (files) or not descended (folders, no loops);
* a file name that is not valid UTF-8 cannot be a key (doc ids and partition keys are
  text), nor can a path holding a backslash (a key reads `\\` as `/`, so `a\\b.md` would be
  `a/b.md`'s key and read that file): both are skipped and reported through `on_skip`, and
  refused when named on the command line (`expand`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from vectorless_assets.environment import ALLOW_MASS_DELETE, Environment
from vectorless_assets.frontends.registry import REGISTRY, Registry
from vectorless_assets.ir.identity import document_key

Skip = Callable[[str, str], None]


@dataclass(frozen=True)
class Found:
    """A document under a root: its key, size in bytes and modification time (ns)."""

    key: str
    size: int
    mtime_ns: int


def is_document(name: str, frontends: Registry = REGISTRY) -> bool:
    """True for a visible file name with a suffix a frontend reads."""
    base = os.path.basename(name)
    return not base.startswith(".") and os.path.splitext(base)[1].lower() in frontends.suffixes


def is_remote(root: str) -> bool:
    return "://" in root


def _inside(real_root: str, path: str) -> bool:
    real = os.path.realpath(path)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def locate(root: str, key: str) -> str:
    """The local path of document `key` under `root`; `ValueError` if it would leave the root
    or holds a backslash (`a\\b.md` is no key: it would read `a/b.md`, `key_problem`)."""
    parts = key.split("/")
    if not key or key.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\x00" in key:
        raise ValueError(f"{key!r} is not a document key under the documents root")
    if "\\" in key:
        raise ValueError(f"{key!r} is not a document key: {BACKSLASH}")
    path = os.path.join(root, *parts)
    if not _inside(os.path.realpath(root), path):
        raise ValueError(f"{key!r} leads outside the documents root (symbolic link?)")
    return path


#: Why a path holding a backslash is no document (`key_problem`).
BACKSLASH = (
    "file name holds a backslash, which a document key reads as a folder separator "
    "(rename the file)"
)


def key_problem(rel: str) -> str | None:
    """Why the path `rel` (relative to the documents root) cannot be a document key: a name
    that is not UTF-8, or a backslash (`a\\b.md` and `a/b.md` would share one key); None when
    it can."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return "file name is not valid UTF-8"
    return BACKSLASH if "\\" in rel else None


def _key_text(rel: str, on_skip: Skip | None) -> str | None:
    problem = key_problem(rel)
    if problem is None:
        return rel
    if on_skip is not None:
        on_skip(rel.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), problem)
    return None


def _walk_local(root: str, frontends: Registry, on_skip: Skip | None) -> Iterator[Found]:
    real_root = os.path.realpath(root)
    stack = [""]
    while stack:
        rel_dir = stack.pop()
        try:
            entries = list(os.scandir(os.path.join(root, rel_dir)))
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            if entry.is_dir(follow_symlinks=False):
                stack.append(rel)
            elif is_document(entry.name, frontends) and entry.is_file():
                if entry.is_symlink() and not _inside(real_root, entry.path):
                    if on_skip is not None:
                        on_skip(rel, "symbolic link to a file outside the documents root")
                    continue
                key = _key_text(rel, on_skip)
                if key is not None:
                    st = entry.stat()
                    yield Found(key, st.st_size, st.st_mtime_ns)


def _walk_remote(root: str, frontends: Registry, on_skip: Skip | None) -> Iterator[Found]:
    from upath import UPath

    base = UPath(root)
    for path in base.rglob("*"):
        rel = path.relative_to(base).as_posix()
        if (
            any(part.startswith(".") for part in rel.split("/"))
            or not is_document(path.name, frontends)
            or not path.is_file()
            or _key_text(rel, on_skip) is None
        ):
            continue
        st = path.stat()
        mtime = getattr(st, "st_mtime", 0) or 0
        yield Found(document_key(rel), int(getattr(st, "st_size", 0) or 0), int(mtime * 1e9))


def root_exists(root: str) -> bool:
    if is_remote(root):
        from upath import UPath

        return UPath(root).exists()
    return os.path.isdir(root)


def mass_deletion(
    deleted: int,
    known: int,
    env: Mapping[str, str] | None = None,
    *,
    held: str = "nothing was scanned or deleted",
) -> str | None:
    """Why retiring `deleted` of the `known` documents of a root is refused (None: it may go
    on): more than half of them, and at least two, unless `ALLOW_MASS_DELETE` is set. An
    empty or half-synced folder where the documents were lists them as deleted; the documents
    sensor's tick and `compile --prune` (`held`: what was held back) both ask here."""
    if Environment.read(env).allow_mass_delete or deleted < 2 or 2 * deleted <= known:
        return None
    return (
        f"{deleted} of {known} known documents are gone from the documents root: more than "
        f"half, so {held} (an unmounted or half-synced folder?); if they really went, set "
        f"{ALLOW_MASS_DELETE}=1"
    )


def walk(
    root: str | os.PathLike[str], frontends: Registry = REGISTRY, *, on_skip: Skip | None = None
) -> Iterator[Found]:
    """Every document under `root` (a local folder or a UPath URL), in no particular order."""
    text = os.fspath(root)
    if not root_exists(text):
        return iter(())
    return (
        _walk_remote(text, frontends, on_skip)
        if is_remote(text)
        else _walk_local(text, frontends, on_skip)
    )


def discover(
    root: str | os.PathLike[str], frontends: Registry = REGISTRY, *, on_skip: Skip | None = None
) -> list[str]:
    """Keys of every document under `root`, sorted."""
    return sorted(f.key for f in walk(root, frontends, on_skip=on_skip))


@dataclass(frozen=True)
class SourceRef:
    """A document named on the command line: its path and the root its key is relative to."""

    path: Path
    root: Path

    @property
    def key(self) -> str:
        return document_key(os.path.relpath(self.path, self.root))


def expand(
    paths: list[str],
    root: str | None = None,
    frontends: Registry = REGISTRY,
    *,
    on_skip: Skip | None = None,
) -> list[SourceRef]:
    """Expand files and folders named by a user into source references, in a stable order.

    Keys (and so doc_ids) are paths relative to `root`; without `root`, a folder argument is
    its own root (so `docs/a/index.md` and `docs/b/index.md` get keys `a/index.md` and
    `b/index.md`), and a file argument is keyed relative to the current directory when it lies
    inside it, else by its file name. A file named explicitly is taken whatever its suffix;
    with `root`, one whose real path lies outside the root (a link leaving it) is refused with
    a `ValueError`, as the Dagster path refuses its key.
    """
    refs: list[SourceRef] = []
    cwd = Path.cwd().resolve()
    for raw in paths:
        p = Path(raw).resolve()
        if p.is_dir():
            base = Path(root).resolve() if root else p
            refs.extend(SourceRef(p / key, base) for key in discover(p, frontends, on_skip=on_skip))
        else:
            if root:
                base = Path(root).resolve()
                if not p.is_relative_to(base):  # `R/linkdir/secret.md` whose real path leaves R
                    raise ValueError(
                        f"{raw}: outside the documents root {root} (its real path is {p})"
                    )
            elif p.is_relative_to(cwd):
                base = cwd
            else:
                base = p.parent
            if "\\" in os.path.relpath(p, base):  # `a\\b.md` named on the command line
                raise ValueError(f"{raw}: {BACKSLASH}")
            refs.append(SourceRef(p, base))
    return refs
