"""Tests of the Dagster code location as users drive it (UI paths, run tags)."""
