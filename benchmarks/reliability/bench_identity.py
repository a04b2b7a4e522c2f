"""Identity harness: what a no-behaviour-change refactor must leave byte-identical.

A fingerprint of everything a user or agent sees, taken by one command before and after a
refactor (issue 30) and compared:

* **IRs**: every bundled sample in fast and deep mode, deep also with the fake LLM from
  `tests/support/fake_llm.py` on 127.0.0.1 (so the LLM passes' prompts and their use of the
  answers count), and with the corpus present the Markdown and PDF documents listed in
  `CORPUS` in fast mode. Each IR is hashed as canonical JSON without the timestamps and
  durations in `meta` (`VOLATILE`); `doc_id` and `document_key` are kept and listed.
* **Rankings**: `DocumentNavigator.locate(question, k=5)` (node ids and focus pages) for the
  FinanceBench questions over their filings and for every sample's section titles used as
  questions; `Catalog.locate` across the folder of samples.
* **MCP**: the served tools' names, descriptions and input schemas, and a fixed transcript
  of calls (`TRANSCRIPT`) over the folder of sample IRs.
* **Dagster**: every asset key of the default code location with its code version, and
  the names of its jobs, sensors, schedules and asset checks.
* **CLI**: the text and `--json` output of `compile` (through Dagster and in process), `ls`
  and `toc`, kept as masked text (`identity_cli.py`) so that a difference reads as one.

Documents are compiled from a copy under a temporary root, so paths in the IR do not depend
on the checkout's location. Run from the project root:

    python benchmarks/reliability/bench_identity.py --write \
        benchmarks/reliability/baselines/identity.json
    python benchmarks/reliability/bench_identity.py --check [--baseline FILE] \
        [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.reliability.identity_cli import cli_part, definitions_part  # noqa: E402
from tests.support.fake_llm import FakeLLMServer  # noqa: E402
from vectorless_assets import compile_document, save_ir  # noqa: E402
from vectorless_assets.llm.openai import OpenAICompatibleClient  # noqa: E402
from vectorless_assets.navigator import Catalog, DocumentNavigator  # noqa: E402

SAMPLES = ROOT / "vectorless_assets" / "samples"
BASELINE = ROOT / "benchmarks" / "reliability" / "baselines" / "identity.json"
VOLATILE = {"created_at", "modified_at", "pass_durations_ms", "processing_duration_ms"}
CORPUS = [
    "md/system-design-primer/README.md",
    "md/large/rust-book-all-in-one.md",
    "pdf/debian/debian-reference-en__debian-reference.en.pdf",
    "pdf/debian/developers-reference__developers-reference.pdf",
    "pdf/debian/r-doc-pdf__R-intro.pdf",
    "pdf/debian/python-reportlab-doc__reportlab-userguide.pdf",
    "pdf/debian/xorg-docs__xlfd.pdf",
    "pdf/public-domain/RegBI_interpretive_release.pdf",
]
TRANSCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("list_documents", {}),
    ("list_documents", {"query": "incident severity"}),
    ("toc", {"doc": "field-guide"}),
    ("toc", {"doc": "glossary-ja"}),
    ("open_node", {"doc": "field-guide", "node": "0002"}),
    ("read_text", {"doc": "incident-runbook", "node": "0003"}),
    ("find", {"query": "severity"}),
    ("find", {"query": "alerts", "doc": "field-guide"}),
    ("grep", {"pattern": "deploy[a-z]+"}),
    ("locate", {"query": "who decides the severity of an incident"}),
    ("locate", {"query": "configure alerts in lantern.yaml", "doc": "field-guide"}),
    ("similar", {"doc": "field-guide", "node": "0003"}),
    ("chains", {"doc": "incident-runbook"}),
    ("evidence", {"items": [{"doc": "incident-runbook", "node": "0003"}]}),
    ("open_node", {"doc": "no-such-document", "node": "0001"}),
]


WORK = ["<none>"]  # the temporary root of this run, written as <work> in what is hashed


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    text = text.replace(WORK[0], "<work>")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def stable(doc: Any) -> dict[str, Any]:
    data = doc.model_dump(mode="json")
    data["meta"] = {k: v for k, v in data["meta"].items() if k not in VOLATILE}
    return data


def ir_entry(doc: Any) -> dict[str, Any]:
    data = stable(doc)
    return {
        "doc_id": data["doc_id"],
        "document_key": data.get("document_key"),
        "ir": digest(data),
        **{f: digest(data.get(f)) for f in ("tree", "nav_index", "reasoning_index", "meta")},
    }


def hits(nav: DocumentNavigator, question: str) -> list[Any]:
    return json.loads(json.dumps(nav.locate(question, k=5), default=str))


def compile_samples(work: Path) -> tuple[dict[str, Any], dict[str, Any], Path]:
    """Samples in three modes; the deep IRs (no LLM) saved to a folder for MCP and catalog."""
    root, folder = work / "samples", work / "irs"
    shutil.copytree(SAMPLES, root)
    folder.mkdir()
    irs, rankings, ids = {}, {}, {}
    with FakeLLMServer(delay=0.0) as srv:
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        for path in sorted(root.iterdir()):
            for label, mode, client in (
                ("fast", "fast", None),
                ("deep", "deep", None),
                ("deep+llm", "deep", llm),
            ):
                doc = compile_document(path, mode=mode, root=root, llm=client)
                irs[f"{path.name}:{label}"] = ir_entry(doc)
                if label == "deep":
                    save_ir(doc, folder / f"{doc.doc_id}.bin")
                    ids[path.stem] = doc.doc_id
                    nav = DocumentNavigator(doc)
                    titles = [n.title for n in doc.tree.nodes if n.title][:12]
                    rankings[path.name] = {t: hits(nav, t) for t in titles}
    return irs, rankings, folder, ids


def with_ids(value: Any, ids: dict[str, str]) -> Any:
    """`TRANSCRIPT` names documents by sample stem; the tools take doc_ids."""
    if isinstance(value, dict):
        return {k: with_ids(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [with_ids(v, ids) for v in value]
    return ids.get(value, value) if isinstance(value, str) else value


def corpus_part(corpus: Path, work: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    irs, rankings = {}, {}
    for rel in CORPUS:
        src = corpus / rel
        if src.exists():
            dst = work / "corpus" / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)
            irs[rel] = ir_entry(compile_document(dst, mode="fast", root=work / "corpus"))
    qa = corpus / "qa" / "financebench-dev.jsonl"
    if qa.exists():
        docs: dict[str, DocumentNavigator] = {}
        for line in qa.read_text().splitlines():
            q = json.loads(line)
            name = q["doc_name"] + ".pdf"
            if name not in docs:
                src = corpus / "pdf" / "financebench" / name
                dst = work / "fb" / name
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(src, dst)
                doc = compile_document(dst, mode="fast", root=dst.parent)
                irs[f"financebench/{name}"] = ir_entry(doc)
                docs[name] = DocumentNavigator(doc)
            rankings[q["financebench_id"]] = hits(docs[name], q["question"])
    return irs, rankings


def mcp_part(folder: Path, ids: dict[str, str]) -> dict[str, Any]:
    from vectorless_assets.mcp_server import build_server

    server = build_server(folder)

    async def run() -> dict[str, Any]:
        tools = await server.list_tools()
        listed = {
            t.name: {"description": t.description, "schema": t.input_schema}
            for t in sorted(tools, key=lambda t: t.name)
        }
        calls = []
        for _attempt in range(200):  # the folder is indexed in the background
            first = await server.call_tool("list_documents", {})
            if json.loads(first.content[0].text)["total"] == len(ids):
                break
            await anyio.sleep(0.05)
        for name, args in TRANSCRIPT:
            try:
                result = await server.call_tool(name, with_ids(args, ids))
                out = json.loads(result.content[0].text)
            except Exception as exc:  # an error answer is part of the transcript too
                out = {"error": type(exc).__name__, "text": str(exc)}
            calls.append({"tool": name, "args": args, "result": digest(out)})
        return {"tools": digest(listed), "tool_names": sorted(listed), "calls": calls}

    return anyio.run(run)


def dagster_part() -> dict[str, Any]:
    from vectorless_assets.orchestration.definitions import defs

    graph = defs().resolve_asset_graph()
    return {
        key.to_user_string(): graph.get(key).code_version
        for key in sorted(graph.get_all_asset_keys(), key=lambda k: k.to_user_string())
    }


def fingerprint(corpus: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        WORK[0] = str(work)
        irs, rankings, folder, ids = compile_samples(work)
        catalog = Catalog(folder)
        rankings["catalog"] = json.loads(
            json.dumps(catalog.locate("how to escalate an incident", k=5), default=str)
        )
        mcp = mcp_part(folder, ids)
        cli = cli_part(work)
        if corpus.exists():
            more_irs, more_rankings = corpus_part(corpus, work)
            irs.update(more_irs)
            rankings.update(more_rankings)
    return {
        "irs": irs,
        "rankings": {k: digest(v) for k, v in rankings.items()},
        "mcp": mcp,
        "code_versions": dagster_part(),
        "definitions": definitions_part(),
        "cli": cli,
    }


def compare(old: Any, new: Any, path: str = "") -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k in sorted(set(old) | set(new)):
            if k not in new:
                out.append(f"{path}/{k}: missing now")
            elif k not in old:
                out.append(f"{path}/{k}: not in the baseline")
            else:
                out += compare(old[k], new[k], f"{path}/{k}")
        return out
    return [] if old == new else [f"{path}: {old!r} -> {new!r}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write the fingerprint to this file")
    group.add_argument("--check", action="store_true", help="compare with --baseline")
    args = parser.parse_args(argv)

    now = fingerprint(args.corpus)
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"wrote {args.write}: {len(now['irs'])} IRs, {len(now['rankings'])} rankings")
        return 0
    base = json.loads(args.baseline.read_text())
    if not args.corpus.exists():  # compare only what this machine can compute
        base["irs"] = {k: v for k, v in base["irs"].items() if k in now["irs"]}
        base["rankings"] = {k: v for k, v in base["rankings"].items() if k in now["rankings"]}
    diffs = compare(base, now)
    for line in diffs:
        print("DIFFERS", line)
    n = len(now["irs"]), len(now["rankings"]), len(now["mcp"]["calls"]), len(now["code_versions"])
    verdict = "IDENTICAL" if not diffs else f"{len(diffs)} differences"
    print(f"{verdict}: {n[0]} IRs, {n[1]} rankings, {n[2]} MCP calls, {n[3]} code versions")
    return 0 if not diffs else 1


if __name__ == "__main__":
    raise SystemExit(main())
