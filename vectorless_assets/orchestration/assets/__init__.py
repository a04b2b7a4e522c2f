"""Assets: the graph generated from the pass table (`graph`), the `source` asset, documents as
dynamic partitions (`partitions`), the compile multi-asset (`compile_asset`), the per-document
loop every compiling step runs (`document_runs`: plan, compute, record), one document's
computation (`compute`) and the process pool it runs in (`pool`), what a compile must
materialize (`plan`), the one writer of materializations (`recorder`), progress to a
listener (`progress`), the validate and verify checks (`checks`) and check-only runs
(`check_runs`), and materialization metadata (`metadata`)."""
