"""Every name the Dagster layer gives or reads, in one place: asset keys, job/op/sensor
names, groups, tags and metadata keys. Other modules import them from here, never spell them.
"""

from __future__ import annotations

# assets (the field assets are named after their IR/pipeline field: `pipeline.fields`)
SOURCE = "source"
DOCUMENT_IR = "document_ir"
SOURCE_GROUP = "sources"
DOCUMENT_GROUP = "document"
#: the compile multi-asset (its op and step)
COMPILE_STEP = "compile_document"

# partitions
PARTITIONS_NAME = "documents"

# jobs, ops, automation
COMPILE_JOB = "compile_documents"
RECOMPILE_JOB = "recompile_documents"
RECOMPILE_OP = "recompile"
SENSOR_NAME = "documents_sensor"
SCHEDULE_NAME = "recompile_schedule"
FORCE_SCHEDULE_NAME = "force_recompile_schedule"

# asset checks
VALIDATE_CHECK = "validate"
VERIFY_CHECK = "verify"

# Dagster's own tags (provenance a run writes; the batched job writes the same)
CODE_VERSION_TAG = "dagster/code_version"
DATA_VERSION_TAG = "dagster/data_version"
USER_PROVIDED_TAG = "dagster/data_version_is_user_provided"
INPUT_DATA_VERSION_TAG = "dagster/input_data_version/"
INPUT_EVENT_POINTER_TAG = "dagster/input_event_pointer/"

# our tags
PASS_TAG = "vectorless/pass"
LLM_TAG = "vectorless/llm"
MODES_TAG = "vectorless/modes"
DOCUMENT_TAG = "vectorless/document"
DOCUMENTS_TAG = "vectorless/documents"
TRIGGER_TAG = "vectorless/trigger"

# metadata keys of `document_ir` materializations that freshness reads back
CONTENT_FINGERPRINT = "content_fingerprint"
GRAPH_FINGERPRINT = "graph_fingerprint"
IR_STAMP = "ir_stamp"  # `ir.stamp` of the IR file as written: the cheap integrity check
#: LLM work of the IR that failed: nodes with fallbacks, failed and skipped calls (`llm.guard`)
LLM_DEGRADED_KEYS = ("llm_fallbacks", "llm_failures", "llm_skipped")
