"""`Names`: every Dagster name and asset key of one compiler, from its prefix (`Settings.prefix`).

Made once per prefix (`names_for`, also `Settings.names`) and handed to whatever builds or
reads definitions, events and records, so the prefix is applied in one way everywhere:
`key(base)` is the asset key (`docs/document_ir`), `name(base)` the job, op, sensor,
schedule, group, partitions definition or resource key (`docs__compile_documents`),
`partitions` the compiler's own dynamic partitions definition. The empty prefix (the
standalone project) gives today's names exactly (`keys.prefixed_name`, `keys.prefixed_key`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import dagster as dg

from vectorless_assets.orchestration.base.keys import (
    PARTITIONS_NAME,
    check_prefix,
    prefixed_key,
    prefixed_name,
)

#: resource keys (base names): bound by these names (prefixed) in the definitions
DOCUMENTS_RESOURCE = "documents"
IR_STORE_RESOURCE = "ir_store"
LLM_RESOURCE = "llm"
IO_MANAGER_RESOURCE = "io_manager"
CHUNK_IO_RESOURCE = "chunk_io"


@dataclass(frozen=True)
class Names:
    """The names and asset keys of the compiler `prefix` ("" = the standalone project)."""

    prefix: str = ""

    def __post_init__(self) -> None:
        check_prefix(self.prefix)

    def name(self, base: str) -> str:
        """Job, op, sensor, schedule, group, partitions or resource name of `base`."""
        return prefixed_name(base, self.prefix)

    def key(self, base: str) -> dg.AssetKey:
        """The asset key of the asset (field) `base`: `docs/tree` for the prefix `docs`."""
        return dg.AssetKey(prefixed_key(base, self.prefix))

    def key_string(self, base: str) -> str:
        """`key(base)` as Dagster spells it in tags (`dagster/input_data_version/docs/tree`)."""
        return self.key(base).to_user_string()

    @staticmethod
    def field(key: dg.AssetKey) -> str:
        """The field (base name) of one of this compiler's asset keys: its last element."""
        return key.path[-1]

    @cached_property
    def partitions(self) -> dg.DynamicPartitionsDefinition:
        """The compiler's documents: one dynamic partition per document."""
        return dg.DynamicPartitionsDefinition(name=self.name(PARTITIONS_NAME))

    @property
    def partitions_name(self) -> str:
        return self.name(PARTITIONS_NAME)

    # resource keys
    @property
    def documents(self) -> str:
        return self.name(DOCUMENTS_RESOURCE)

    @property
    def ir_store(self) -> str:
        return self.name(IR_STORE_RESOURCE)

    @property
    def llm(self) -> str:
        return self.name(LLM_RESOURCE)

    @property
    def io_manager(self) -> str:
        return self.name(IO_MANAGER_RESOURCE)

    @property
    def chunk_io(self) -> str:
        return self.name(CHUNK_IO_RESOURCE)


@cache
def names_for(prefix: str = "") -> Names:
    """The one `Names` of `prefix` (its partitions definition is one object)."""
    return Names(prefix)


#: the standalone project's names (the default of functions that take `names`)
STANDALONE = names_for("")
