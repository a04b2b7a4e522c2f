"""The GraphQL queries the Dagster UI (dagster-webserver 1.13.27) sends for a partitioned
asset's page, timed over HTTP against a running webserver (`bench_100k.py`).

The texts are the UI's, from its JavaScript bundle (`dagster_webserver/webapp/build/_next/
static/chunks/2093.*.js`), with their fragments inlined and fields no partition view reads
left out (owners, automation, freshness policy): what makes them cost at many partitions
(partition keys, partition statuses, health counts) is kept as the UI asks for it.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

#: the asset page's header (AssetViewDefinitionQuery, partition fields)
DEFINITION = """query AssetViewDefinitionQuery($assetKey: AssetKeyInput!) {
  assetOrError(assetKey: $assetKey) { ... on Asset { id key { path } hasDefinitionOrRecord
    assetMaterializations(limit: 1) { timestamp runId }
    definition { id opVersion groupName isExecutable
      partitionDefinition { description dimensionTypes { type dynamicPartitionsDefinitionName } }
      partitionKeysByDimension { name } } } } }"""
#: the Partitions tab, the asset graph's partition bar and the launch dialog (verbatim)
PARTITION_HEALTH = """query PartitionHealthQuery($assetKey: AssetKeyInput!) {
  assetNodeOrError(assetKey: $assetKey) { ... on AssetNode { id
    partitionKeysByDimension { name type partitionKeys }
    assetPartitionStatuses {
      ... on TimePartitionStatuses { ranges { status startTime endTime startKey endKey } }
      ... on DefaultPartitionStatuses { materializedPartitions materializingPartitions
        failedPartitions }
      ... on MultiPartitionStatuses { primaryDimensionName ranges { primaryDimStartKey
        primaryDimEndKey primaryDimStartTime primaryDimEndTime secondaryDim {
          ... on TimePartitionStatuses { ranges { status startTime endTime startKey endKey } }
          ... on DefaultPartitionStatuses { materializedPartitions materializingPartitions
            failedPartitions } } } } } } } }"""
#: the health badge of the asset page and the catalog (AssetHealthQuery)
HEALTH = """query AssetHealthQuery($assetKeys: [AssetKeyInput!]!) {
  assetsOrError(assetKeys: $assetKeys) { ... on AssetConnection { nodes { id key { path }
    latestMaterializationTimestamp latestFailedToMaterializeTimestamp
    assetHealth { assetHealth materializationStatus assetChecksStatus
      materializationStatusMetadata {
        ... on AssetHealthMaterializationDegradedPartitionedMeta { numMissingPartitions
          numFailedPartitions totalNumPartitions latestFailedRunId }
        ... on AssetHealthMaterializationHealthyPartitionedMeta { numMissingPartitions
          totalNumPartitions latestRunId }
        ... on AssetHealthMaterializationWarningPartitionedMeta { numUpForRetryPartitions
          numMissingPartitions totalNumPartitions latestRunId latestFailedRunId } } } } } } }"""
#: the lineage graph's node of the asset: partition counts (the asset graph's live data)
PARTITION_STATS = """query AssetGraphLiveQuery($assetKeys: [AssetKeyInput!]!) {
  assetNodes(assetKeys: $assetKeys, loadMaterializations: true) { id
    partitionStats { numMaterialized numMaterializing numPartitions numFailed } } }"""
#: the newest partition, selected by default on the Partitions tab
LATEST_PARTITIONS = """query LatestAssetPartitionsQuery($assetKey: AssetKeyInput!,
  $limit: Int!) { assetNodeOrError(assetKey: $assetKey) { ... on AssetNode { id
    partitionKeyConnection(limit: $limit, ascending: false) { results } } } }"""
#: the selected partition's panel: its events and latest run, then its staleness
PARTITION_DETAIL = """query AssetPartitionDetailQuery($assetKey: AssetKeyInput!,
  $partitionKey: String!) { assetOrError(assetKey: $assetKey) { ... on Asset { id
    definition { id opNames latestRunForPartition(partition: $partitionKey) { id status
      endTime } }
    assetEventHistory(partitions: [$partitionKey], limit: 1000,
      eventTypeSelectors: [MATERIALIZATION, OBSERVATION, FAILED_TO_MATERIALIZE]) { results {
      ... on MaterializationEvent { runId timestamp partition tags { key value }
        metadataEntries { label } }
      ... on ObservationEvent { runId timestamp partition }
      ... on FailedToMaterializeEvent { runId timestamp partition } } } } } }"""
PARTITION_STALE = """query AssetPartitionStaleQuery($assetKey: AssetKeyInput!,
  $partitionKey: String!) { assetNodeOrError(assetKey: $assetKey) { ... on AssetNode { id
    staleStatus(partition: $partitionKey) staleCauses(partition: $partitionKey) {
      key { path } reason category dependency { path } } } } }"""


def post(port: int, query: str, variables: dict[str, Any], timeout: float = 300) -> dict:
    """POST one GraphQL request to the webserver on `port`; its decoded answer."""
    body = json.dumps({"query": query, "variables": variables}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/graphql", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def asset_page(asset: str, partition: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, query, variables) of the asset page's partition queries for `asset`."""
    key = {"path": [asset]}
    one = {"assetKey": key, "partitionKey": partition}
    return [
        ("definition (asset page header)", DEFINITION, {"assetKey": key}),
        ("partition health (Partitions tab)", PARTITION_HEALTH, {"assetKey": key}),
        ("asset health", HEALTH, {"assetKeys": [key]}),
        ("partition stats (lineage node)", PARTITION_STATS, {"assetKeys": [key]}),
        ("latest partition", LATEST_PARTITIONS, {"assetKey": key, "limit": 1}),
        ("one partition's events", PARTITION_DETAIL, one),
        ("one partition's staleness", PARTITION_STALE, one),
    ]


def time_queries(port: int, asset: str, partition: str, repeats: int = 3) -> dict[str, dict]:
    """Each query's first and best seconds over `repeats`, its answer size, or its error."""
    out: dict[str, dict] = {}
    for name, query, variables in asset_page(asset, partition):
        times, size, error = [], 0, None
        for _ in range(repeats):
            t0 = time.perf_counter()
            try:
                answer = post(port, query, variables)
            except OSError as exc:  # a timeout or a dropped connection: what broke
                error = f"{type(exc).__name__}: {exc}"
                break
            times.append(time.perf_counter() - t0)
            size = len(json.dumps(answer))
            if answer.get("errors"):
                error = str(answer["errors"])[:300]
                break
        out[name] = {
            "first_s": round(times[0], 3) if times else None,
            "best_s": round(min(times), 3) if times else None,
            "answer_kb": round(size / 1e3, 1),
            **({"error": error} if error else {}),
        }
        print(f"  {name}: {out[name]}", flush=True)
    return out
