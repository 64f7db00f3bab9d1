"""The Dagster layer: thin assets that read resources, call a pass, and report its numbers."""
