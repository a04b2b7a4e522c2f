"""Base of the Dagster layer: the names it uses (`keys`) and its settings (`settings`).

Imported by every other part; imports none of them."""
