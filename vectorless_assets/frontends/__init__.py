"""Frontends: source bytes -> ParsedDocument (raw nodes). Pure functions, no Dagster."""
