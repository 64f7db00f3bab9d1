"""Core rules of the dream cycle. No Dagster import may appear in this package."""
