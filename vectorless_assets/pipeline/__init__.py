"""The pass table and the in-process compiler built from it (no Dagster here)."""
