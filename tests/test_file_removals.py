"""Issue 35, "Done when": every call in the package that renames, moves or deletes a file is on
one allow-list, each with the check that makes its target the project's own kind of file in
the project's own folders.

The package is scanned (AST): `os.replace/rename/renames/unlink/remove/rmdir/removedirs`,
`shutil.move/rmtree` (also imported by name), and the path methods `.unlink()`,
`.rename()`, `.rmdir()`, `.rmtree()`, `.rm()`, `.rm_file()`, `.mv()`, `.move()` and a
one-argument `.replace(target)` (`str.replace` takes two). A new call site fails this test
until it is listed here; a listed one that is gone fails it too; and each entry's check must
still be in the source of the function that makes the call.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "vectorless_assets"
MODULE_CALLS = {
    "os": {"replace", "rename", "renames", "unlink", "remove", "rmdir", "removedirs"},
    "shutil": {"move", "rmtree"},
}
METHODS = {"unlink", "rename", "rmdir", "rmtree", "rm", "rm_file", "mv", "move"}


@dataclass(frozen=True)
class Allowed:
    """`check`: source text that must be in the calling function; `why`: what it ensures."""

    check: str
    why: str


#: (module, function, call) -> the check that keeps the call to the project's own files
ALLOWED: dict[tuple[str, str, str], Allowed] = {
    ("ir/durable.py", "atomic_write_bytes", "os.replace(tmp, target)"): Allowed(
        "if target.is_symlink() or (target.exists() and not target.is_file()):",
        "IR writes: the temporary file is made here (mkstemp, `.tmp`, in the target's folder) "
        "and replaces a regular file only, never a folder, device, FIFO or link",
    ),
    ("ir/durable.py", "atomic_write_bytes", "Path(tmp).unlink(missing_ok=True)"): Allowed(
        'fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)',
        "a failed IR write removes the temporary file it made itself",
    ),
    ("ir/persist.py", "retire_ir", "path.rename(target)"): Allowed(
        "if path.suffix != IR_SUFFIX or path.parent.name == DELETED_SUBDIR:",
        "IR retirement (sensor, `--prune`): only a served `*.bin` IR, into its folder's "
        "`.deleted/`",
    ),
    (
        "llm/cache_files.py",
        "CacheFiles.move_aside",
        "os.replace(self.path + suffix, aside + suffix)",
    ): Allowed(
        "if not stat.S_ISREG(os.lstat(self.path + suffix).st_mode):",
        "the cache move-aside: regular files only, which `check` found to be the project's "
        "own cache (default place or SQLite header) and SQLite found damaged",
    ),
    (
        "orchestration/storage/doc_state.py",
        "_move_aside",
        "os.replace(path + suffix, target + suffix)",
    ): Allowed(
        "stat.S_ISREG(os.lstat(path + suffix).st_mode)",
        "the automation state file (`<ir>/.state/documents.sqlite`) moved aside when damaged: "
        "regular files only",
    ),
    (
        "orchestration/storage/io_manager.py",
        "FieldStore.remove_partition",
        "target.unlink()",
    ): Allowed(
        "target = self.location(name, partition_key)",
        "field deletes: `<fields_dir>/<field>/<partition>.json`, built from the store's own "
        "folder and a field name, never a path from outside",
    ),
    ("orchestration/storage/io_manager.py", "FieldStore.write", "os.replace(tmp, local)"): Allowed(
        'fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=os.path.dirname(local))',
        "field writes: a temporary file made here replaces the field's own `.json` "
        "(`self.location`)",
    ),
    ("orchestration/storage/io_manager.py", "FieldStore.write", "os.unlink(tmp)"): Allowed(
        'fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=os.path.dirname(local))',
        "a failed field write removes the temporary file it made itself",
    ),
    ("orchestration/storage/locks.py", "_take_over", "os.unlink(path)"): Allowed(
        "if path.endswith(LOCK_SUFFIX) and _same_file(fd, path):",
        "lock take-over: a `.lock` file, still the one whose recorded holder is gone, under "
        "the lock of its folder",
    ),
}


def _is_mutation(call: ast.Call, imported: dict[str, str]) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        module = imported.get(func.id)
        return module is not None
    if not isinstance(func, ast.Attribute):
        return False
    if isinstance(func.value, ast.Name) and func.value.id in MODULE_CALLS:
        return func.attr in MODULE_CALLS[func.value.id]
    if func.attr in METHODS:
        return True
    return func.attr == "replace" and len(call.args) == 1 and not call.keywords


def _calls(path: Path) -> list[tuple[str, str, str]]:
    """(function qualname, call source, the function's source) of each mutation in `path`."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    imported = {
        alias.asname or alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in MODULE_CALLS
        for alias in node.names
        if alias.name in MODULE_CALLS[node.module]
    }
    found: list[tuple[str, str, str]] = []

    def visit(node: ast.AST, names: list[str], scope: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                visit(child, [*names, child.name], child)
                continue
            if isinstance(child, ast.Call) and _is_mutation(child, imported):
                where = ast.get_source_segment(text, scope) if scope is not tree else text
                found.append((".".join(names) or "<module>", ast.unparse(child), where or ""))
            visit(child, names, scope)

    visit(tree, [], tree)
    return found


def _scan() -> dict[tuple[str, str, str], str]:
    sites: dict[tuple[str, str, str], str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for qualname, call, scope in _calls(path):
            rel = path.relative_to(PACKAGE).as_posix()
            sites[(rel, qualname, call)] = " ".join(scope.split())
    return sites


def test_every_file_rename_move_or_delete_is_allow_listed_with_its_check() -> None:
    sites = _scan()
    unlisted = sorted(set(sites) - set(ALLOWED))
    assert not unlisted, (
        "a new call renames, moves or deletes a file: list it in ALLOWED with the check that "
        f"keeps it to the project's own files: {unlisted}"
    )
    gone = sorted(set(ALLOWED) - set(sites))
    assert not gone, f"listed call sites that no longer exist: {gone}"
    for site, allowed in ALLOWED.items():
        assert " ".join(allowed.check.split()) in sites[site], (
            f"{site}: its check {allowed.check!r} is no longer in the calling function"
        )


def test_the_scan_finds_what_it_must(tmp_path: Path) -> None:
    source = (
        "import os, shutil\nfrom os import remove as rm_it\n"
        "def f(p, s):\n"
        "    os.unlink(p); shutil.rmtree(p); rm_it(p); p.rename(s); p.replace(s)\n"
        "    s.replace('a', 'b'); [1].remove(1); dataclasses.replace(p, x=1)\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source)
    calls = [call for _, call, _ in _calls(path)]
    assert calls == ["os.unlink(p)", "shutil.rmtree(p)", "rm_it(p)", "p.rename(s)", "p.replace(s)"]
