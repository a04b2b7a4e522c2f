"""The 15 compilation passes: one pure function (`run`) per module, no I/O, no Dagster.

A pass's keyword arguments are the fields it reads (names from `pipeline.fields`) plus
`ctx` (options, optional LLM client); it returns the field it writes, or a tuple in the
order of the table's `writes`. Passes never mutate their inputs.
"""
