"""Dagster orchestration of the compiler: every IR field an asset, documents as partitions.

All Dagster code of the project lives in this package; the core never imports it. Importing
this package has no side effects (no environment is read): `definitions.defs` builds the
`Definitions` lazily, `compile_paths.compile_paths` is the API the CLI calls.

Grouped by Dagster concept; imports flow one way, `component` -> `definitions` ->
`automation` -> `jobs` -> `assets` -> `batch` -> `storage` -> `base`, with `compile_paths`
beside `definitions` (it uses `jobs` and below only; `tests/test_architecture.py` holds it):

- `base/`: asset keys and names (`keys`, `names`: a compiler's prefix), `Settings`, and the
  asset graph they generate from the pass table (`graph`);
- `storage/`: field values, resources, the instance and what it remembers (its docstring);
- `batch/`: the batched compile of many documents that every compiling step runs: documents
  as partitions, what to compile (`selection`), the per-document loop (`document_runs`), one
  document's computation and the worker pool, the one writer of materializations
  (`recorder`), and one document's outcome (`outcome`) with its progress to a listener;
- `assets/`: the `source` asset, the compile multi-asset, the checks and check-only runs,
  the `corpus` table;
- `jobs/`: `compile_documents`, the batched `recompile_documents`, its executors, and
  `local_run` (one in-process run of it: what the CLI runs);
- `automation/`: the documents sensor (over `scan`), the schedules, IR health;
- `definitions`: `build_defs` and the `defs` code location;
- `component/`: `DocumentCompilerComponent`, the same definitions in another `dg` project;
- `compile_paths`: paths -> document keys -> one `jobs.local_run` run -> one
  `batch.outcome.DocumentOutcome` per document.

docs/dagster.md describes each module.
"""
