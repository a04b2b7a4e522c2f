"""Version numbers of the tool, the IR schema and the processing algorithm."""

__version__ = "0.1.0"

#: IR schema version written into every Document (see docs/ir-specification). 4: `source_path`
#: is the file's path (schema 3 stored the key there), the key is `document_key`;
#: `meta.created_at` is the first compile's time. Schema 3 IRs still load (`ir.persist`).
SCHEMA_VERSION = 4

#: Envelope format version of persisted IR files.
FORMAT_VERSION = 2

#: Raised when the compilation algorithm changes in a way that makes every stored IR stale.
#: Part of the logic fingerprint, so raising it forces a full recompile of every document.
PROCESSING_VERSION = 1
