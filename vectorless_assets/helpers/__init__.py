"""helpers."""
