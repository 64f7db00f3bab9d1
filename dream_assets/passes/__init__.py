"""One module per pass: takes a volume, options, an LLM client (or none), a clock; returns a
``PassReport``. No Dagster import in this package."""
