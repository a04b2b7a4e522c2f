"""No Dagster path reads outside the documents root (issue 11, item 2).

A partition key decodes to a document key by `~` -> `/` and percent-decoding; a key such as
`..~..~etc~passwd` (added in the UI, over GraphQL, or named in `recompile_documents`'
`documents:`) must fail with a clear message and read nothing. A symbolic link inside the
root pointing outside it is neither reported by the sensor nor compiled.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from tests.support.automation import QUIET, Harness
from vectorless_assets.orchestration.base.keys import COMPILE_JOB, PARTITIONS_NAME, RECOMPILE_JOB
from vectorless_assets.orchestration.jobs.recompile import batch_request

SECRET = "root:x:0:0:outside-the-documents-root"
EVIL = [
    "..~secret.md",
    "..~..~..~..~..~..~..~..~etc~passwd",
    "%2E%2E~secret.md",
    "sub~%2E%2E~%2E%2E~secret.md",
    "passwd.md",
]


@pytest.fixture
def harness(tmp_path: Path) -> Harness:
    h = Harness(tmp_path)
    (tmp_path / "secret.md").write_text(f"# Secret\n\n{SECRET}\n")
    h.write("good.md", "# Good\n\nA document inside the root.\n")
    (h.docs / "sub").mkdir()
    (h.docs / "passwd.md").symlink_to(tmp_path / "secret.md")
    return h


def _nothing_leaked(h: Harness) -> None:
    files = [p for p in h.ir.rglob("*") if p.is_file()] if h.ir.exists() else []
    assert not any(SECRET.encode() in p.read_bytes() for p in files), (
        "content from outside the root was stored"
    )


def _failure_text(result: dg.ExecuteInProcessResult) -> str:
    texts = []
    for event in result.all_events:
        if event.is_step_failure and event.step_failure_data.user_failure_data:
            texts.append(event.step_failure_data.user_failure_data.description or "")
        elif event.is_step_failure and event.step_failure_data.error:
            texts.append(event.step_failure_data.error.message)
    return " ".join(texts)


@pytest.mark.parametrize("key", EVIL)
def test_materializing_a_partition_outside_the_root_fails_and_reads_nothing(
    harness: Harness, key: str
) -> None:
    harness.instance.add_dynamic_partitions(PARTITIONS_NAME, [key])
    job = harness.defs.resolve_job_def(COMPILE_JOB)
    result = job.execute_in_process(
        instance=harness.instance, partition_key=key, run_config=QUIET, raise_on_error=False
    )
    assert not result.success
    assert "documents root" in _failure_text(result)
    _nothing_leaked(harness)


def test_recompile_documents_refuses_keys_outside_the_root(harness: Harness) -> None:
    job = harness.defs.resolve_job_def(RECOMPILE_JOB)
    request = batch_request([*EVIL, "good.md"], run_key=None)
    result = job.execute_in_process(
        instance=harness.instance, run_config={**QUIET, **request.run_config}, raise_on_error=False
    )
    assert not result.success
    failure = next(
        e for e in result.all_events if e.is_step_failure
    ).step_failure_data.user_failure_data
    assert failure.description == f"{len(EVIL)} of {len(EVIL) + 1} documents failed"
    assert all("documents root" in str(failure.metadata[k].value) for k in EVIL)
    assert (harness.ir).exists() and len(list(harness.ir.glob("*.bin"))) == 1  # good.md compiled
    _nothing_leaked(harness)


def test_sensor_ignores_a_link_leaving_the_root(harness: Harness) -> None:
    result = harness.tick()
    added = [
        k
        for r in result.dynamic_partitions_requests or []
        if isinstance(r, dg.AddDynamicPartitionsRequest)
        for k in r.partition_keys
    ]
    assert added == ["good.md"]
    for request in result.run_requests or []:
        harness.launch(request)
    assert harness.instance.get_dynamic_partitions(PARTITIONS_NAME) == ["good.md"]
    _nothing_leaked(harness)
