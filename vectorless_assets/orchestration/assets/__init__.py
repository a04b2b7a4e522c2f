"""Assets: the graph generated from the pass table (`graph`), the `source` asset, the compile
multi-asset (`compile_asset`, `compute`, `step_results`), its checks and metadata, and what
a compile must materialize (`plan`)."""
