"""The batched compile of many documents: the machinery every compiling step runs (the
compile asset's step, a chunk of `recompile_documents`, the CLI's run), below the assets and
jobs that use it.

Documents as dynamic partitions (`partitions`), what a compile must materialize
(`selection`), the per-document loop of a step (`document_runs`: select, compute, record),
one document's computation (`compute`) and the process pool it runs in (`pool`), the one
writer of materializations (`recorder`) with their metadata (`metadata`) and the checks'
evaluations (`evaluations`), one document's outcome (`outcome`: the one per-document result,
up to the CLI), what a step's documents came to and its failure (`tally`), and an outcome's
way to an in-process listener (`progress`). Imports `storage` and `base`, never `assets` or
above.
"""
