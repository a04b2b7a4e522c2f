"""Storage: field values as JSON (`io_manager`, `serde`), the instance (`instance`,
`sqlite_tuning`), what the instance remembers of a document (`records`) and the
automation's own state file (`doc_state`)."""
