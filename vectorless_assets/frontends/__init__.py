"""Frontends: source bytes -> `ParsedDocument` (raw sections). Pure functions, no Dagster.

`registry` lists them (format, suffixes, parse function); `raw` holds what they produce;
`markdown/`, `pdf/` and `docx` are the frontends themselves.
"""
