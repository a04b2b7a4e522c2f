"""Dagster orchestration of the compiler: every IR field an asset, documents as partitions.

All Dagster code of the project lives in this package; the core never imports it. Importing
this package has no side effects (no environment is read): `definitions.defs` builds the
`Definitions` lazily, `runner.compile_paths` is the API the CLI calls.

Grouped by Dagster concept; imports flow one way, `component` -> `definitions` ->
`automation` -> `jobs` -> `assets` -> `storage` -> `base`, with `runner` beside
`definitions` (it uses `jobs` and below only):

- `base/`: asset keys and names (`keys`, `names`: a compiler's prefix), `Settings`;
- `storage/`: field values, resources, the instance and what it remembers (its docstring);
- `assets/`: the asset graph generated from the pass table, the `source` asset, the compile
  multi-asset and the per-document loop every compiling step runs, plans, the recorder,
  checks, metadata, partitions, the worker pool, progress;
- `jobs/`: `compile_documents`, the batched `recompile_documents`, its executors, and
  `local_run` (one in-process run of it: what the CLI runs);
- `automation/`: the documents sensor (over `scan`), the schedules, IR health;
- `definitions`: `build_defs` and the `defs` code location;
- `component/`: `DocumentCompilerComponent`, the same definitions in another `dg` project;
- `runner`: `compile_paths`, paths -> document keys -> one `jobs.local_run` run -> results.

docs/dagster.md describes each module.
"""
