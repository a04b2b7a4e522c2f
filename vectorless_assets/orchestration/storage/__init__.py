"""Storage: what the Dagster layer writes and reads besides the IR.

- field values as JSON, never pickled (`io_manager`: the IO manager and `FieldStore`;
  `serde`: JSON form and data versions), the chunk lists of batched runs (`chunk_io`);
- resources: the documents root, the IR store and the LLM (`resources`);
- the instance: the local one and its creation lock (`instance`, `locks`: also the
  per-document locks), the batching event logs (`event_log` and `instance_class` for SQLite,
  `pg_event_log` for PostgreSQL), SQLite's fsync level (`sqlite_tuning`), runs of dead
  processes marked failed (`orphans`);
- what the instance remembers of a document, the facts freshness decides from (`records`);
- the automation's own state file beside the IR folder (`doc_state`).
"""
