"""Jobs: the per-document compile job (`compile_job`) and the batched `recompile_documents`
job (`recompile`)."""
