"""Version numbers of the IR: its schema and the envelope format of its files."""

#: IR schema version written into every Document (its JSON Schema: docs/ir.schema.json). 4:
#: `source_path` is the file's path (schema 3 stored the key there), the key is `document_key`;
#: `meta.created_at` is the first compile's time. Schema 3 IRs still load (`ir.persist`).
SCHEMA_VERSION = 4

#: Envelope format version of persisted IR files.
FORMAT_VERSION = 2
