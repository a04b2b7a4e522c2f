"""The pure core (IR, passes, frontends, pipeline, navigator) never imports Dagster."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "vectorless_assets"
CORE = [
    "ir",
    "passes",
    "frontends",
    "pipeline",
    "navigator",
    "llm",
    "options.py",
    "locations.py",
    "text",
    "version.py",
]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_modules_do_not_import_dagster() -> None:
    offenders = []
    for entry in CORE:
        target = PKG / entry
        assert target.exists(), f"CORE names {entry}, which is not in the package"
        files = [target] if target.is_file() else sorted(target.rglob("*.py"))
        for f in files:
            if any(n == "dagster" or n.startswith(("dagster.", "dagster_")) for n in _imports(f)):
                offenders.append(str(f.relative_to(PKG)))
    assert offenders == []


def test_compiling_in_process_loads_no_dagster() -> None:
    code = (
        "import sys, vectorless_assets as v\n"
        "d = v.compile_document(b'# T\\n\\nbody\\n', name='t.md', mode='deep')\n"
        "from vectorless_assets.navigator import DocumentNavigator\n"
        "assert not [m for m in sys.modules if m == 'dagster' or "
        "m.startswith('dagster.')], 'dagster imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_the_package_has_no_side_effects(tmp_path: Path) -> None:
    code = (
        "import vectorless_assets, vectorless_assets.cli; import os; print(sorted(os.listdir('.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, check=True, capture_output=True, text=True
    )
    assert out.stdout.strip() == "[]"


#: The Dagster layer's parts, highest first (docs/dagster.md, "Layout of the Dagster layer"):
#: a module imports its own part and the parts after it, never one before it. `compile_paths`
#: sits beside `definitions`: it uses `jobs` and below, never `definitions` or `automation`.
LAYERS = [
    ("component",),
    ("definitions", "compile_paths"),
    ("automation",),
    ("jobs",),
    ("assets",),
    ("batch",),
    ("storage",),
    ("base",),
]
ORCH = PKG / "orchestration"


def _part(module: str) -> str | None:
    """The part of `vectorless_assets.orchestration.<part>...` (None: outside the layer)."""
    prefix = "vectorless_assets.orchestration."
    return module[len(prefix) :].split(".")[0] if module.startswith(prefix) else None


def _orchestration_imports(path: Path) -> set[str]:
    """The orchestration modules `path` imports (`from ...orchestration import x` as `x`)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "vectorless_assets.orchestration":
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update(_imports_of(node))
    return names


def _imports_of(node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    return {node.module} if node.module else set()


def test_the_dagster_layer_imports_flow_one_way() -> None:
    """component -> definitions (compile_paths beside it) -> automation -> jobs -> assets ->
    batch -> storage -> base: no module imports a part above its own, nor its neighbour
    beside it."""
    rank = {part: i for i, parts in enumerate(LAYERS) for part in parts}
    offenders = []
    for path in sorted(ORCH.rglob("*.py")):
        rel = path.relative_to(ORCH)
        own = rel.parts[0].removesuffix(".py")
        if own == "__init__":
            continue
        assert own in rank, f"{rel}: a part of orchestration/ that LAYERS does not place"
        for module in _orchestration_imports(path):
            other = _part(module)
            if other is None or other == own:
                continue
            if rank.get(other, -1) <= rank[own]:
                offenders.append(f"{rel} imports {module}")
    assert offenders == []
