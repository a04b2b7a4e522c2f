"""LLM usage is counted per document in batched runs (issue 11, item 7).

`recompile_documents` compiles several documents in one op; each gets its own pass context,
so `meta.llm_calls` of an IR (and `document_ir`'s data version) does not depend on the
document's position in the batch: it equals what a run of that document alone records.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.automation import QUIET, Harness
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.jobs.recompile import batch_request

BODY = " ".join(
    f"Sentence {i} explains the storage engine and its write-ahead log in detail."
    for i in range(10)
)
DOCS = {
    "one.md": f"# Storage\n\n{BODY}\n",
    "two.md": f"# Storage\n\n{BODY}\n\n# Replication\n\n{BODY}\n",
    "three.md": f"# Storage\n\n{BODY}\n\n# Replication\n\n{BODY}\n\n## Lag\n\n{BODY}\n",
}


def _harness(path: Path, base_url: str) -> Harness:
    path.mkdir()
    settings = Settings.create(
        docs_dir=path / "docs",
        ir_dir=path / "ir",
        options=CompileOptions(mode="standard", llm_model="fake-1"),
        llm_base_url=base_url,
    )
    h = Harness(path, settings)
    for name, text in DOCS.items():
        h.write(name, text)
    h.instance.add_dynamic_partitions(PARTITIONS_NAME, list(DOCS))
    return h


def _calls(h: Harness) -> dict[str, int]:
    return {name: load_ir(h.ir / f"{key_to_doc_id(name)}.bin").meta.llm_calls for name in DOCS}


def test_batched_run_counts_llm_calls_per_document(tmp_path: Path) -> None:
    with FakeLLMServer() as srv:
        alone = _harness(tmp_path / "alone", srv.base_url)
        job = alone.defs.resolve_job_def(COMPILE_JOB)
        for name in DOCS:
            assert job.execute_in_process(
                instance=alone.instance, partition_key=name, run_config=QUIET
            ).success
        batched = _harness(tmp_path / "batched", srv.base_url)
        config = batch_request(list(DOCS), run_key=None).run_config
        assert (
            batched.defs.resolve_job_def(RECOMPILE_JOB)
            .execute_in_process(instance=batched.instance, run_config={**QUIET, **config})
            .success
        )
    expected = _calls(alone)
    assert all(n > 0 for n in expected.values())  # a shared context would give running totals
    assert _calls(batched) == expected
    assert srv.requests == 2 * sum(expected.values())
