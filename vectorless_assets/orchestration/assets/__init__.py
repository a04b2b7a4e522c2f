"""Assets: the `source` asset, the compile multi-asset (`compile_asset`, whose step runs the
batched compile of `batch`), the validate and verify checks (`checks`) and check-only runs
(`check_runs`), and the `corpus` table (`corpus`: the asset and its metadata; `corpus_frame`:
its frame from the instance). The graph they are generated from is `base.graph`."""
