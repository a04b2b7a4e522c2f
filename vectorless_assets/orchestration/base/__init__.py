"""Base of the Dagster layer: the names it uses (`keys`, `names`: a compiler's prefix), its
settings (`settings`) and the asset graph they generate from the pass table (`graph`: keys,
deps, code versions).

Imported by every other part; imports none of them."""
