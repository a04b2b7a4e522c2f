"""The documents sensor (start of issue 6): new or edited documents -> partitions, observations, runs.

Each tick lists the documents root, fingerprints every document and compares with the
cursor (JSON `{partition_key: fingerprint}`, ~80 B per document). For each new or changed
document it adds the partition (same `SensorResult`), reports an `AssetObservation` of
`source` with the fingerprint as data version, and requests one run for that partition
(`run_key = <partition>:<fingerprint>:<graph fingerprint>`, so a request is never repeated).
Documents that disappear are dropped from the cursor; their partitions and IR files stay
(deleting them is left to a later decision). A changed compile logic (a deploy) is not
handled here: rebuild with `vectorless compile` or a backfill (one run per document).
Stopped by default: start it in the UI (Automation) when `dagster dev` should follow edits.
"""

import json

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration import graph
from vectorless_assets.orchestration.partitions import DOCUMENTS, discover, partition_key_for
from vectorless_assets.orchestration.resources import DocumentsRoot
from vectorless_assets.pipeline.options import CompileOptions

SENSOR_NAME = "documents_sensor"


def build_documents_sensor(options: CompileOptions, *, interval_seconds: int = 30) -> dg.SensorDefinition:
    graph_fp = graph.graph_fingerprint(options)

    @dg.sensor(name=SENSOR_NAME, job_name=graph.COMPILE_JOB, minimum_interval_seconds=interval_seconds, default_status=dg.DefaultSensorStatus.STOPPED, description=__doc__.split("\n\n")[0])
    def documents_sensor(context: dg.SensorEvaluationContext, documents: DocumentsRoot) -> dg.SensorResult:
        seen: dict[str, str] = json.loads(context.cursor) if context.cursor else {}
        current: dict[str, str] = {}
        for key in discover(documents.path):
            try:
                current[partition_key_for(key)] = content_fingerprint(documents.read(key))
            except OSError as exc:
                context.log.warning(f"{key}: cannot read ({exc})")
        changed = sorted(k for k, fp in current.items() if seen.get(k) != fp)
        known = set(context.instance.get_dynamic_partitions(DOCUMENTS.name))
        new = [k for k in changed if k not in known]
        return dg.SensorResult(
            run_requests=[dg.RunRequest(run_key=f"{k}:{current[k]}:{graph_fp}", partition_key=k, tags={"vectorless/fingerprint": current[k]}) for k in changed],
            dynamic_partitions_requests=[DOCUMENTS.build_add_request(new)] if new else [],
            asset_events=[dg.AssetObservation(graph.SOURCE, partition=k, tags={"dagster/data_version": current[k]}) for k in changed],
            cursor=json.dumps(current, sort_keys=True, separators=(",", ":")),
        )

    return documents_sensor
