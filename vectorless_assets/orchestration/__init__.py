"""Dagster orchestration of the compiler: every IR field an asset, documents as partitions.

All Dagster code of the project lives in this package; the core never imports it. Importing
this package has no side effects (no environment is read): `definitions.defs` builds the
`Definitions` lazily, `runner.compile_paths` is the API the CLI calls.

Modules: `partitions` (document keys), `settings` (environment), `resources`, `serde`
(JSON values and data versions), `io_manager`, `checks`, `metadata`, `assets` (the graph
generated from the pass table), `definitions`, `instance` (the local Dagster instance),
`runner` and `component` (the `dg` Component putting the same definitions into another
Dagster project).
"""
