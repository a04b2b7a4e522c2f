"""Every name the Dagster layer gives or reads, in one place: asset keys, job/op/sensor
names, groups, tags and metadata keys. Other modules import them from here, never spell them.

A compiler's prefix (`Settings.prefix`, the component's required `prefix`) makes its names
distinct from another compiler's in the same Dagster project: `prefixed_name` and
`prefixed_key` are the one place a base name becomes a prefixed name or asset key. The empty
prefix (the standalone project) gives today's names exactly.
"""

from __future__ import annotations

import re

# assets (the field assets are named after their IR/pipeline field: `pipeline.fields`)
SOURCE = "source"
DOCUMENT_IR = "document_ir"
SOURCE_GROUP = "sources"
DOCUMENT_GROUP = "document"
#: the corpus table (not partitioned, downstream of every document's `document_ir`)
CORPUS = "corpus"
#: the compile multi-asset (its op and step)
COMPILE_STEP = "compile_document"

# partitions
PARTITIONS_NAME = "documents"

# jobs, ops, automation
COMPILE_JOB = "compile_documents"
RECOMPILE_JOB = "recompile_documents"
RECOMPILE_OP = "recompile"
#: the batched job's last step: refresh the corpus table, then fail naming failed documents
CORPUS_OP = "refresh_corpus"
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
DOCUMENTS_TAG = "vectorless/documents"
TRIGGER_TAG = "vectorless/trigger"

# metadata keys of `document_ir` materializations that freshness reads back
CONTENT_FINGERPRINT = "content_fingerprint"
GRAPH_FINGERPRINT = "graph_fingerprint"
IR_STAMP = "ir_stamp"  # `ir.stamp` of the IR file as written: the cheap integrity check
#: LLM work of the IR that failed: nodes with fallbacks, failed and skipped calls (`llm.guard`)
LLM_DEGRADED_KEYS = ("llm_fallbacks", "llm_failures", "llm_skipped")

# a compiler's prefix (`prefixed_name`, `prefixed_key`)
#: between a prefix and a base name: `docs__compile_documents`. A prefix never contains it and
#: no base name starts with `_`, so two different (prefix, base) pairs never give one name
#: (with a single `_`, `a_force` + `recompile_schedule` = `a` + `force_recompile_schedule`).
PREFIX_SEPARATOR = "__"
#: a letter, then letters and digits in runs joined by single underscores (`docs`, `legal_2`)
PREFIX_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*")


def check_prefix(prefix: str) -> str:
    """`prefix` if it is empty or a valid prefix, else `ValueError` (one line naming the rule)."""
    if prefix and not PREFIX_PATTERN.fullmatch(prefix):
        raise ValueError(
            f"prefix {prefix!r} must start with a letter and hold only letters, "
            "digits and single underscores (not at the end)"
        )
    return prefix


def prefixed_name(base: str, prefix: str = "") -> str:
    """The name of a job, op, sensor, schedule, group, partitions definition or resource key
    `base` for the compiler `prefix`: `base` itself for the empty prefix, else
    `<prefix>__<base>` (`docs__compile_documents`, `docs__io_manager`)."""
    return f"{check_prefix(prefix)}{PREFIX_SEPARATOR}{base}" if prefix else base


def prefixed_key(base: str, prefix: str = "") -> tuple[str, ...]:
    """The asset key path of asset `base` for the compiler `prefix`: `(base,)` for the empty
    prefix, else `(prefix, base)` (Dagster's key prefix: `docs/document_ir` in the UI). The
    last element is always the base name (the field), which is what the assets read back."""
    return (check_prefix(prefix), base) if prefix else (base,)
