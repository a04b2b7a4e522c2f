"""Generated docs match the code, and the README's test command is what CI runs."""

from __future__ import annotations

import re
from pathlib import Path

from vectorless_assets.ir.schema import document_json_schema_text
from vectorless_assets.pipeline.docs import passes_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_json_schema_is_published_and_current() -> None:
    published = (ROOT / "docs" / "ir.schema.json").read_text(encoding="utf-8")
    assert published == document_json_schema_text(), (
        "run: python -m vectorless_assets.pipeline.docs"
    )


def test_pass_docs_are_current() -> None:
    assert (ROOT / "docs" / "passes.md").read_text(encoding="utf-8") == passes_markdown(), (
        "run: python -m vectorless_assets.pipeline.docs"
    )


def test_readme_quick_start_is_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick, re.S)
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci
    assert "vectorless demo" in commands[0]


def _ci_command() -> str:
    """The command `.ci/run` runs after its "README's test command" comment."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    [i] = [n for n, line in enumerate(lines) if line.startswith("# The README's test command")]
    assert "tests/test_docs_in_sync.py" in lines[i], "the comment names the test that checks it"
    return lines[i + 1]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick, re.S)
    assert _ci_command() == commands[1]


def test_readme_is_a_front_door() -> None:
    """At most 120 lines, the asset graph embedded, and no pass count (docs/passes.md has it)."""
    from vectorless_assets.pipeline.table import TABLE

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 120
    assert "](docs/screenshots/asset-graph.png)" in readme and "```mermaid" in readme
    n = len(TABLE.passes)
    assert not re.search(rf"\b{n}\s+(compilation\s+)?passes|\ball {n}\b", readme)


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    text = heading.strip().lower().replace("`", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


DOC_PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_relative_link_of_the_readme_and_docs_resolves() -> None:
    broken = []
    for page in DOC_PAGES:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if "://" in target:
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists() or (anchor and anchor not in _anchors(file)):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def _variables_in_code() -> set[str]:
    """Every `VECTORLESS_*` variable named in the package (not prefixes such as `VECTORLESS_LLM_`
    or the component's default `llm_env_prefix`, `VECTORLESS_LLM`)."""
    names: set[str] = set()
    for f in (ROOT / "vectorless_assets").rglob("*.py"):
        names |= set(
            re.findall(r"VECTORLESS_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_])", f.read_text("utf-8"))
        )
    return names - {"VECTORLESS_LLM"}


def test_the_environment_table_lists_exactly_the_variables_the_code_reads() -> None:
    ops = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    section = ops.split("## Settings and environment variables", 1)[1].split("\n## ", 1)[0]
    rows = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert set(re.findall(r"VECTORLESS_[A-Z0-9_]*[A-Z0-9]", rows)) == _variables_in_code()


def test_the_commands_said_to_take_json_are_those_that_do() -> None:
    from vectorless_assets.cli import build_parser

    [sub] = [a for a in build_parser()._actions if a.dest == "command"]
    takes = {name for name, p in sub.choices.items() if "--json" in p._option_string_actions}
    ops = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    [paragraph] = [p for p in ops.split("\n\n") if " take `--json`" in p]
    some, rest = paragraph.split(" take `--json`")
    others = rest.split("; ", 1)[1].split(" do not")[0]
    assert set(re.findall(r"`(\w+)`", some)) == takes
    assert set(re.findall(r"`(\w+)`", others)) == set(sub.choices) - takes


def test_the_dagster_page_names_every_freshness_reason() -> None:
    from vectorless_assets.pipeline.freshness import REASONS

    dagster = (ROOT / "docs" / "dagster.md").read_text(encoding="utf-8")
    listed = dagster.split("`pipeline/freshness.py`, the first reason that", 1)[1][:200]
    assert [r for r in REASONS if r not in listed] == []


BENCHMARK_GROUPS = ("quality", "speed", "scale", "reliability")


def _benchmarks() -> list[Path]:
    """The benchmark scripts and helpers: the `.py` files of each group folder and of
    benchmarks/ itself (the groups' own sub-folders hold their data and generators)."""
    bench = ROOT / "benchmarks"
    return sorted({*bench.glob("*.py"), *bench.glob("*/*.py")})


def _readme_sections(readme: str) -> dict[str, str]:
    """Each group folder's part of benchmarks/README.md: its `## Name: `folder/`` section."""
    sections = {}
    for part in readme.split("\n## ")[1:]:
        heading = part.split("\n", 1)[0]
        for group in BENCHMARK_GROUPS:
            if heading.endswith(f"`{group}/`"):
                sections[group] = part
    return sections


def test_the_benchmarks_readme_names_every_benchmark() -> None:
    """A new benchmark (or helper) is listed in benchmarks/README.md with its question,
    command and last numbers, in the table of the group folder it sits in."""
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    sections = _readme_sections(readme)
    assert sorted(sections) == sorted(BENCHMARK_GROUPS)
    found = _benchmarks()
    assert len([p for p in found if p.name.startswith("bench_")]) >= 20
    folders = {p.parent.name for p in found} - {"benchmarks"}
    assert folders - set(BENCHMARK_GROUPS) == set(), "a folder without its README table"
    text = {group: sections[group] for group in folders} | {"benchmarks": readme}
    missing = [p.name for p in found if f"`{p.name}`" not in text[p.parent.name]]
    assert missing == []
