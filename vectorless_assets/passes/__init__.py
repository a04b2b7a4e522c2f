"""The compilation passes: one pure function (`run`) per pass, no I/O, no Dagster.

The pass table (`pipeline.table`) lists them in order, with their count and modes
(docs/passes.md is generated from it).

A pass's keyword arguments are the fields it reads (names from `pipeline.fields`) plus
`ctx` (options, optional LLM client); it returns the field it writes, or a tuple in the
order of the table's `writes`. Passes never mutate their inputs.

A pass is a module (`build.py`), or a package when it has code of its own (`overlap/`: the
pass in its `__init__`, its helpers beside it). Code several passes share is in `common/`;
the pass context they all receive is `context.PassContext`.
"""
