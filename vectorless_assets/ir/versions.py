"""Version numbers of the IR: its schema and the envelope format of its files."""

#: IR schema version written into every Document (its JSON Schema: docs/ir.schema.json): 3,
#: the spec's. Fields added since (`document_key`, `toc`, ...) all have defaults, so a reader
#: built to the spec (which refuses anything above 3) reads our IRs. `source_path` is the
#: file's path, the key is `document_key`; `meta.created_at` is the first compile's time.
SCHEMA_VERSION = 3

#: The newest schema this tool reads: 4, what versions before issue 38 wrote (schema 3 plus
#: the same defaulted fields). Such files load, count as old (`Document.is_old`) and are
#: rewritten as `SCHEMA_VERSION` by their next compile. Older files load too: schema 3 from
#: before `document_key` (told apart by its absence: their `source_path` held the key) and
#: files without `schema_version` (schema 0 in the spec's history); both count as old.
NEWEST_READABLE_SCHEMA = 4

#: Envelope format version of persisted IR files.
FORMAT_VERSION = 2
